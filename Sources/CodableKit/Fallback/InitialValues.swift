/// The initial value of a property: what the model's `init()` gives it, or in
/// update mode, what the model being updated holds — found by the property's
/// coding key, whatever the property is called.
///
/// A model's values are read by coding key through its `encode(to:)` (see
/// `KeyRecorder`) when it is `Encodable`, and by property name through its mirror
/// otherwise (and for keys its `encode(to:)` does not write). `init()` runs only
/// once a fallback is needed, and reflection is kept off the per-object path:
/// - a model's *shape* (its keys, and which differ between two `init()` values,
///   such as `UUID()` or `Date()`, or are not `Hashable`, or hold references) is
///   learned once per process;
/// - the other keys' initial values come from one `init()` per model type and
///   decode call, so a default that reads app state is read afresh for each decode;
/// - keys that differ come from a fresh `init()` of each object that needs one,
///   the first time it does; in update mode, from the model being updated.
extension DecodingSession {
    /// The initial value for `key` in frame `frame`, if the frame is a model that
    /// has one of type `T`; else, when the model has no value for the key at all, why.
    func initialValue<T>(_: T.Type, key: String, frame: Int) -> (value: T?, whyNone: String?) {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model else { return (nil, nil) }
        let fallbacks = modelFallbacks(frame: frame, model: model)
        guard fallbacks.shape.knows(key) else {
            let hint = model is any Encodable.Type ? "" : " (a decode-only model is read by property name: make it Encodable too)"
            return (nil, "no initial value found for key \(key.debugDescription)\(hint); used the empty value")
        }
        if frames[frame].isUpdate || fallbacks.shape.varies(key) {
            if frames[frame].fallback == nil { frames[frame].fallback = FallbackSource(base: model.init()) }
            return (frames[frame].fallback!.value(key) as? T, nil)
        }
        return (fallbacks.reference.value(key) as? T, nil)
    }

    /// The value a nested model starts from in update mode: the current value for
    /// that key in the model being updated.
    func baseForNestedModel(key: String, frame: Int) -> Any? {
        guard frame >= 0, frame < frames.count, frames[frame].isUpdate else { return nil }
        return initialValue(Any.self, key: key, frame: frame).value
    }

    /// Whether the initial value for `key` is nil, so that an absent optional
    /// needs no value of its own.
    func initialIsNil(_ key: String, frame: Int) -> Bool {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model else { return true }
        if frames[frame].isUpdate { return false }
        let fallbacks = modelFallbacks(frame: frame, model: model)
        guard fallbacks.shape.knows(key), !fallbacks.shape.varies(key) else { return false }
        return isNone(fallbacks.reference.value(key))
    }

    /// Whether the current frame decodes in update mode (absent keys are expected, not repairs).
    func isUpdating(frame: Int) -> Bool {
        frame >= 0 && frame < frames.count && frames[frame].isUpdate
    }

    /// The model's shape and its one `init()` for this decode, found once per object.
    private func modelFallbacks(frame: Int, model: any DecodableModel.Type) -> ModelFallbacks {
        if let known = frames[frame].modelFallbacks { return known }
        let id = ObjectIdentifier(model)
        let fallbacks: ModelFallbacks
        if let known = modelFallbacks[id] {
            fallbacks = known
        } else {
            fallbacks = ModelFallbacks(shape: ModelShape.of(model), reference: FallbackSource(base: model.init()))
            modelFallbacks[id] = fallbacks
        }
        frames[frame].modelFallbacks = fallbacks
        return fallbacks
    }
}

/// A model's shape with one `init()` value, shared by a decode's objects of that model.
final class ModelFallbacks {
    let shape: ModelShape
    let reference: FallbackSource

    init(shape: ModelShape, reference: FallbackSource) {
        self.shape = shape
        self.reference = reference
    }
}

/// A model value whose initial values are read by coding key, all at once, when first needed.
final class FallbackSource {
    let base: Any
    private lazy var values = FallbackSource.values(of: base)

    init(base: Any) {
        self.base = base
    }

    /// The value for `key`, or nil when the model has none (an `Optional` that holds
    /// nothing is a value: `.some(nil)`).
    func value(_ key: String) -> Any? {
        values[key]
    }

    /// By coding key: what `encode(to:)` writes, then each stored property the mirror
    /// shows (superclasses included) under its name — a property wrapper's `_name` as `name`.
    static func values(of base: Any) -> [String: Any] {
        var values = (base as? any Encodable).map(KeyRecorder.values) ?? [:]
        var mirror: Mirror? = Mirror(reflecting: base)
        while let current = mirror {
            for child in current.children {
                guard var label = child.label else { continue }
                if label.hasPrefix("_"), values[String(label.dropFirst())] == nil { label.removeFirst() }
                if values[label] == nil { values[label] = child.value }
            }
            mirror = current.superclassMirror
        }
        return values
    }
}

/// A model's keys, and which of them vary between `init()` values. Learned once
/// per type, from two `init()` values.
final class ModelShape: Sendable {
    private let keys: Set<String>
    private let varying: Set<String>

    private init(_ model: any DecodableModel.Type) {
        let first = FallbackSource.values(of: model.init())
        let second = FallbackSource.values(of: model.init())
        keys = Set(first.keys)
        varying = Set(first.compactMap { key, value in
            second[key].map { isConstant(value, $0) } == true ? nil : key
        })
    }

    func knows(_ key: String) -> Bool { keys.contains(key) }

    /// Differs between two `init()` values, is not `Hashable`, or holds a reference:
    /// each object takes its own.
    func varies(_ key: String) -> Bool { varying.contains(key) }

    static func of(_ model: any DecodableModel.Type) -> ModelShape {
        cache.value(for: model) { ModelShape(model) }
    }

    private static let cache = TypeCache<ModelShape>()
}

/// Whether a value is an `Optional` holding nothing.
private func isNone(_ value: Any?) -> Bool {
    guard let value else { return true }
    return (value as? any OptionalValue)?.isNone ?? false
}

private protocol OptionalValue {
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
}

/// Whether two initial values of a property are one value every object may
/// share: equal, and not a class instance.
private func isConstant(_ first: Any, _ second: Any) -> Bool {
    guard !(type(of: first) is AnyClass), Mirror(reflecting: first).displayStyle != .class,
          let lhs = first as? AnyHashable, let rhs = second as? AnyHashable else { return false }
    return lhs == rhs
}
