/// SCREAMING-KEBAB-CASE keys: `firstName` ⇄ `FIRST-NAME`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.screamingKebabCase])   // firstName ⇄ FIRST-NAME
/// ```
/// Words are split as `Words` describes (`userID` is two words, `URLString` too);
/// a key that is already in this form maps to itself.
public struct ScreamingKebabCase: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        Words(propertyName).joined(separator: "-", firstCase: .upper, wordCase: .upper)
    }
}

extension KeyStrategy where Self == ScreamingKebabCase {
    /// SCREAMING-KEBAB-CASE keys: `firstName` ⇄ `FIRST-NAME`.
    public static var screamingKebabCase: ScreamingKebabCase { ScreamingKebabCase() }
}
