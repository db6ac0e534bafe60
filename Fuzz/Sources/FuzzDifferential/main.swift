import CodableKit
import Foundation
import FuzzSupport

/// CodableKit's reader against `JSONSerialization`: where both accept, they read the
/// same value; where they disagree, it is one of the documented differences:
/// - both accept trailing commas and UTF-16/32 text (as `JSONDecoder` does); CodableKit also
///   reads UTF-32LE with a byte order mark, and rejects nesting deeper than 512;
/// - JSONSerialization rejects numbers beyond `Double`'s range; CodableKit reads them
///   (as ±infinity, or as out of range for integer types);
/// - for a key repeated in one object, JSONSerialization keeps the last value and CodableKit
///   the first, as `JSONDecoder` does;
/// - JSONSerialization (on Linux) drops U+FEFF inside strings; CodableKit keeps it, as
///   `JSONDecoder` does. Two keys of one object that differ only by U+FEFF are then one key
///   to JSONSerialization (the last value kept) and two to CodableKit: not compared;
/// - the input's encoding (UTF-8, 16 or 32) is found by `JSONDecoder`'s table, which differs
///   from JSONSerialization's on short or odd input (`00 38 5D`): where only one of them
///   accepts, `JSONDecoder` decides;
/// - JSONSerialization (on Linux) rounds some numbers of more than 19 significant digits to
///   the wrong neighbour (`7000080000000000000000.5` is 7.00008e21, where the nearest double
///   is 7.000080000000001e21); CodableKit rounds them correctly, as `JSONDecoder` does: where
///   the values differ, `JSONDecoder`'s reading decides.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = fuzzData(bytes, count)
    let foundation = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    let ours = Result { try JSONValue(parsing: data) }
    switch (ours, foundation) {
    case let (.success(value), foundation?):
        guard let theirs = try? JSONValue(foundationObject: foundation), sameValue(withoutBOM(theirs), withoutBOM(value))
                || keysCollideWithoutBOM(value)
                || repeatsAKey(data)
                || (try? JSONDecoder().decode(JSONValue.self, from: data)).map({ sameValue($0, value) }) == true else {
            fatalError("both accept, values differ: \(value) vs \(foundation)")
        }
    case let (.failure(error), _?):
        let reason = (error as? JSONReadError)?.reason ?? ""
        let documented = reason.contains("nesting deeper") || (try? JSONDecoder().decode(JSONValue.self, from: data)) == nil
        guard documented else { fatalError("JSONSerialization accepts what CodableKit rejects: \(reason)") }
    case let (.success(value), nil):
        // A number beyond Double's range, perhaps in a repeated key whose first value CodableKit kept.
        guard containsNonFinite(value) || repeatsAKey(data)
                || data.starts(with: [0xFF, 0xFE, 0, 0]) || (try? JSONDecoder().decode(JSONValue.self, from: data)) == value else {
            fatalError("CodableKit accepts what JSONSerialization rejects: \(value)")
        }
    case (.failure, nil):
        break
    }
    return 0
}

/// Equal values, numbers compared by value (JSONSerialization reads `-0.0` and `1.0` as integers).
func sameValue(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case let (.int(a), .int(b)): return a == b
    case let (.int(a), .double(b)), let (.double(b), .int(a)): return Double(a) == b
    case let (.double(a), .double(b)): return a == b
    case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy(sameValue)
    case let (.object(a), .object(b)):
        return a.count == b.count && a.allSatisfy { key, value in b[key].map { sameValue(value, $0) } ?? false }
    default: return lhs == rhs
    }
}

func containsNonFinite(_ value: JSONValue) -> Bool {
    switch value {
    case let .double(number): !number.isFinite
    case let .array(values): values.contains(where: containsNonFinite)
    case let .object(members): members.values.contains(where: containsNonFinite)
    default: false
    }
}

/// Whether some object in the document repeats a key: the text scanned for each object's
/// keys, unescaped by CodableKit's reader and compared as UTF-8 bytes, as the decoder compares
/// them. (A keyed container's `allKeys` cannot say: it lists each key once, as `JSONDecoder`'s does.)
func repeatsAKey(_ data: Data) -> Bool {
    guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .utf16)
            ?? String(data: data, encoding: .utf32) else { return false }
    let bytes = Array(text.utf8)
    var objects: [Set<[UInt8]>?] = []  // per open container: an object's keys so far, nil for an array
    var expectsKey = false
    var index = 0
    while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "{"):
            objects.append([])
            expectsKey = true
        case UInt8(ascii: "["):
            objects.append(nil)
            expectsKey = false
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            if !objects.isEmpty { objects.removeLast() }
            expectsKey = false
        case UInt8(ascii: ","):
            expectsKey = objects.last.map { $0 != nil } ?? false
        case UInt8(ascii: "\""):
            var end = index + 1
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
            if expectsKey, end < bytes.count, let keys = objects.last ?? nil,
               case let .string(key)? = try? JSONValue(parsing: Data(bytes[index ... end])) {
                if keys.contains(Array(key.utf8)) { return true }
                objects[objects.count - 1]?.insert(Array(key.utf8))
            }
            expectsKey = false
            index = end
        default:
            break
        }
        index += 1
    }
    return false
}

/// The value with every U+FEFF removed from its strings and keys.
/// Whether some object has two keys that differ only by U+FEFF.
func keysCollideWithoutBOM(_ value: JSONValue) -> Bool {
    switch value {
    case let .array(values): return values.contains(where: keysCollideWithoutBOM)
    case let .object(members):
        return Set(members.keys.map { $0.replacingOccurrences(of: "\u{FEFF}", with: "") }).count != members.count
            || members.values.contains(where: keysCollideWithoutBOM)
    default: return false
    }
}

func withoutBOM(_ value: JSONValue) -> JSONValue {
    switch value {
    case let .string(text): return .string(text.replacingOccurrences(of: "\u{FEFF}", with: ""))
    case let .array(values): return .array(values.map(withoutBOM))
    case let .object(members):
        return .object(Dictionary(members.map { ($0.key.replacingOccurrences(of: "\u{FEFF}", with: ""), withoutBOM($0.value)) },
                                  uniquingKeysWith: { first, _ in first }))
    default: return value
    }
}
