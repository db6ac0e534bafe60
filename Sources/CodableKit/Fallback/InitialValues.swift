/// The initial value of a property: what the model's `init()` gives it, or in
/// update mode, what the model being updated holds.
///
/// `init()` runs only once a fallback is needed, and reflection is kept off the
/// per-object path:
/// - a model's *shape* (where each stored property sits, and which properties
///   differ between two `init()` values, such as `UUID()` or `Date()`, or are not
///   `Hashable`, or hold references) is learned once per process;
/// - the other properties' initial values come from one `init()` per model type
///   and decode call, read one property at a time when first needed, so a default
///   that reads app state is read afresh for each decode;
/// - properties that differ come from a fresh `init()` of each object that needs
///   one, the first time it does; in update mode, from the model being updated.
extension DecodingSession {
    /// The initial value of `property` in frame `frame`, if the frame is a model
    /// that has one of type `T`.
    func initialValue<T>(_: T.Type, property: String, frame: Int) -> T? {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model else { return nil }
        let fallbacks = modelFallbacks(frame: frame, model: model)
        guard let field = fallbacks.shape.field(property) else { return nil }
        if frames[frame].isUpdate || field.varies {
            if frames[frame].fallback == nil {
                frames[frame].fallback = FallbackSource(base: model.init(), shape: fallbacks.shape)
            }
            return frames[frame].fallback!.value(of: field) as? T
        }
        return fallbacks.reference.value(of: field) as? T
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
        let fallbacks = modelFallbacks(frame: frame, model: model)
        guard let field = fallbacks.shape.field(property), !field.varies else { return false }
        return isNone(fallbacks.reference.value(of: field))
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
            let shape = ModelShape.of(model)
            fallbacks = ModelFallbacks(shape: shape, reference: FallbackSource(base: model.init(), shape: shape))
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

/// A value whose stored properties are read one at a time, each at most once.
final class FallbackSource {
    let base: Any
    private lazy var mirror = Mirror(reflecting: base)
    private var values: [Any?]

    init(base: Any, shape: ModelShape) {
        self.base = base
        values = Array(repeating: nil, count: shape.count)
    }

    func value(of field: ModelShape.Field) -> Any? {
        if let value = values[field.index] { return value }
        var mirror = mirror
        for _ in 0 ..< field.level {
            guard let superclass = mirror.superclassMirror else { return nil }
            mirror = superclass
        }
        let children = mirror.children
        guard field.offset < children.count else { return nil }
        let value = children[children.index(children.startIndex, offsetBy: field.offset)].value
        values[field.index] = value
        return value
    }
}

/// Where each stored property of a model sits in its mirror, and which ones
/// vary between `init()` values. Learned once per type, from two `init()` values.
final class ModelShape: Sendable {
    struct Field: Sendable {
        /// A dense number, from 0, for per-value tables.
        var index: Int
        /// How many superclass mirrors up, and the child's offset there.
        var level: Int
        var offset: Int
        /// Differs between two `init()` values, is not `Hashable`, or holds a reference:
        /// each object takes its own.
        var varies: Bool
    }

    private let fields: [String: Field]
    var count: Int { fields.count }

    private init(_ model: any DecodableModel.Type) {
        var fields: [String: Field] = [:]
        var mirrors: (Mirror, Mirror)? = (Mirror(reflecting: model.init()), Mirror(reflecting: model.init()))
        var level = 0
        while let (current, other) = mirrors {
            for (offset, (child, twin)) in zip(current.children, other.children).enumerated() {
                guard let label = child.label, fields[label] == nil else { continue }
                fields[label] = Field(index: fields.count, level: level, offset: offset,
                                      varies: !isConstant(child.value, twin.value))
            }
            mirrors = current.superclassMirror.flatMap { mine in other.superclassMirror.map { (mine, $0) } }
            level += 1
        }
        self.fields = fields
    }

    /// The field of a coding key: the property itself, or a property wrapper's `_storage`.
    func field(_ property: String) -> Field? {
        fields[property] ?? fields["_" + property]
    }

    static func of(_ model: any DecodableModel.Type) -> ModelShape {
        let id = ObjectIdentifier(model)
        if let shape = cache.withLock({ $0[id] }) { return shape }
        let shape = ModelShape(model)  // outside the lock: the model's init() runs here
        cache.withLock { $0[id] = shape }
        return shape
    }

    private static let cache = Locked([ObjectIdentifier: ModelShape]())
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
