/// snake_case keys: `firstName` ⇄ `first_name`, `userID` ⇄ `user_id`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.snakeCase])   // firstName ⇄ first_name
/// ```
/// Words are split as `Words` describes (`userID` is two words, `URLString` too);
/// a key that is already in this form maps to itself.
public struct SnakeCase: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        Words(propertyName).joined(separator: "_", firstCase: .lower, wordCase: .lower)
    }
}

extension KeyStrategy where Self == SnakeCase {
    /// snake_case keys: `firstName` ⇄ `first_name`, `userID` ⇄ `user_id`.
    public static var snakeCase: SnakeCase { SnakeCase() }
}
