/// Splits a property name into words, the way people read it, and joins words
/// back in a naming convention. Shared by every convention in this module.
///
/// - Case changes start words: `userID` → user ID, `firstName` → first Name.
/// - An uppercase run is an acronym, ending before an uppercase letter that starts a
///   lowercase word: `URLString` → URL String, `HTTPStatusCode` → HTTP Status Code.
/// - Digits stay with the word before them: `version2Name` → version2 Name.
/// - `_`, `-` and spaces separate words: `first_name`, `first-name` → first name.
/// - Leading and trailing underscores or hyphens are kept as they are:
///   `_private` → `_private`, `trailing_` → `trailing_`.
/// - Letters beyond ASCII follow their Unicode case: `größeWert` → größe Wert.
struct Words {
    var leading: Substring
    var words: [Substring]
    var trailing: Substring

    init(_ name: String) {
        let isSeparator: (Character) -> Bool = { $0 == "_" || $0 == "-" || $0 == " " }
        let core = name.drop(while: isSeparator)
        leading = name[name.startIndex ..< core.startIndex]
        var end = core.endIndex
        while end > core.startIndex, isSeparator(core[core.index(before: end)]) { end = core.index(before: end) }
        trailing = core[end...]
        words = []
        var wordStart: String.Index?
        var index = core.startIndex
        while index < end {
            let character = core[index]
            if isSeparator(character) {
                if let start = wordStart { words.append(core[start ..< index]) }
                wordStart = nil
            } else if let start = wordStart, index > start, Self.startsWord(at: index, in: core, end: end) {
                words.append(core[start ..< index])
                wordStart = index
            } else if wordStart == nil {
                wordStart = index
            }
            index = core.index(after: index)
        }
        if let start = wordStart { words.append(core[start ..< end]) }
    }

    private static func startsWord(at index: String.Index, in text: Substring, end: String.Index) -> Bool {
        let current = text[index]
        let previous = text[text.index(before: index)]
        guard current.isUppercase else { return false }
        if previous.isLowercase || previous.isNumber { return true }  // userID, version2Name
        // The last capital of an acronym starts the next word: URL|String.
        let next = text.index(after: index)
        return previous.isUppercase && next < end && text[next].isLowercase
    }

    enum Case { case lower, upper, capitalized }

    /// The words in `wordCase` (the first one in `firstCase`), joined by `separator`,
    /// with the original leading and trailing separators.
    func joined(separator: String, firstCase: Case, wordCase: Case) -> String {
        var result = String(leading)
        for (index, word) in words.enumerated() {
            if index > 0 { result += separator }
            switch index == 0 ? firstCase : wordCase {
            case .lower: result += word.lowercased()
            case .upper: result += word.uppercased()
            case .capitalized: result += word.prefix(1).uppercased() + word.dropFirst().lowercased()
            }
        }
        return result + trailing
    }
}

/// A convention that maps a property name to one key, the same way both ways. It
/// holds no settings: its conversions are remembered by type (`ConvertedNames`).
protocol NamingConvention: KeyStrategy {
    func convert(_ propertyName: String) -> String
}

extension NamingConvention {
    public func decodingKeys(for propertyName: String) -> [String] { [ConvertedNames.shared.name(propertyName, in: self)] }
    public func encodingKey(for propertyName: String) -> String { ConvertedNames.shared.name(propertyName, in: self) }
}
