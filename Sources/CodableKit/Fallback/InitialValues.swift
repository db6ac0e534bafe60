/// The initial value of a property: what the model's `init()` gives it, or in
/// update mode, what the model being updated holds.
///
/// `init()` runs only once a fallback is needed. The first time a model type
/// needs one in a decode, `init()` runs twice to learn the type's layout: a
/// property that is equal in both (a constant such as `18` or `[]`) is shared by
/// every object of that decode. A property that differs (`UUID()`, `Date()`), is
/// not `Hashable`, or holds a class instance is taken from a fresh `init()` of
/// each object that needs it, the first time that object does. In update mode the
/// model being updated is the source.
extension DecodingSession {
    /// The initial value of `property` in frame `frame`, if the frame is a model
    /// that has one of type `T`.
    func initialValue<T>(_: T.Type, property: String, frame: Int) -> T? {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model else { return nil }
        let layout = fieldLayout(of: model)
        // A property wrapper's storage is named with a leading underscore.
        let name = layout.positions[property] != nil ? property : "_" + property
        guard let position = layout.positions[name] else { return nil }
        if !frames[frame].isUpdate, let constant = layout.constants[name] { return constant as? T }
        if frames[frame].base == nil { frames[frame].base = model.init() }
        let base = frames[frame].base!
        if frames[frame].mirror == nil { frames[frame].mirror = Mirror(reflecting: base) }
        var mirror = frames[frame].mirror!
        for _ in 0 ..< position.level {
            guard let superclass = mirror.superclassMirror else { return nil }
            mirror = superclass
        }
        let children = mirror.children
        guard position.offset < children.count else { return nil }
        return children[children.index(children.startIndex, offsetBy: position.offset)].value as? T
    }

    /// The value a nested model starts from in update mode: the current value of
    /// that property in the model being updated.
    func baseForNestedModel(property: String, frame: Int) -> Any? {
        guard frame >= 0, frame < frames.count, frames[frame].isUpdate else { return nil }
        return initialValue(Any.self, property: property, frame: frame)
    }

    /// Whether the initial value of `property` is nil, so that an absent optional
    /// needs no value of its own.
    func initialIsNil(_ property: String, frame: Int) -> Bool {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model else { return true }
        if frames[frame].isUpdate { return false }
        let layout = fieldLayout(of: model)
        return layout.nilProperties.contains(property) || layout.nilProperties.contains("_" + property)
    }

    /// Whether the current frame decodes in update mode (absent keys are expected, not repairs).
    func isUpdating(frame: Int) -> Bool {
        frame >= 0 && frame < frames.count && frames[frame].isUpdate
    }

    private func fieldLayout(of model: any DecodableModel.Type) -> FieldLayout {
        let id = ObjectIdentifier(model)
        if let layout = fieldLayouts[id] { return layout }
        let layout = FieldLayout(of: model.init(), and: model.init())
        fieldLayouts[id] = layout
        return layout
    }
}

/// Where each stored property of a model sits in its mirror, which initial
/// values are constants, and which are nil — learned from two `init()` values.
struct FieldLayout {
    /// By property name: how many superclass mirrors up, and the child's offset there.
    var positions: [String: (level: Int, offset: Int)] = [:]
    /// Initial values equal in both `init()` values and free of references.
    var constants: [String: Any] = [:]
    var nilProperties: Set<String> = []

    init(of first: Any, and second: Any) {
        var mirrors: (Mirror, Mirror)? = (Mirror(reflecting: first), Mirror(reflecting: second))
        var level = 0
        while let (current, other) = mirrors {
            for (offset, (child, twin)) in zip(current.children, other.children).enumerated() {
                guard let label = child.label, positions[label] == nil else { continue }
                positions[label] = (level, offset)
                if isNil(child.value) { nilProperties.insert(label) }
                if isConstant(child.value, twin.value) { constants[label] = child.value }
            }
            mirrors = current.superclassMirror.flatMap { mine in other.superclassMirror.map { (mine, $0) } }
            level += 1
        }
    }
}

private func isNil(_ value: Any) -> Bool {
    let mirror = Mirror(reflecting: value)
    return mirror.displayStyle == .optional && mirror.children.isEmpty
}

/// Whether two initial values of a property are the same value that every
/// object may share: equal, and not a class instance.
private func isConstant(_ first: Any, _ second: Any) -> Bool {
    guard !(type(of: first) is AnyClass), Mirror(reflecting: first).displayStyle != .class,
          let lhs = first as? AnyHashable, let rhs = second as? AnyHashable else { return false }
    return lhs == rhs
}
