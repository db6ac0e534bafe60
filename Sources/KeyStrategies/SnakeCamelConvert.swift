/// CodableWrapper's fallback between camelCase and snake_case: a key is read under the
/// property's own name first, then under its twin — `userName` also reads `"user_name"`,
/// `user_name` also reads `"userName"` — and written under the property's own name.
///
/// ```swift
/// static func mappingForKey() -> [KeyMapping]? { [.model(.snakeCamelConvert)] }   // a model
/// let options = DecodingOptions(keyStrategies: [.snakeCamelConvert])               // a call
/// ```
/// CodableWrapper tried the twin of every key; CodableKit tries it where this strategy is given.
public struct SnakeCamelConvert: KeyStrategy {
    /// The strategy; it has no settings.
    public init() {}

    /// The property's name, then its snake_case form (a name without `_`) or its camelCase form.
    public func decodingKeys(for propertyName: String) -> [String] {
        let twin = propertyName.contains("_") ? CamelCase().encodingKey(for: propertyName) : SnakeCase().encodingKey(for: propertyName)
        return twin == propertyName ? [propertyName] : [propertyName, twin]
    }

    /// The property's own name.
    public func encodingKey(for propertyName: String) -> String { propertyName }
}

extension KeyStrategy where Self == SnakeCamelConvert {
    /// A property's name, then its camelCase or snake_case twin: CodableWrapper's `snakeCamelConvert`.
    public static var snakeCamelConvert: SnakeCamelConvert { SnakeCamelConvert() }
}
