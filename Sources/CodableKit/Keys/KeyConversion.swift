#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `JSONDecoder.keyDecodingStrategy` and `JSONEncoder.keyEncodingStrategy`, with
/// Foundation's exact algorithms (which differ from `CodableKitKeyStrategies`'
/// acronym-aware `.snakeCase`: `userID` is written `user_id` by both, but read back
/// by Foundation's only as `userId`).
///
/// Decoding converts every object key of the document once, before decoding, as
/// `JSONDecoder` converts every key it meets (dictionary keys included); the key
/// candidates are then looked up among the converted keys.
enum KeyConversion {
    /// `user_name` → `userName`; leading and trailing underscores are kept; a key
    /// without inner underscores is left as it is.
    static func fromSnakeCase(_ key: String) -> String {
        guard let first = key.firstIndex(where: { $0 != "_" }) else { return key }
        var last = key.index(before: key.endIndex)
        while last > first, key[last] == "_" { last = key.index(before: last) }
        let core = key[first ... last]
        let words = core.split(separator: "_")
        let joined = words.count == 1 ? String(core)
            : ([words[0].lowercased()] + words.dropFirst().map { $0.capitalized }).joined()
        return String(key[..<first]) + joined + String(key[key.index(after: last)...])
    }

    /// `myURLValue` → `my_url_value`: a word starts at each capital; a run of capitals
    /// is one word, ending before the capital that starts a lowercase word.
    static func toSnakeCase(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        let characters = Array(key)
        var words: [ArraySlice<Character>] = []
        var wordStart = 0
        var searchStart = 1
        while let upper = characters[searchStart...].firstIndex(where: \.isUppercase) {
            words.append(characters[wordStart ..< upper])
            guard let lower = characters[upper...].firstIndex(where: \.isLowercase) else {
                wordStart = upper
                searchStart = characters.count
                break
            }
            if lower == upper + 1 {
                wordStart = upper
            } else {
                words.append(characters[upper ..< lower - 1])
                wordStart = lower - 1
            }
            searchStart = lower + 1
            if searchStart >= characters.count { break }
        }
        words.append(characters[wordStart...])
        return words.map { String($0).lowercased() }.joined(separator: "_")
    }
}

/// The decode's `keyDecodingStrategy` at work on each object's keys, with the snake-case
/// conversions made so far (which depend on the key alone).
struct KeyConverter {
    let strategy: JSONDecoder.KeyDecodingStrategy
    private var cache: [String: String] = [:]

    init(_ strategy: JSONDecoder.KeyDecodingStrategy) { self.strategy = strategy }

    /// The keys of the object at `object` as the strategy converts them, each to its value
    /// node (the first of keys that convert alike). Made per object, for keyed containers
    /// only: like `JSONDecoder`, CodableKit leaves the keys of a `[String: Value]` as they
    /// are. `path` is the object's coding path, for `.custom`.
    mutating func keys(of object: Int, in document: JSONDocument, path: () -> [any CodingKey]) -> [String: Int] {
        var result: [String: Int] = [:]
        var member = object + 1
        let end = document.nodes[object].end
        while member < end {
            let original = document.string(member)
            let converted: String
            switch strategy {
            case let .custom(convert):
                converted = convert(path() + [AnyCodingKey(stringValue: original)]).stringValue
            default:
                if let known = cache[original] {
                    converted = known
                } else {
                    converted = KeyConversion.fromSnakeCase(original)
                    cache[original] = converted
                }
            }
            if result[converted] == nil { result[converted] = member + 1 }
            member = document.next(after: member + 1)
        }
        return result
    }
}

extension JSONEncoder.KeyEncodingStrategy {
    /// `key` as the strategy writes it, given the path to the object holding it.
    func convert(_ key: String, path: [any CodingKey]) -> String {
        switch self {
        case .useDefaultKeys: return key
        case .convertToSnakeCase: return KeyConversion.toSnakeCase(key)
        case let .custom(closure): return closure(path + [AnyCodingKey(stringValue: key)]).stringValue
        @unknown default: return key
        }
    }

    var isDefault: Bool {
        if case .useDefaultKeys = self { return true }
        return false
    }
}
