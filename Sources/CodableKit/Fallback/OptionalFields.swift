/// A struct model's stored `Optional` properties, from the runtime's field list: enough to
/// tell, without running the model's code, that every optional property of an `init()` value
/// holds nothing, and so that an absent optional key is nil whichever property it names.
/// `JSONDecoder` never runs `encode(to:)` while decoding, so neither does a decode here to
/// answer that: a stub that traps, or an `encode(to:)` that records, must not run.
///
/// Learned once per type. Nil (not known) for a class, or for a struct with storage its
/// decode names otherwise: a property wrapper's `_name` (a property named so is told from
/// one by its type: an `Optional` is no wrapper's storage), a lazy property's
/// `$__lazy_storage_$_name`.
struct OptionalFields: Sendable {
    private struct Field: Sendable {
        let offset: Int
        let type: Any.Type
    }

    private let fields: [Field]

    private init?(_ model: Any.Type) {
        guard let stored = StructField.of(struct: model) else { return nil }
        var fields: [Field] = []
        for property in stored {
            let isOptional = property.isOptional
            if property.name.hasPrefix("$") || property.name.hasPrefix("_") && !isOptional { return nil }
            if isOptional { fields.append(Field(offset: property.offset, type: property.type)) }
        }
        self.fields = fields
    }

    static func of(_ model: any DecodableModel.Type) -> OptionalFields? {
        cache.value(for: model) { OptionalFields(model) }
    }

    private static let cache = TypeCache<OptionalFields?>()

    /// Whether every optional property of `value`, a value of the model, holds nothing.
    func allNone(in value: Any) -> Bool {
        fields.allSatisfy { field in
            func none<T>(_: T.Type) -> Bool { StructField.read(T.self, at: field.offset, of: value).map { isNone($0) } ?? true }
            return _openExistential(field.type, do: none)
        }
    }
}
