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
public protocol CaseDefaultable: RawRepresentable, Codable where RawValue: Codable {
    /// The case for a raw value that matches no case.
    static var defaultCase: Self { get }
}

extension CaseDefaultable {
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
        try decoder.recordRepair(.caseNotMatched, description: "\(found) matches no case of \(Self.self); used \(Self.defaultCase)")
        self = Self.defaultCase
    }

    /// Writes the raw value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
