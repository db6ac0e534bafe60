/// A model's keys: for each, where its value sits in the mirror (when it can be
/// placed there) and whether it varies between `init()` values. Learned once per
/// type, from two `init()` values.
///
/// Keys come from what `encode(to:)` writes (`KeyRecorder`), so renamed `CodingKeys`
/// are found; a key is placed in the mirror when the written values line up with the
/// stored properties one for one, in order and type (as synthesized code writes
/// them), else read through `encode(to:)` again when needed. Stored properties that
/// `encode(to:)` does not write are keys under their own names (a property
/// wrapper's `_name` as `name`), superclasses included.
final class ModelShape: @unchecked Sendable {  // immutable; `model` is a metatype
    /// A key's field: a plain value (its key is kept apart, in `keys`, so that finding a
    /// field per repair copies no string).
    struct Field: Sendable {
        /// A dense number, from 0, for per-value tables.
        var index: Int
        /// How many superclass mirrors up, and the child's offset there.
        var place: (level: Int, offset: Int)?
        /// The child there is a `@ModelField` box, whose value is the initial value.
        var isWrapped = false
        /// `encode(to:)` writes exactly the stored value (see `ModelShape.init`): read
        /// from what it writes, not through the mirror.
        var isRecorded = false
        /// Differs between two `init()` values, is not `Hashable`, or holds a reference:
        /// each object takes its own.
        var varies: Bool
        /// The property is an `Optional` (true where the field is not placed: not known).
        var isOptional = true
        /// Where a struct model's own stored property holds the field's value as it is (not a
        /// `@ModelField` box): its byte offset in the model's value, and its type. A repair
        /// asking for that type reads the initial value there, without a mirror or an
        /// `encode(to:)` of the whole value.
        var storage: Storage?

        struct Storage: Sendable {
            let offset: Int
            let type: Any.Type
        }

        /// Whether the repair stage reads this key's initial value from the decode's one
        /// `init()` value (`ModelFallbacks`), not from each object's own (where it varies).
        var isShared: Bool { !varies }

        /// The model's own stored property (its index among them) that holds that shared value
        /// as it is — not a superclass's, not a `@ModelField` box — or nil: where a field plan's
        /// repairs copy it from (`PlanFallbacks`), by the same rule the repair stage reads it.
        var sharedStoredProperty: Int? {
            guard isShared, !isWrapped, let place, place.level == 0 else { return nil }
            return place.offset
        }
    }

    /// The model whose shape this is.
    let model: any DecodableModel.Type
    private let fields: [Field]
    /// The coding key (or property name) each field is found by, by field index.
    private let keys: KeyIndex
    var count: Int { fields.count }

