import Foundation

/// What the encoder builds: a JSON tree whose objects keep their members in the
/// order they were written (no dictionary per object). Containers hold the node
/// they fill, so nested containers can be filled in any order.
final class EncodedNode {
    enum Content {
        case null
        case bool(Bool)
        /// A number's JSON text, already validated (integers, shortest round-trip doubles).
        case number(String)
        case string(String)
        case array([EncodedNode])
        case object([(key: String, value: EncodedNode)])
    }

    var content: Content

    init(_ content: Content) {
        self.content = content
    }

    /// The member `key` of this object, made (as an empty object) if it does not exist.
    func objectMember(_ key: String) -> EncodedNode {
        if case let .object(members) = content, let existing = members.last(where: { $0.key == key }) {
            if case .object = existing.value.content { return existing.value }
        }
        let node = EncodedNode(.object([]))
        set(key, node)
        return node
    }

    /// Sets member `key` (replacing an earlier one, so the last write wins).
    func set(_ key: String, _ value: EncodedNode) {
        guard case var .object(members) = content else { return }
        content = .null  // release the array so the append below does not copy it
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].value = value
        } else {
            members.append((key, value))
        }
        content = .object(members)
    }

    func append(_ value: EncodedNode) {
        guard case var .array(elements) = content else { return }
        content = .null
        elements.append(value)
        content = .array(elements)
    }
}

extension EncodedNode {
    /// The node as a `JSONValue`.
    var jsonValue: JSONValue {
        switch content {
        case .null: return .null
        case let .bool(value): return .bool(value)
        case let .number(text): return (try? JSONValue(parsing: text)) ?? .null
        case let .string(value): return .string(value)
        case let .array(elements): return .array(elements.map(\.jsonValue))
        case let .object(members):
            var object: [String: JSONValue] = [:]
            for (key, value) in members { object[key] = value.jsonValue }
            return .object(object)
        }
    }

    /// The node as Foundation objects, as `JSONSerialization` would give them.
    var foundationValue: Any {
        switch content {
        case .null: return NSNull()
        case let .bool(value): return value
        case let .number(text):
            if let integer = Int(text) { return integer }
            return Double(text) ?? 0
        case let .string(value): return value
        case let .array(elements): return elements.map(\.foundationValue)
        case let .object(members):
            var object: [String: Any] = [:]
            for (key, value) in members { object[key] = value.foundationValue }
            return object
        }
    }

    /// A node for a `JSONValue`.
    static func from(_ value: JSONValue) -> EncodedNode {
        switch value {
        case .null: return EncodedNode(.null)
        case let .bool(flag): return EncodedNode(.bool(flag))
        case let .int(number): return EncodedNode(.number(String(number)))
        case let .double(number): return EncodedNode(number.isFinite ? .number(JSONNumberFormat.double(number)) : .null)
        case let .string(text): return EncodedNode(.string(text))
        case let .array(values): return EncodedNode(.array(values.map(from)))
        case let .object(members):
            return EncodedNode(.object(members.sorted { $0.key < $1.key }.map { ($0.key, from($0.value)) }))
        }
    }
}

/// Numbers as JSON text.
enum JSONNumberFormat {
    /// The shortest text that reads back as exactly `value` (Swift's own algorithm),
    /// in JSON's grammar. `value` must be finite.
    static func double(_ value: Double) -> String {
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        return value.description  // "1.0", "0.1", "1e-05", "1.7976931348623157e+308": all valid JSON
    }

    static func float(_ value: Float) -> String {
        value == 0 ? (value.sign == .minus ? "-0.0" : "0.0") : value.description
    }
}
