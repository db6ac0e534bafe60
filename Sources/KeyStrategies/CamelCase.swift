/// camelCase keys: `first_name` ⇄ `firstName`, `URLString` ⇄ `urlString`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.camelCase])   // first_name ⇄ firstName
/// ```
/// Words are split as `Words` describes (`userID` is two words, `URLString` too);
/// a key that is already in this form maps to itself.
public struct CamelCase: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        Words(propertyName).joined(separator: "", firstCase: .lower, wordCase: .capitalized)
    }
}

extension KeyStrategy where Self == CamelCase {
    /// camelCase keys: `first_name` ⇄ `firstName`, `URLString` ⇄ `urlString`.
    public static var camelCase: CamelCase { CamelCase() }
}
