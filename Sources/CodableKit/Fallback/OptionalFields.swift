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
        let optionals = stored.filter { $0.type is any OptionalValue.Type }
        guard !stored.contains(where: { $0.name.hasPrefix("$") }),
              !stored.contains(where: { $0.name.hasPrefix("_") && !($0.type is any OptionalValue.Type) }) else { return nil }
        fields = optionals.map { Field(offset: $0.offset, type: $0.type) }
    }

    static func of(_ model: any DecodableModel.Type) -> OptionalFields? {
        cache.value(for: model) { OptionalFields(model) }
    }

    private static let cache = TypeCache<OptionalFields?>()

    /// Whether every optional property of `value`, a value of the model, holds nothing.
    func allNone(in value: Any) -> Bool {
        func check<Model>(_ model: Model) -> Bool {
            withUnsafeBytes(of: model) { bytes in
                guard let start = bytes.baseAddress else { return true }  // a model of no size has no properties
                return fields.allSatisfy { field in
                    func none<T>(_: T.Type) -> Bool {
                        // Safety: the runtime lays out a stored property of type `T` at `offset`
                        // (`StructField`): initialized and aligned for as long as `bytes` is.
                        isNone(start.advanced(by: field.offset).assumingMemoryBound(to: T.self).pointee)
                    }
                    return _openExistential(field.type, do: none)
                }
            }
        }
        return _openExistential(value, do: check)
    }
}