    private init(_ model: any DecodableModel.Type) {
        self.model = model
        let (first, second) = (model.init(), model.init())
        let (written, otherWritten) = (KeyRecorder.entries(of: first, model: model), KeyRecorder.entries(of: second, model: model))
        var stored: [(label: String, place: (level: Int, offset: Int), value: Any, other: Any, isWrapped: Bool)] = []
        var mirrors: (Mirror, Mirror)? = (Mirror(reflecting: first), Mirror(reflecting: second))
        var level = 0
        while let (current, other) = mirrors {
            for (offset, (child, twin)) in zip(current.children, other.children).enumerated() {
                guard let label = child.label else { continue }
                stored.append((label, (level, offset), unboxed(child.value), unboxed(twin.value), child.value is any AnyModelField))
            }
            mirrors = current.superclassMirror.flatMap { mine in other.superclassMirror.map { (mine, $0) } }
            level += 1
        }
        // Synthesized encode(to:) writes every stored property of its own type, in order.
        let linedUp = written.count == stored.count
            && zip(written, stored).allSatisfy { type(of: $0.value) == type(of: $1.value) }
        // Where encode(to:) wrote, in both values, exactly what the property holds (the
        // synthesized encode does), a decode reads the property's initial value from one
        // encode(to:) of its init() value rather than through the mirror: a mirror read
        // resolves the property's type by name, for every property.
        let otherLinedUp = linedUp && otherWritten.count == written.count
        var fields: [String: Field] = [:]
        for (position, entry) in written.enumerated() where fields[entry.key] == nil {
            let other = otherWritten.first { $0.key == entry.key }?.value
            let isRecorded = otherLinedUp && otherWritten[position].key == entry.key
                && isConstant(entry.value, stored[position].value) && isConstant(otherWritten[position].value, stored[position].other)
            fields[entry.key] = Field(index: fields.count, place: linedUp ? stored[position].place : nil,
                                      isWrapped: linedUp && stored[position].isWrapped, isRecorded: isRecorded,
                                      varies: other.map { !isConstant(entry.value, $0) } ?? true,
                                      isOptional: !linedUp || stored[position].value is any OptionalValue)
        }
        for entry in stored {
            let name = entry.label.hasPrefix("_") ? String(entry.label.dropFirst()) : entry.label
            // A written key that is not placed but names a stored property: that property's kind.
            if !linedUp, fields[name] != nil, fields[name]!.place == nil { fields[name]!.isOptional = entry.value is any OptionalValue }
            for key in [entry.label, name] where fields[key] == nil {
                fields[key] = Field(index: fields.count, place: entry.place, isWrapped: entry.isWrapped,
                                    varies: !isConstant(entry.value, entry.other), isOptional: entry.value is any OptionalValue)
            }
        }
        if let storage = Self.storage(of: model, labels: stored.filter { $0.place.level == 0 }.map(\.label)) {
            for (key, field) in fields {
                guard let place = field.place, place.level == 0, !field.isWrapped else { continue }
                fields[key]!.storage = storage[place.offset]
            }
        }
        let byIndex = fields.sorted { $0.value.index < $1.value.index }
        self.fields = byIndex.map(\.value)
        keys = KeyIndex(byIndex.map(\.key))
    }

    /// Each stored property of a struct `model`, in order, where they are the mirror's
    /// children named `labels` (as they are for a struct): nil for a class, or where the
    /// runtime lists them otherwise.
    private static func storage(of model: any DecodableModel.Type, labels: [String]) -> [Field.Storage]? {
        guard let stored = StructField.of(struct: model), stored.map(\.name) == labels else { return nil }
        return stored.map { Field.Storage(offset: $0.offset, type: $0.type) }
    }

    /// The coding key (or property name) `field` is found by.
    func key(of field: Field) -> String { keys.keys[field.index] }

    func field(_ key: String) -> Field? {
        keys.index(of: key).map { fields[$0] }
    }

    static func of(_ model: any DecodableModel.Type) -> ModelShape {
        cache.value(for: model) { ModelShape(model) }
    }

    private static let cache = TypeCache<ModelShape>()
}

/// Whether a value is an `Optional` holding nothing.
func isNone(_ value: Any?) -> Bool {
    guard let value else { return true }
    return (value as? any OptionalValue)?.isNone ?? false
}

/// The standard collections, which are equal when both are empty.
private protocol EmptiableCollection {
    var isEmpty: Bool { get }
}

extension Array: EmptiableCollection {}
extension ContiguousArray: EmptiableCollection {}
extension Set: EmptiableCollection {}
extension Dictionary: EmptiableCollection {}

protocol OptionalValue {
    var isNone: Bool { get }
}

extension Optional: OptionalValue {
    var isNone: Bool { self == nil }
}

/// Whether two initial values of a property are one value every object may
/// share: equal, and not a class instance.
private func isConstant(_ first: Any, _ second: Any) -> Bool {
    if isNone(first), isNone(second) { return true }  // nil is nil, whether or not the type is Hashable
    // An empty array, set or dictionary is one value whatever its element type (`[Runway]`
    // where Runway is not Hashable): no object needs its own init() for it.
    if let first = first as? any EmptiableCollection, let second = second as? any EmptiableCollection,
       type(of: first) == type(of: second), first.isEmpty, second.isEmpty { return true }
    guard !(type(of: first) is AnyClass), Mirror(reflecting: first).displayStyle != .class,
          let lhs = first as? AnyHashable, let rhs = second as? AnyHashable else { return false }
    return lhs == rhs
}
