/// A transformer made of two closures, for one-off conversions.
///
/// ```swift
/// CodingKeys.title <--- FastTransformer<String, String>(fromJSON: { $0.map { "[\($0)]" } }, toJSON: { $0 })
/// CodingKeys.cents <--- FastTransformer<Int, Double>(fromJSON: { $0.map { Int($0 * 100) } },
///                                                     toJSON: { $0.map { Double($0) / 100 } })
/// ```
/// The JSON value is first read as `JSON` with the kernel's conversions (a `String`
/// side also accepts `42`, a `Double` side also `"4.2"`); a value that cannot be read
/// as `JSON`, and `null`, reach `fromJSON` as nil. Without `toJSON` (a decode-only
/// transformer), encoding writes the value itself when `Object` and `JSON` are the
/// same type, and through the value's own `Encodable` otherwise. `JSON` must be `Decodable` as well for the JSON side
/// to be read; otherwise `fromJSON` always receives nil.
public struct FastTransformer<Object, JSON: Encodable>: ValueTransformable {
    private let fromJSON: @Sendable (JSON?) -> Object?
    private let toJSON: (@Sendable (Object?) -> JSON?)?

    /// A transformer from two closures; without `toJSON`, a value is written as itself if it is a `JSON`.
    public init(fromJSON: @escaping @Sendable (JSON?) -> Object?, toJSON: (@Sendable (Object?) -> JSON?)? = nil) {
        self.fromJSON = fromJSON
        self.toJSON = toJSON
    }

    /// The value read from JSON, or nil when it is not in an accepted form.
    public func transformFromJSON(_ value: JSONValue) -> Object? {
        fromJSON(jsonSide(of: value))
    }

    /// The JSON written for the value.
    public func transformToJSON(_ value: Object) -> JSON? {
        guard let toJSON else { return value as? JSON }
        return toJSON(value)
    }

    private func jsonSide(of value: JSONValue) -> JSON? {
        guard value != .null, let decodable = JSON.self as? any Decodable.Type else { return nil }
        return read(value, as: decodable)
    }

    private func read<D: Decodable>(_ value: JSONValue, as _: D.Type) -> JSON? {
        value.converted(to: D.self) as? JSON
    }
}
