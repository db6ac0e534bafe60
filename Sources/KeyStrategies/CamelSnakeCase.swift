/// camel_Snake_Case keys: `firstName` ⇄ `first_Name`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.camelSnakeCase])   // firstName ⇄ first_Name
/// ```
/// Words are split as `Words` describes (`userID` is two words, `URLString` too);
/// a key that is already in this form maps to itself.
public struct CamelSnakeCase: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        Words(propertyName).joined(separator: "_", firstCase: .lower, wordCase: .capitalized)
    }
}

extension KeyStrategy where Self == CamelSnakeCase {
    /// camel_Snake_Case keys: `firstName` ⇄ `first_Name`.
    public static var camelSnakeCase: CamelSnakeCase { CamelSnakeCase() }
}
