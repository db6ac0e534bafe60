/// Keys whose first letter is lowercase, the rest unchanged: `FirstName` ⇄ `firstName`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.firstLetterLower])   // property FirstName reads "firstName"
/// ```
/// Only the first character changes; words are not split.
public struct FirstLetterLower: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key for `propertyName` in this convention (the same both ways).
    public func convert(_ propertyName: String) -> String {
        propertyName.prefix(1).lowercased() + propertyName.dropFirst()
    }
}

extension KeyStrategy where Self == FirstLetterLower {
    /// Keys whose first letter is lowercase: `FirstName` ⇄ `firstName`.
    public static var firstLetterLower: FirstLetterLower { FirstLetterLower() }
}
