/// Writes an `EncodedNode` tree as JSON text: CodableKit's own writer.
///
/// Strings escape `"`, `\` and every control character (as `\n`, `\t`… or
/// `\u00XX`); everything else, non-BMP characters included, is written as UTF-8.
/// Numbers are written as the encoder made them (shortest round-trip doubles).
/// `sortedKeys` orders members by their keys' UTF-8 bytes; `prettyPrinted` puts
/// each member and element on its own line, indented by two spaces, with `": "`.
/// Deep trees are written without recursion.
struct JSONWriter {
    var sortedKeys = false
    var prettyPrinted = false
    private(set) var bytes: [UInt8] = []

    init(sortedKeys: Bool, prettyPrinted: Bool) {
        self.sortedKeys = sortedKeys
        self.prettyPrinted = prettyPrinted
    }

    /// Work still to write, last first: a node, or a piece of punctuation.
    private enum Step {
        case node(EncodedNode, depth: Int)
        case text(StaticString)
        case newline(depth: Int)
        case key(String)
    }

    mutating func write(_ root: EncodedNode) {
        var steps: [Step] = [.node(root, depth: 0)]
        while let step = steps.popLast() {
            switch step {
            case let .text(text): append(text)
            case let .newline(depth): newline(depth)
            case let .key(key):
                writeString(key)
                append(prettyPrinted ? ": " : ":")
            case let .node(node, depth):
                switch node.content {
                case .null: append("null")
                case let .bool(value): append(value ? "true" : "false")
                case let .number(text): bytes.append(contentsOf: text.utf8)
                case let .string(text): writeString(text)
                case let .array(elements):
                    guard !elements.isEmpty else { append("[]"); break }
                    append("[")
                    steps.append(.text("]"))
                    steps.append(.newline(depth: depth))
                    for (index, element) in elements.enumerated().reversed() {
                        steps.append(.node(element, depth: depth + 1))
                        steps.append(.newline(depth: depth + 1))
                        if index > 0 { steps.append(.text(",")) }
                    }
                case var .object(members):
                    guard !members.isEmpty else { append("{}"); break }
                    if sortedKeys { members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } }
                    append("{")
                    steps.append(.text("}"))
                    steps.append(.newline(depth: depth))
                    for (index, member) in members.enumerated().reversed() {
                        steps.append(.node(member.value, depth: depth + 1))
                        steps.append(.key(member.key))
                        steps.append(.newline(depth: depth + 1))
                        if index > 0 { steps.append(.text(",")) }
                    }
                }
            }
        }
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func newline(_ depth: Int) {
        guard prettyPrinted else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0 ..< 0x20:
                append("\\u00")
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0xF))
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
