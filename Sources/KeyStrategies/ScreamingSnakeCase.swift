/// SCREAMING_SNAKE_CASE keys: `firstName` ⇄ `FIRST_NAME`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.screamingSnakeCase])   // firstName ⇄ FIRST_NAME
/// ```
/// Words are split as `Words` describes (`userID` is two words, `URLString` too);
/// a key that is already in this form maps to itself.
public struct ScreamingSnakeCase: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        Words(propertyName).joined(separator: "_", firstCase: .upper, wordCase: .upper)
    }
}

extension KeyStrategy where Self == ScreamingSnakeCase {
    /// SCREAMING_SNAKE_CASE keys: `firstName` ⇄ `FIRST_NAME`.
    public static var screamingSnakeCase: ScreamingSnakeCase { ScreamingSnakeCase() }
}
