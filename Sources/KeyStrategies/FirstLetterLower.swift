/// Keys whose first letter is lowercase, the rest unchanged — SmartCodable's `.firstLetterLower`:
/// the JSON's `"FirstName"` is read into `firstName`.
///
/// ```swift
/// let options = DecodingOptions(keyStrategies: [.firstLetterLower])   // "FirstName" and "firstName" read into firstName
/// ```
/// Reading, a key matches whatever the case of its first letter (the lowercase form is tried
/// first), as SmartCodable lowercases the first letter of every key it reads; writing, the key
/// is the property name with its first letter lowercase (`FirstName` is written `firstName`).
/// Only the first character changes; words are not split.
public struct FirstLetterLower: NamingConvention {
    /// The convention; it has no settings.
    public init() {}

    /// The key written for `propertyName`: its first letter lowercase.
    public func convert(_ propertyName: String) -> String {
        FirstLetter.lowered(propertyName)
    }

    /// The keys read into `propertyName`: its first letter lowercase, then uppercase.
    public func decodingKeys(for propertyName: String) -> [String] {
        FirstLetter.keys(encodingKey(for: propertyName), FirstLetter.uppered(propertyName))
    }
}

extension KeyStrategy where Self == FirstLetterLower {
    /// Keys whose first letter is lowercase (SmartCodable's meaning): `"FirstName"` reads into `firstName`.
    public static var firstLetterLower: FirstLetterLower { FirstLetterLower() }
}

/// The first-letter conventions' conversions.
enum FirstLetter {
    static func lowered(_ name: String) -> String { name.prefix(1).lowercased() + name.dropFirst() }
    static func uppered(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() }

    /// `preferred`, then `other` when it is another key.
    static func keys(_ preferred: String, _ other: String) -> [String] {
        preferred == other ? [preferred] : [preferred, other]
    }
}
