#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Writes an `EncodedContent` tree as JSON text: CodableKit's own writer.
///
/// The bytes are `JSONEncoder`'s for the same formatting: strings escape `"`, `\`,
/// `/` (unless `.withoutEscapingSlashes`) and every control character (as `\n`,
/// `\t`… or `\u00xx`); everything else, non-BMP characters included, is written
/// as UTF-8. Numbers are written as the encoder made them. `.sortedKeys` orders
/// members by their keys' UTF-8 bytes; `.prettyPrinted` puts each member and element
/// on its own line, indented by two spaces, with `" : "`, and an empty container as
/// two lines. An object whose key repeats is written with the last member for that
/// key. Deep trees are written without recursion: one frame per open container.
struct JSONWriter: ~Copyable {
    let sortedKeys: Bool
    let prettyPrinted: Bool
    let escapesSlashes: Bool
    /// The output, written with plain stores (`Array` checks uniqueness and capacity per append).
    /// Written only by the writer's own methods (here and in `JSONWriter+Numbers.swift`).
    var bytes = ByteArena()

    /// What has been written, taken out of the writer (no copy).
    mutating func takeData() -> Data { bytes.takeData() }

    init(format: JSONEncoder.OutputFormatting) {
        sortedKeys = format.contains(.sortedKeys)
        prettyPrinted = format.contains(.prettyPrinted)
        escapesSlashes = !format.contains(.withoutEscapingSlashes)
    }

    /// An open container and how far it is written.
    private enum Frame {
        case array([EncodedContent], next: Int)
        case object([(key: String, value: EncodedContent)], next: Int)
    }

    /// The number of bytes written so far.
    var count: Int { bytes.count }

    /// A copy of what was written from offset `start` on.
    func bytes(from start: Int) -> [UInt8] { bytes.bytes(from: start) }

    /// Forgets everything written after the first `count` bytes.
    mutating func truncate(to count: Int) {
        bytes.truncate(to: count)
    }

    /// Writes `root` as the value of a container `depth` levels deep (for indentation).
    mutating func write(_ root: EncodedContent, depth: Int = 0) {
        var stack: [Frame] = []
        var pending: EncodedContent? = root
        while true {
            if let value = pending {
                pending = nil
                if let frame = open(value, depth: depth + stack.count) { stack.append(frame) }
            }
            guard var frame = stack.popLast() else { return }
            let level = depth + stack.count
            switch frame {
            case let .array(elements, next):
                if next < elements.count {
                    separate(index: next, depth: level + 1)
                    pending = elements[next]
                    frame = .array(elements, next: next + 1)
                    stack.append(frame)
                } else {
                    close(object: false, count: next, depth: level)
                }
            case let .object(members, next):
                if next < members.count {
                    separate(index: next, depth: level + 1)
                    writeKey(members[next].key)
                    pending = members[next].value
                    frame = .object(members, next: next + 1)
                    stack.append(frame)
                } else {
                    close(object: true, count: next, depth: level)
                }
            }
        }
    }

