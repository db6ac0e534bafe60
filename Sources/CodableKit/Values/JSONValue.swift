#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A JSON value, for `Any`-typed data and for plugins.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"user": {"tags": ["a", "b"]}}"#)
/// value["user.tags.1"]        // .string("b")
/// ```
///
/// Numbers: `1` is `.int`, `1.0` and `1e3` are `.double`. An integer beyond the
/// range of `Int64` (such as `18446744073709551615`) becomes the nearest `.double`;
/// decode such a number straight into a `UInt64` property to keep it exact.
public enum JSONValue: Hashable, Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without fraction or exponent that fits `Int64`.
    case int(Int64)
    /// Any other number (`1.0`, `1e3`, and integers beyond `Int64`).
    case double(Double)
    /// A string, unescaped.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object; when a key repeats, the first value (as `JSONDecoder` reads it).
    case object([String: JSONValue])
}

extension JSONValue {
    /// Parses JSON text.
    ///
    /// ```swift
    /// let value = try JSONValue(parsing: Data(#"[1, "two", null]"#.utf8))
    /// ```
    /// - Parameters:
    ///   - data: UTF-8 JSON text.
    ///   - maxDepth: the deepest nesting of arrays and objects accepted (default 512; at most
    ///     1,000, past which freeing the value could overflow a thread's stack).
    /// - Throws: `JSONReadError` with the byte offset, line and column of malformed input.
    public init(parsing data: Data, maxDepth: Int = 512) throws {
        self = try JSONParser.parse([UInt8](data), maxDepth: min(maxDepth, Self.maximumDepth)).value(at: 0)
    }

    /// Parses JSON text. - Throws: `JSONReadError` for malformed input.
    public init(parsing text: some StringProtocol, maxDepth: Int = 512) throws {
        self = try JSONParser.parse(Array(text.utf8), maxDepth: min(maxDepth, Self.maximumDepth)).value(at: 0)
    }

    /// Parses JSON text. - Throws: `JSONReadError` for malformed input.
    public init(parsing bytes: [UInt8], maxDepth: Int = 512) throws {
        self = try JSONParser.parse(bytes, maxDepth: min(maxDepth, Self.maximumDepth)).value(at: 0)
    }
}

extension JSONValue {
    /// How deep a `JSONValue` CodableKit builds from JSON may nest. It is built without
    /// recursion, but freeing one recurses once per level in the runtime (about 140 bytes
    /// of stack per level in a release build, 250 in a debug build): 1,000 levels fit a
    /// 512 KB thread's stack with room to spare, wherever the value is let go.
    static let maximumDepth = 1_000

    /// The error for a value nested deeper than `maximumDepth`, at `codingPath`.
    static func tooDeep(at codingPath: [any CodingKey]) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription:
            "Arrays and objects nested deeper than \(maximumDepth) levels cannot be held as a JSONValue (or Any): freeing one recurses once per level, and could overflow a thread's stack."))
    }
}

/// A value nested deeper than `JSONValue.maximumDepth`.
package struct JSONValueTooDeep: Error {}

extension JSONDocument {
    /// The `JSONValue` of the node at `index`, built without recursion.
    /// - Throws: `JSONValueTooDeep` past `JSONValue.maximumDepth` levels.
    package func value(at index: Int) throws(JSONValueTooDeep) -> JSONValue {
        /// An array or object being filled, and the key it goes under in its parent object.
        struct Frame {
            var isObject: Bool
            var end: Int
            var keyInParent: String?
            var elements: [JSONValue] = []
            var members: [String: JSONValue] = [:]
        }
        var stack: [Frame] = []
        var cursor = index
        var key: String?  // the key of the next value, inside an object
        while true {
            // 1. Read a scalar or an empty container, or open a container and go on inside it.
            var value: JSONValue
            let node = nodes[cursor]
            cursor += 1
            switch node.kind {
            case .null: value = .null
            case .true: value = .bool(true)
            case .false: value = .bool(false)
            case .string: value = .string(string(cursor - 1))
            case .number: value = numberValue(cursor - 1)
            case .array where node.count == 0: value = .array([])
            case .object where node.count == 0: value = .object([:])
            case .array, .object:
                var frame = Frame(isObject: node.kind == .object, end: node.end, keyInParent: key)
                if frame.isObject {
                    frame.members.reserveCapacity(node.count)
                    key = string(cursor)
                    cursor += 1
                } else {
                    frame.elements.reserveCapacity(node.count)
                }
                stack.append(frame)
                if stack.count > JSONValue.maximumDepth { throw JSONValueTooDeep() }
                continue
            }
            // 2. Attach the value to its container; a container that is now complete is itself attached.
            while true {
                guard var top = stack.popLast() else { return value }
                if top.isObject {
                    // One hash; a repeated key (rare) puts the first value back.
                    if let first = top.members.updateValue(value, forKey: key!) { top.members[key!] = first }
                } else {
                    top.elements.append(value)
                }
                if cursor < top.end {
                    stack.append(top)
                    break
                }
                value = top.isObject ? .object(top.members) : .array(top.elements)
                key = top.keyInParent
            }
            // 3. The next entry of the innermost open container.
            if stack[stack.count - 1].isObject {
                key = string(cursor)
                cursor += 1
            }
        }
    }

    /// The `JSONValue` of a number node: `.int` for an integer that fits `Int64`, else `.double`.
    package func numberValue(_ index: Int) -> JSONValue {
        if nodes[index].isInteger, let value = integer(index).exactly(Int64.self) { return .int(value) }
        return .double(double(index))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as compact JSON, members in key order: `{"type":"hologram"}`,
    /// `"refunded"`, `[1,2.5,null]` — what reports and plugin messages show.
    public var description: String {
        var writer = JSONWriter(format: [.sortedKeys, .withoutEscapingSlashes])
        writer.write(.from(self))
        return String(decoding: writer.takeData(), as: UTF8.self)
    }
}
