/// PascalCase keys: `firstName` ⇄ `FirstName`, `userID` ⇄ `UserId`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.pascalCase])   // firstName ⇄ FirstName
/// ```
/// Words are split as `Words` describes (`userID` is two words, `URLString` too);
/// a key that is already in this form maps to itself.
public struct PascalCase: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        Words(propertyName).joined(separator: "", firstCase: .capitalized, wordCase: .capitalized)
    }
}

extension KeyStrategy where Self == PascalCase {
    /// PascalCase keys: `firstName` ⇄ `FirstName`, `userID` ⇄ `UserId`.
    public static var pascalCase: PascalCase { PascalCase() }
}
