/// The initial value of a property: what the model's `init()` gives it, or in
/// update mode, what the model being updated holds.
extension DecodingSession {
    /// The initial value of `property` in frame `frame`, if the frame is a model
    /// that has one of type `T`. Takes the snapshot on first need in that object.
    func initialValue<T>(_: T.Type, property: String, frame: Int) -> T? {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model else { return nil }
        if frames[frame].snapshot == nil {
            let base = frames[frame].base ?? model.init()
            frames[frame].base = base
            frames[frame].snapshot = propertyValues(of: base)
        }
        let snapshot = frames[frame].snapshot!
        // A property wrapper's storage is named with a leading underscore.
        return (snapshot[property] ?? snapshot["_" + property]) as? T
    }

    /// The value a nested model starts from in update mode: the current value of
    /// that property in the model being updated.
    func baseForNestedModel(property: String, frame: Int) -> Any? {
        guard frame >= 0, frame < frames.count, frames[frame].base != nil else { return nil }
        return initialValue(Any.self, property: property, frame: frame)
    }

    /// Whether the initial value of `property` is known to be nil, so that an absent
    /// optional needs no snapshot. Learned once per model type from one `init()`.
    func initialIsNil(_ property: String, frame: Int) -> Bool {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model else { return true }
        if frames[frame].isUpdate { return false }
        let id = ObjectIdentifier(model)
        let nils: Set<String>
        if let known = nilInitialProperties[id] {
            nils = known
        } else {
            nils = Set(propertyValues(of: model.init()).filter { isNil($0.value) }.keys)
            nilInitialProperties[id] = nils
        }
        return nils.contains(property) || nils.contains("_" + property)
    }

    /// Whether the current frame decodes in update mode (absent keys are expected, not repairs).
    func isUpdating(frame: Int) -> Bool {
        frame >= 0 && frame < frames.count && frames[frame].isUpdate
    }
}

/// Stored properties by name, through the class hierarchy.
private func propertyValues(of value: Any) -> [String: Any] {
    var values: [String: Any] = [:]
    var mirror: Mirror? = Mirror(reflecting: value)
    while let current = mirror {
        for child in current.children {
            if let label = child.label, values[label] == nil { values[label] = child.value }
        }
        mirror = current.superclassMirror
    }
    return values
}

private func isNil(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
}
