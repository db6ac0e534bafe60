#if FullFoundation
/// A property of type `Any`, `[Any]` or `[String: Any]`, holding whatever JSON is there,
/// shaped as `JSONSerialization` would give it (`Int`, `Double`, `String`, `Bool`,
/// `[String: Any]`, `[Any]`, `NSNull`).
///
/// ```swift
/// struct Event: CodableModel {
///     var name = ""
///     @AnyValue var payload: [String: Any] = [:]
/// }
/// ```
/// A value of the wrong shape (an array for `[String: Any]`) falls back to the
/// initial value, recorded. Use `JSONValue` instead where a typed value will do (it needs
/// no Foundation proper: `AnyValue` comes with the `FullFoundation` trait, on by default).
@propertyWrapper
public struct AnyValue<Value> {
    /// The value, shaped as `JSONSerialization` gives it.
    public var wrappedValue: Value

    /// Wraps an initial value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension AnyValue: @unchecked Sendable {}  // holds JSON values only: immutable Foundation-shaped data

extension AnyValue: Decodable {
    /// Reads the JSON value as `Value`. - Throws: `DecodingError.typeMismatch` for another shape.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        guard let value = json.anyValue as? Value else {
            throw DecodingError.typeMismatch(Value.self, .init(codingPath: decoder.codingPath,
                                                               debugDescription: "Expected \(Value.self) but found \(json)."))
        }
        wrappedValue = value
    }
}

extension AnyValue: Encodable {
    /// Writes the value as JSON; a value that is not JSON-shaped is an error.
    public func encode(to encoder: any Encoder) throws {
        try JSONValue(foundationObject: wrappedValue).encode(to: encoder)
    }
}

extension AnyValue: KernelDecodable {
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> AnyValue {
        guard let value = try decoder.jsonValue(at: node).anyValue as? Value else {
            throw decoder.session.fail(.mismatch(found: FoundValue(node: node, in: decoder.document)), expected: Value.self)
        }
        return AnyValue(wrappedValue: value)
    }
}
#endif
