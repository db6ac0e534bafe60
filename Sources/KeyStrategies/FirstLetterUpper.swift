/// Keys whose first letter is uppercase, the rest unchanged: `firstName` ⇄ `FirstName`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.firstLetterUpper])   // firstName reads "FirstName"
/// ```
/// Only the first character changes; words are not split (`userID` ⇄ `UserID`).
public struct FirstLetterUpper: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        propertyName.prefix(1).uppercased() + propertyName.dropFirst()
    }
}

extension KeyStrategy where Self == FirstLetterUpper {
    /// Keys whose first letter is uppercase: `firstName` ⇄ `FirstName`.
    public static var firstLetterUpper: FirstLetterUpper { FirstLetterUpper() }
}
