import Foundation

/// Writes an `EncodedContent` tree as JSON text: CodableKit's own writer.
///
/// Strings escape `"`, `\` and every control character (as `\n`, `\t`… or
/// `\u00XX`); everything else, non-BMP characters included, is written as UTF-8.
/// Numbers are written as the encoder made them (shortest round-trip doubles).
/// `sortedKeys` orders members by their keys' UTF-8 bytes; `prettyPrinted` puts
/// each member and element on its own line, indented by two spaces, with `": "`.
/// Deep trees are written without recursion: one stack frame per open container.
struct JSONWriter: ~Copyable {
    let sortedKeys: Bool
    let prettyPrinted: Bool
    /// The output, written with plain stores (`Array` checks uniqueness and capacity per append).
    private var bytes = ByteArena()

    /// What has been written.
    var data: Data { bytes.data }

    init(sortedKeys: Bool, prettyPrinted: Bool) {
        self.sortedKeys = sortedKeys
        self.prettyPrinted = prettyPrinted
    }

    /// An open container and how far it is written.
    private enum Frame {
        case array([EncodedContent], next: Int)
        case object([(key: String, value: EncodedContent)], next: Int)
    }

    mutating func write(_ root: EncodedContent) {
        var stack: [Frame] = []
        var pending: EncodedContent? = root
        while true {
            if let value = pending {
                pending = nil
                if let frame = open(value, depth: stack.count) { stack.append(frame) }
            }
            guard var frame = stack.popLast() else { return }
            switch frame {
            case let .array(elements, next):
                if next < elements.count {
                    if next > 0 { bytes.append(UInt8(ascii: ",")) }
                    newline(stack.count + 1)
                    pending = elements[next]
                    frame = .array(elements, next: next + 1)
                    stack.append(frame)
                } else {
                    newline(stack.count)
                    bytes.append(UInt8(ascii: "]"))
                }
            case let .object(members, next):
                if next < members.count {
                    if next > 0 { bytes.append(UInt8(ascii: ",")) }
                    newline(stack.count + 1)
                    writeString(members[next].key)
                    bytes.append(UInt8(ascii: ":"))
                    if prettyPrinted { bytes.append(UInt8(ascii: " ")) }
                    pending = members[next].value
                    frame = .object(members, next: next + 1)
                    stack.append(frame)
                } else {
                    newline(stack.count)
                    bytes.append(UInt8(ascii: "}"))
                }
            }
        }
    }

    /// Writes a scalar or an empty container, or opens a container and returns its frame.
    private mutating func open(_ value: EncodedContent, depth: Int) -> Frame? {
        switch value {
        case .null: append("null")
        case let .bool(flag): append(flag ? "true" : "false")
        case let .number(text): appendUTF8(text)
        case let .string(text): writeString(text)
        case let .node(node): return open(node.content, depth: depth)
        case let .array(elements):
            guard !elements.isEmpty else { append("[]"); return nil }
            bytes.append(UInt8(ascii: "["))
            return .array(elements, next: 0)
        case var .object(members):
            guard !members.isEmpty else { append("{}"); return nil }
            if sortedKeys { members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } }
            bytes.append(UInt8(ascii: "{"))
            return .object(members, next: 0)
        }
        return nil
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append($0) }
    }

    private mutating func newline(_ depth: Int) {
        guard prettyPrinted else { return }
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0 ..< depth * 2 { bytes.append(UInt8(ascii: " ")) }
    }

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(UnsafeBufferPointer(rebasing: utf8[runStart ..< index]))
                runStart = index + 1
                switch byte {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case 0x0A: append("\\n")
                case 0x0D: append("\\r")
                case 0x09: append("\\t")
                case 0x08: append("\\b")
                case 0x0C: append("\\f")
                default:
                    append("\\u00")
                    bytes.append(hexDigit(byte >> 4))
                    bytes.append(hexDigit(byte & 0xF))
                }
            }
            bytes.append(UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