    /// Writes a scalar or an empty container, or opens a container and returns its frame.
    private mutating func open(_ value: EncodedContent, depth: Int) -> Frame? {
        switch value {
        case .null: writeNull()
        case let .bool(flag): writeBool(flag)
        case let .number(text): writeNumber(text)
        case let .string(text): writeString(text)
        case let .node(node): return open(node.finishedContent(), depth: depth)
        case let .array(elements):
            bytes.append(UInt8(ascii: "["))
            guard !elements.isEmpty else {
                close(object: false, count: 0, depth: depth)
                return nil
            }
            return .array(elements, next: 0)
        case var .object(members):
            bytes.append(UInt8(ascii: "{"))
            guard !members.isEmpty else {
                close(object: true, count: 0, depth: depth)
                return nil
            }
            if let unique = EncodedContent.lastOfEachKey(members) { members = unique }
            if sortedKeys { members.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) } }
            return .object(members, next: 0)
        }
        return nil
    }

    // MARK: Pieces, for the tree above and for `StreamEncoder`

    /// Opens an object (`{`) or an array (`[`).
    @inline(__always)
    mutating func open(object: Bool) {
        bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
    }

    /// Before member or element `index` of a container whose members sit `depth` levels deep.
    @inline(__always)
    mutating func separate(index: Int, depth: Int) {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        newline(depth)
    }

    /// A member's key and the colon after it.
    @inline(__always)
    mutating func writeKey(_ key: String) {
        writeString(key)
        if prettyPrinted { append(" : ") } else { bytes.append(UInt8(ascii: ":")) }
    }

    /// A member's key and the colon after it; the key's `KeyHash`, from its bytes as they are written.
    @inline(__always)
    mutating func writeKeyHashing(_ key: String) -> UInt64 {
        let hash: UInt64
        if let written = key.utf8.withContiguousStorageIfAvailable({ writeHashing(utf8: $0) }) {
            hash = written
        } else {
            var key = key
            hash = key.withUTF8 { writeHashing(utf8: $0) }
        }
        if prettyPrinted { append(" : ") } else { bytes.append(UInt8(ascii: ":")) }
        return hash
    }

    @inline(__always)
    private mutating func writeHashing(utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = utf8.count
        if count > 0, count < 8, let source = utf8.baseAddress {  // most keys: one word, written and hashed
            let word = KeyHash.gather(source, count: count)
            if writeShort(word, count: count) { return KeyHash.mix(word, count: count) }
            writeEscaping(utf8: utf8)
            return KeyHash.mix(word, count: count)
        }
        writeEscaping(utf8: utf8)
        return KeyHash.of(utf8)
    }

    /// Closes a container `depth` levels deep that got `count` members or elements.
    @inline(__always)
    mutating func close(object: Bool, count: Int, depth: Int) {
        if count == 0 { emptyLines(depth) } else { newline(depth) }
        bytes.append(object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    mutating func writeNull() { bytes.append(word: 0x6C6C_756E, count: 4) }  // `null`

    /// Bytes written as they are (JSON made beforehand: a plan's escaped keys).
    @inline(__always)
    mutating func writeRaw(_ raw: UnsafeBufferPointer<UInt8>) { bytes.append(raw) }

    /// How many bytes `writeRaw(padded:)` may read from the start of what it copies.
    static let paddedRawLength = ByteArena.paddedLength

    /// `writeRaw` for bytes that can be read `paddedRawLength` at a time from their start
    /// (their owner pads them): a short run is copied in words, without a `memcpy` call.
    @inline(__always)
    mutating func writeRaw(padded raw: UnsafeBufferPointer<UInt8>) { bytes.append(padded: raw) }

    mutating func writeBool(_ flag: Bool) {
        bytes.append(word: flag ? 0x6575_7274 : 0x65_736C_6166, count: flag ? 4 : 5)  // `true`, `false`
    }

    private mutating func append(_ text: StaticString) {
        // Safety: a static string's UTF-8 lives for the process.
        bytes.append(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// A number's text; an integral floating-point value without its `.0`, as `JSONEncoder` writes it.
    mutating func writeNumber(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            let count = utf8.count
            let integral = count > 2 && utf8[count - 2] == UInt8(ascii: ".") && utf8[count - 1] == UInt8(ascii: "0")
            // Safety: a slice of the text's own bytes (count > 2), copied inside the closure.
            bytes.append(integral ? UnsafeBufferPointer(rebasing: utf8[..<(count - 2)]) : utf8)
        }
    }

    /// Inside an empty container when pretty-printing: an empty line, then the closing indent.
    @inline(__always)
    private mutating func emptyLines(_ depth: Int) {
        guard prettyPrinted else { return }
        bytes.append(UInt8(ascii: "\n"))
        newline(depth)
    }

    @inline(__always)
    private mutating func newline(_ depth: Int) {
        if prettyPrinted { indent(depth) }
    }

    private mutating func indent(_ depth: Int) {
        bytes.append(UInt8(ascii: "\n"))
        for _ in 0 ..< depth * 2 { bytes.append(UInt8(ascii: " ")) }
    }

    mutating func writeString(_ text: String) {
        // Native and small strings lend their bytes without a copy of the string (`withUTF8`
        // needs a `var`, which retains it); a bridged string is made contiguous first.
        if text.utf8.withContiguousStorageIfAvailable({ writeString(utf8: $0) }) == nil {
            var text = text
            text.withUTF8 { writeString(utf8: $0) }
        }
    }

    /// A string given as its UTF-8 bytes, quoted and escaped as `writeString(_:)` writes it.
    mutating func writeString(utf8: UnsafeBufferPointer<UInt8>) {
        let count = utf8.count
        if count > 0, count < 8, let source = utf8.baseAddress, writeShort(KeyHash.gather(source, count: count), count: count) {
            return
        }
        writeEscaping(utf8: utf8)
    }

    /// A string of any length, scanned for escapes.
    private mutating func writeEscaping(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(UInt8(ascii: "\""))
        if let source = utf8.baseAddress {
            // In pieces with room for every byte escaped (`\u00xx`), so that escapes are written
            // in place; a piece bounds that room for long text.
            var start = 0
            while start < utf8.count {
                let end = Swift.min(start + 4096, utf8.count)
                writeEscaping(source + start, count: end - start)
                start = end
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func writeEscaping(_ source: UnsafePointer<UInt8>, count: Int) {
        // Six bytes for every byte read (`\u00xx`), and a word's store past the last.
        var out = bytes.reserve(count &* 6 &+ 8)
        var index = 0
        while index < count {
            // Eight bytes at a time (long text is mostly bytes that need no escape): a word is
            // stored whole, and kept up to its first byte that may need one. The last few bytes
            // of a string of eight or more are read as the end of its last eight (the bytes
            // already written shifted out, letters, which need no escape, in their place): a
            // byte at a time, they would be a loop of a different length for every string.
            let word: UInt64, available: Int
            if index + 8 <= count {
                // Safety: read only when `index + 8 <= count`.
                word = UInt64(littleEndian: UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self))
                available = 8
            } else if count >= 8 {
                available = count &- index  // 1 ... 7
                // Safety: the string's last eight bytes (`count >= 8`).
                let last = UInt64(littleEndian: UnsafeRawPointer(source + count - 8).loadUnaligned(as: UInt64.self))
                word = Self.filled(last &>> UInt64(64 &- 8 &* available), count: available)
            } else {
                // One of a short string's bytes (one that needs an escape is among them).
                out = write(source[index], at: out)
                index += 1
                continue
            }
            let found = escapeMask(word)  // the first byte in memory, the lowest
            // Safety: eight bytes at `out` are inside the room reserved: six for every byte
            // from `index` on, and eight more.
            UnsafeMutableRawPointer(out).storeBytes(of: word.littleEndian, as: UInt64.self)
            if found == 0 {
                out += available
                index += available
                continue
            }
            // Exact for the lowest byte flagged (a flag only spills into higher bytes), and
            // one of the string's: the letters put past its end are never flagged.
            let clean = found.trailingZeroBitCount / 8
            out += clean
            index += clean
            // The byte flagged, written escaped if it needs it.
            out = write(source[index], at: out)
            index += 1
        }
        bytes.commit(upTo: out)
    }

    /// Writes `byte` at `out`, escaped if it needs it, in room `writeEscaping` reserved; where the next byte goes.
    @inline(__always)
    private func write(_ byte: UInt8, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        if needsEscape(byte) { return writeEscape(byte, at: out) }
        out.pointee = byte  // Safety: inside the `count * 6` reserved: at most 6 bytes a byte read
        return out + 1
    }

    /// A string of fewer than eight bytes (most keys), gathered into `word` (`KeyHash.gather`),
    /// written with its quotes if it needs no escape: the rest of the word is filled with a
    /// letter and the word stored whole. False, and nothing written, if it needs an escape.
    @inline(__always)
    private mutating func writeShort(_ word: UInt64, count: Int) -> Bool {
        let filled = Self.filled(word, count: count)
        guard escapeMask(filled) == 0 else { return false }
        let out = bytes.reserve(10)
        // Safety (these three): `reserve(10)` made room for the quote, the eight bytes and the closing quote.
        out.pointee = UInt8(ascii: "\"")
        UnsafeMutableRawPointer(out + 1).storeBytes(of: filled, as: UInt64.self)
        out[count + 1] = UInt8(ascii: "\"")
        bytes.commit(upTo: out + count + 2)
        return true
    }

    /// `word`'s first `count` bytes (1 ... 7), the rest letters ("a"), which never need an escape.
    @inline(__always)
    private static func filled(_ word: UInt64, count: Int) -> UInt64 {
        word | 0x6161_6161_6161_6161 & ~((1 &<< UInt64(8 &* count)) &- 1)
    }

    /// Whether `byte` is written as an escape: `"`, `\`, a control character, `/` unless
    /// `.withoutEscapingSlashes`. Every such byte is at most `\` (0x5C): lowercase letters
    /// and UTF-8's multi-byte sequences fail the first comparison.
    @inline(__always)
    private func needsEscape(_ byte: UInt8) -> Bool {
        byte <= UInt8(ascii: "\\") && (byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
            || (byte == UInt8(ascii: "/") && escapesSlashes))
    }

    /// The high bit of each of the eight bytes of `word` (little-endian) that may need an
    /// escape: exact when none does, and for the lowest byte flagged.
    @inline(__always)
    private func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func hasZeroByte(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highBits }
        var found = (word &- 0x2020_2020_2020_2020) & ~word & highBits  // a byte below 0x20
        found |= hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\""))))
        found |= hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "\\"))))
        if escapesSlashes { found |= hasZeroByte(word ^ (ones &* UInt64(UInt8(ascii: "/")))) }
        return found
    }

    /// Writes the escape for `byte` at `out` (in room `writeEscaping` reserved); where the next byte goes.
    @inline(__always)
    private func writeEscape(_ byte: UInt8, at out: UnsafeMutablePointer<UInt8>) -> UnsafeMutablePointer<UInt8> {
        out[0] = UInt8(ascii: "\\")
        let letter: UInt8
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): letter = byte
        case 0x0A: letter = UInt8(ascii: "n")
        case 0x0D: letter = UInt8(ascii: "r")
        case 0x09: letter = UInt8(ascii: "t")
        case 0x08: letter = UInt8(ascii: "b")
        case 0x0C: letter = UInt8(ascii: "f")
        default:
            out[1] = UInt8(ascii: "u")
            out[2] = UInt8(ascii: "0")
            out[3] = UInt8(ascii: "0")
            out[4] = hexDigit(byte >> 4)
            out[5] = hexDigit(byte & 0xF)
            return out + 6
        }
        out[1] = letter
        return out + 2
    }

    private func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
