/// Keys whose first letter is uppercase, the rest unchanged — SmartCodable's `.firstLetterUpper`:
/// the JSON's `"firstName"` is read into a property `FirstName`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.firstLetterUpper])   // firstName reads "FirstName", then "firstName"
/// ```
/// Reading, a key matches whatever the case of its first letter (the uppercase form is tried
/// first), as SmartCodable uppercases the first letter of every key it reads; writing, the key
/// is the property name with its first letter uppercase (`userID` is written `UserID`).
/// Only the first character changes; words are not split.
public struct FirstLetterUpper: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key written for `propertyName`: its first letter uppercase.
    public func convert(_ propertyName: String) -> String {
        FirstLetter.uppered(propertyName)
    }

    /// The keys read into `propertyName`: its first letter uppercase, then lowercase.
    public func decodingKeys(for propertyName: String) -> [String] {
        FirstLetter.keys(encodingKey(for: propertyName), FirstLetter.lowered(propertyName))
    }
}

extension KeyStrategy where Self == FirstLetterUpper {
    /// Keys whose first letter is uppercase (SmartCodable's meaning): `"firstName"` reads into `FirstName`.
    public static var firstLetterUpper: FirstLetterUpper { FirstLetterUpper() }
}
