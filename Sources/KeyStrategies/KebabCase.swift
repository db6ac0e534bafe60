/// kebab-case keys: `firstName` ⇄ `first-name`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.kebabCase])   // firstName ⇄ first-name
/// ```
/// Words are split as `Words` describes (`userID` is two words, `URLString` too);
/// a key that is already in this form maps to itself.
public struct KebabCase: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        Words(propertyName).joined(separator: "-", firstCase: .lower, wordCase: .lower)
    }
}

extension KeyStrategy where Self == KebabCase {
    /// kebab-case keys: `firstName` ⇄ `first-name`.
    public static var kebabCase: KebabCase { KebabCase() }
}
