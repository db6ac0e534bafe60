/// Pascal_Snake_Case keys: `firstName` ⇄ `First_Name`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.pascalSnakeCase])   // firstName ⇄ First_Name
/// ```
/// Words are split as `Words` describes (`userID` is two words, `URLString` too);
/// a key that is already in this form maps to itself.
public struct PascalSnakeCase: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        Words(propertyName).joined(separator: "_", firstCase: .capitalized, wordCase: .capitalized)
    }
}

extension KeyStrategy where Self == PascalSnakeCase {
    /// Pascal_Snake_Case keys: `firstName` ⇄ `First_Name`.
    public static var pascalSnakeCase: PascalSnakeCase { PascalSnakeCase() }
}
