/// UPPERCASE keys: `firstName` ⇄ `FIRSTNAME`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.upperCase])   // firstName ⇄ FIRSTNAME
/// ```
/// Words are split as `Words` describes (`userID` is two words, `URLString` too);
/// a key that is already in this form maps to itself.
public struct UpperCase: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        Words(propertyName).joined(separator: "", firstCase: .upper, wordCase: .upper)
    }
}

extension KeyStrategy where Self == UpperCase {
    /// UPPERCASE keys: `firstName` ⇄ `FIRSTNAME`.
    public static var upperCase: UpperCase { UpperCase() }
}
