/// flatcase keys: `firstName` ⇄ `firstname`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.flatCase])   // firstName ⇄ firstname
/// ```
/// Words are split as `Words` describes (`userID` is two words, `URLString` too);
/// a key that is already in this form maps to itself.
public struct FlatCase: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        Words(propertyName).joined(separator: "", firstCase: .lower, wordCase: .lower)
    }
}

extension KeyStrategy where Self == FlatCase {
    /// flatcase keys: `firstName` ⇄ `firstname`.
    public static var flatCase: FlatCase { FlatCase() }
}
