/// A raw-value enum that decodes an unknown or mistyped raw value as `defaultCase`.
///
/// ```swift
/// enum Gender: String, CaseDefaultable {
///     case male, female, unknown
///     static var defaultCase: Gender { .unknown }
/// }
/// // "female" → .female, "other" → .unknown (recorded as caseNotMatched), 3 → .unknown
/// ```
/// A convertible raw value is converted first (`"2"` for an `Int` enum) with
/// CodableKit's decoder. `null` and a missing key are the enclosing property's
/// business (an optional is nil, a non-optional keeps its initial value). Strict
/// mode throws instead of defaulting. Encoding writes the raw value.
///
/// Without a `defaultCase` (SmartCodable 5's `SmartCaseDefaultable` may leave it out), an
/// unknown raw value fails the value, and the property holding it keeps its initial value
/// (recorded), as the seed does.
public protocol CaseDefaultable: RawRepresentable, Codable where RawValue: Codable {
    /// The case for a raw value that matches no case; an enum may leave it out (see above).
    static var defaultCase: Self { get throws }
}

/// What an enum without a `defaultCase` gives for one (`CaseDefaultable`).
struct NoDefaultCase: Error {}

extension CaseDefaultable {
    /// None: an unknown raw value falls back to the property's initial value.
    public static var defaultCase: Self {
        get throws { throw NoDefaultCase() }
    }

    /// The case of the raw value, or `defaultCase` (recorded as `caseNotMatched`). - Throws: in strict mode.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {  // the enclosing property's business, with any decoder
            throw DecodingError.valueNotFound(Self.self, .init(codingPath: decoder.codingPath,
                                                               debugDescription: "Expected \(Self.self) value but found null instead."))
        }
        if let raw = try? container.decode(RawValue.self), let value = Self(rawValue: raw) {
            self = value
            return
        }
        let found = (try? container.decode(JSONValue.self)).map { "\($0)" } ?? "a value"
        guard let fallback = try? Self.defaultCase else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(found) matches no case of \(Self.self)")
        }
        try decoder.recordRepair(.caseNotMatched, description: "\(found) matches no case of \(Self.self); used \(fallback)")
        self = fallback
    }

    /// Writes the raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
