#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What the encoder builds: a JSON tree whose objects keep their members in the
/// order they were written (no dictionary per object). Finished values are plain
/// enum values; only a container still being filled is a reference (`.node`, its encoder),
/// so that nested containers can be filled after they are handed out.
enum EncodedContent {  // not `indirect`: that would box every string and number; arrays already nest
    case null
    case bool(Bool)
    /// A number's JSON text, already valid (integers, shortest round-trip doubles).
    case number(String)
    case string(String)
    case array([EncodedContent])
    case object([(key: String, value: EncodedContent)])
    /// A container handed to `encode(to:)` code and perhaps still being filled.
    case node(TreeEncoder)
}

/// Not `Sendable` (a `.node` is an encoder at work), said outright: inferring it went
/// through `[(key: String, value: EncodedContent)]` back to this type, a cycle the
/// compiler reported as "circular reference" depending on the order it checked files in.
@available(*, unavailable)
extension EncodedContent: Sendable {}

extension EncodedContent {
    /// The content as a `JSONValue`.
    var jsonValue: JSONValue {
        switch self {
        case .null: return .null
        case let .bool(value): return .bool(value)
        case let .number(text): return (try? JSONValue(parsing: text)) ?? .null
        case let .string(value): return .string(value)
        case let .array(elements): return .array(elements.map(\.jsonValue))
        case let .object(members):
            var object: [String: JSONValue] = [:]
            for (key, value) in members { object[key] = value.jsonValue }
            return .object(object)
        case let .node(node): return node.finishedContent().jsonValue
        }
    }

    /// The content of a `JSONValue` (object members in key order).
    static func from(_ value: JSONValue) -> EncodedContent {
        switch value {
        case .null: return .null
        case let .bool(flag): return .bool(flag)
        case let .int(number): return .number(String(number))
        case let .double(number): return number.isFinite ? .number(JSONNumberFormat.double(number)) : .null
        case let .string(text): return .string(text)
        case let .array(values): return .array(values.map(from))
        case let .object(members): return .object(members.sorted { $0.key < $1.key }.map { ($0.key, from($0.value)) })
        }
    }
}

extension EncodedContent {
    /// The content of JSON that an encoder wrote (members in the order written, numbers
    /// as their text); nil if `bytes` are not JSON.
    static func parsing(_ bytes: [UInt8]) -> EncodedContent? {
        guard let document = try? JSONParser.parse(bytes, maxDepth: .max) else { return nil }
        return content(of: document, at: 0)
    }

    private static func content(of document: JSONDocument, at index: Int) -> EncodedContent {
        let node = document.nodes[index]
        switch node.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(document.string(index))
        case .string: return .string(document.string(index))
        case .array:
            var elements: [EncodedContent] = []
            elements.reserveCapacity(node.count)
            var cursor = index + 1
            while cursor < node.end {
                elements.append(content(of: document, at: cursor))
                cursor = document.next(after: cursor)
            }
            return .array(elements)
        case .object:
            var members: [(key: String, value: EncodedContent)] = []
            members.reserveCapacity(node.count)
            var cursor = index + 1
            while cursor < node.end {
                let key = document.string(cursor)
                members.append((key, content(of: document, at: cursor + 1)))
                cursor = document.next(after: cursor + 1)
            }
            return .object(members)
        }
    }
}

/// Numbers as JSON text.
enum JSONNumberFormat {
    /// The shortest text that reads back as exactly `value` (Swift's own algorithm),
    /// in JSON's grammar (`1.0`, `0.1`, `1e-07`, `1.5e+300`). `value` must be finite.
    /// An integral value keeps its `.0` here, so that `toDictionary()` gives a `Double`;
    /// the writer leaves it out, as `JSONEncoder` does (`86400`, `-0`).
    static func double(_ value: Double) -> String {
        value.description
    }

    static func float(_ value: Float) -> String {
        value.description
    }
}

/// No object is written with a key twice. Hand-written `encode(to:)` can write a key
/// again (a value replaced, a nested container asked for twice, two properties that a
/// key strategy maps onto one key); `JSONEncoder` keeps one member per key, the last
/// written, and so does CodableKit — readers disagree on which of two members wins.
/// A small object compares each key with those before it by `KeyHash` and then as bytes;
/// a wide one (any number of keys, whatever they are) puts them in a `HashSlots`.
extension EncodedContent {
    /// `members` with one member per key, the last written for each (where it was
    /// written); nil when no key repeats, which is what almost every object finds.
    static func lastOfEachKey(_ members: [(key: String, value: EncodedContent)]) -> [(key: String, value: EncodedContent)]? {
        let count = members.count
        guard count > 1 else { return nil }
        let keys = MemberKeys(members: members)
        guard count <= StreamSession.keysScanned ? keys.smallHasRepeats() : keys.repeats(in: members.indices) else { return nil }
        var kept: [(key: String, value: EncodedContent)] = []
        var seen = HashSlots(capacity: count)
        for index in members.indices.reversed() where keys.withKey(at: index, { seen.insert(index, key: $0, in: keys) }) == nil {
            kept.append(members[index])
        }
        return kept.reversed()
    }

    /// The keys of an object's members, for a `HashSlots`.
    private struct MemberKeys: KeyBytes {
        let members: [(key: String, value: EncodedContent)]

        func withKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            withUTF8(of: members[position].key, body)
        }

        /// Whether a key repeats, told by hash and then by bytes, without a table.
        func smallHasRepeats() -> Bool {
            // Safety: `hashes[index]` is written before it is read, for indices below `members.count`.
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: members.count) { hashes -> Bool in
                var filter = KeyFilter()
                for index in members.indices {
                    let hash = KeyHash.of(members[index].key)
                    hashes[index] = hash
                    guard filter.insert(hash) else { continue }  // a clear bit: no key before it
                    for earlier in 0 ..< index where hashes[earlier] == hash && members[earlier].key == members[index].key {
                        return true
                    }
                }
                return false
            }
        }

        /// Whether a key repeats among `indices`, told by a table.
        func repeats(in indices: Range<Int>) -> Bool {
            var table = HashSlots(capacity: indices.count)
            return indices.contains { index in withKey(at: index) { table.insert(index, key: $0, in: self) } != nil }
        }
    }
}
