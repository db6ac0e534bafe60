/// Malformed JSON input: what was expected, what was found, and where.
///
/// The decoding entry points throw it wrapped in `DecodingError.dataCorrupted`
/// (as its `underlyingError`), as `JSONDecoder` users expect.
///
/// ```swift
/// do { _ = try JSONValue(parsing: #"{"a": 1,,}"#) }
/// catch let error as JSONReadError {
///     print(error)   // line 1, column 9 (byte 8): expected a string key, found ','
/// }
/// ```
public struct JSONReadError: Error, CustomStringConvertible, Sendable {
    /// Byte offset of the problem in the UTF-8 input, from 0.
    public var offset: Int
    /// Line of the problem, from 1 (lines end at `\n`).
    public var line: Int
    /// Column of the problem, from 1, counted in Unicode scalars.
    public var column: Int
    /// What went wrong, without the position.
    public var reason: String

    /// The position and the reason, for a person to act on.
    public var description: String {
        "line \(line), column \(column) (byte \(offset)): \(reason)"
    }

    package init(reason: Reason, offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        self.offset = offset
        self.reason = reason.text
        (line, column) = Self.lineAndColumn(of: min(offset, bytes.count), in: bytes)
    }

    /// Line and column of `offset` (a column per Unicode scalar), computed only when an error
    /// or a partial document's end is reported, never on the hot path: lines are counted
    /// first, then the scalars of the last line alone.
    package static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var index = 0
        if let base = bytes.baseAddress {  // eight bytes at a time: `decodePartial` reports every prefix's end
            let (ones, highs, lows) = (UInt64(0x0101_0101_0101_0101), UInt64(0x8080_8080_8080_8080), UInt64(0x7F7F_7F7F_7F7F_7F7F))
            while index + 8 <= offset {
                // Safety: `index + 8 <= offset <= bytes.count`: the eight bytes lie in `bytes`.
                let word = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ (ones &* 0x0A)
                // One high bit per byte that was "\n", counted by a multiply that sums the bytes
                // (`nonzeroBitCount` is a loop of shifts on an x86-64 without `popcnt`).
                line += Int(truncatingIfNeeded: (((~(((word & lows) &+ lows) | word) & highs) >> 7) &* ones) >> 56)
                index += 8
            }
        }
        while index < offset {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        var lineStart = offset
        while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
        var column = 1
        for index in lineStart ..< offset where bytes[index] & 0xC0 != 0x80 { column += 1 }  // a continuation byte starts no scalar
        return (line, column)
    }
}

extension JSONReadError {
    /// Every way input can be malformed; the text of each is made here and nowhere else.
    package enum Reason: Sendable {
        case expected(String, found: Found)
        case invalidUTF8
        /// Input detected as UTF-16 or UTF-32 (named) with an invalid code unit sequence.
        case invalidEncoding(String)
        /// `\0`, `\x00` or `\u0000` in a JSON5 string, which `JSONDecoder` rejects.
        case escapedNul
        case unescapedControlCharacter(UInt8)
        case invalidEscape(Found)
        case invalidUnicodeEscape
        case loneSurrogate(UInt16)
        case invalidNumber(String)
        case tooDeep(limit: Int)
        /// Nesting that would overflow the thread's stack before `maxDepth` is reached.
        case tooDeepForStack(depth: Int)
        case tooLarge(limit: Int)

        var text: String {
            switch self {
            case let .expected(what, found):
                return "expected \(what), found \(found)"
            case .invalidUTF8:
                return "invalid UTF-8 byte sequence"
            case let .invalidEncoding(name):
                return "invalid \(name) code unit sequence"
            case .escapedNul:
                return "U+0000 is not allowed in a JSON5 string"
            case let .unescapedControlCharacter(byte):
                return "control character \(Found.scalarName(byte)) must be escaped in a string"
            case let .invalidEscape(found):
                return #"invalid escape sequence: expected one of \" \\ \/ \b \f \n \r \t \u after '\', found "# + "\(found)"
            case .invalidUnicodeEscape:
                return #"invalid \u escape: expected four hexadecimal digits"#
            case let .loneSurrogate(unit):
                return "lone UTF-16 surrogate \\u\(Found.hex4(unit)) is not a character"
            case let .invalidNumber(detail):
                return "invalid number: \(detail)"
            case let .tooDeep(limit):
                return "nesting deeper than the limit of \(limit) arrays and objects"
            case let .tooDeepForStack(depth):
                return "nesting too deep for this thread's stack after \(depth) levels of arrays and objects: read it on a thread with a larger stack, or lower DecodingOptions.maxDepth"
            case let .tooLarge(limit):
                return "input larger than the limit of \(limit) bytes"
            }
        }
    }

    /// What the reader saw where it expected something else.
    package enum Found: Sendable, CustomStringConvertible {
        case byte(UInt8)
        case endOfInput

        package var description: String {
            switch self {
            case .endOfInput:
                return "end of input"
            case let .byte(byte) where byte >= 0x21 && byte < 0x7F:
                return "'\(Character(Unicode.Scalar(byte)))'"
            case let .byte(byte):
                return Self.scalarName(byte)
            }
        }

        static func scalarName(_ byte: UInt8) -> String {
            byte < 0x80 ? "U+00\(hex2(byte))" : "byte 0x\(hex2(byte))"
        }

        static func hex2(_ byte: UInt8) -> String {
            let text = String(byte, radix: 16, uppercase: true)
            return byte < 0x10 ? "0" + text : text
        }

        static func hex4(_ unit: UInt16) -> String {
            let text = String(unit, radix: 16, uppercase: true)
            return String(repeating: "0", count: 4 - text.count) + text
        }
    }
}

extension JSONParser {
    /// `expected X, found <what is at the current position>`.
    func expected(_ what: String) -> JSONReadError {
        error(.expected(what, found: peek().map { .byte($0) } ?? .endOfInput), at: position)
    }

    func error(_ reason: JSONReadError.Reason, at offset: Int) -> JSONReadError {
        JSONReadError(reason: reason, offset: offset, in: input)
    }
}
