/// Follows JSON's structure one byte at a time, across chunks: which arrays and objects are
/// open (with the key each member is under), where each value begins and ends, whether a
/// string or a number is in progress. It does not validate: the parser does, for each value
/// it is handed; where the structure itself is broken, that value fails to parse.
struct StructureScanner {
    struct Open {
        var isObject: Bool
        /// Offset of its opening bracket.
        var start: Int
        /// Offset just past its last complete member or element; nil while it has none.
        var lastComplete: Int?
        /// Elements (or members) begun so far.
        var count = 0
        /// An object: the next string is a key (after `{` or `,`).
        var expectsKey: Bool
        /// Where the element or member value being read began.
        var valueStart: Int?
    }

    /// A value that ended directly inside the container `depth - 1` (0: the top level),
    /// spanning `start ..< end`.
    struct Ended {
        var start: Int
        var end: Int
        var depth: Int
    }

    init(tracksKeys: Bool) {
        self.tracksKeys = tracksKeys
    }

    /// Whether keys are kept (`path(to:)`): only to find a designated path.
    let tracksKeys: Bool
    /// The open containers, outermost first; plain values, so that opening and closing one
    /// costs no reference counting.
    private(set) var stack: [Open] = []
    /// With `tracksKeys`, per open container: the key of the member being read, as written
    /// (escapes and all).
    private var keys: [[UInt8]] = []
    private var inString = false
    private var escaped = false
    private var stringIsKey = false
    private var inScalar = false
    /// Where the top-level value began, and whether it ended.
    private(set) var topLevelStart: Int?
    private(set) var topLevelEnd: Int?

    /// Takes `bytes[range]` (offsets are `bytes`' own), `ended` called as in `take`; `stop`
    /// is asked after each byte whether to stop there. The offset after the last byte taken.
    /// Inside a string (most of a document's bytes) it skips to the next quote or backslash
    /// without taking each byte on its own.
    mutating func take(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                       ended: (Ended) throws -> Void, stop: (() -> Bool)? = nil) rethrows -> Int {
        var offset = start
        while offset < end {
            if !inString, !inScalar {  // whitespace between tokens (a pretty-printed document's indentation)
                while offset < end, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x09 || bytes[offset] == 0x0D {
                    offset += 1
                }
                if offset == end { break }
            } else if inString, !escaped, !(stringIsKey && tracksKeys) {
                offset = Self.quoteOrBackslash(in: bytes, from: offset, to: end)
                if offset == end { break }
            } else if inScalar {  // the rest of a number or literal: letters, digits, signs, points
                while offset < end, bytes[offset] > UInt8(ascii: ","), bytes[offset] != UInt8(ascii: "]"), bytes[offset] != UInt8(ascii: "}") {
                    offset += 1
                }
                if offset == end { break }
            }
            try take(bytes[offset], at: offset, ended: ended)
            offset += 1
            if let stop, stop() { break }
        }
        return offset
    }

    /// The offset of the first `"` or `\\` in `bytes[start ..< end]`, or `end`: eight bytes at a
    /// time (as `JSONParser`'s string scan), since strings are most of a document's bytes.
    @inline(__always)
    private static func quoteOrBackslash(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int {
        var offset = start
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            while offset + 8 <= end {
                // Safety: `offset + 8 <= end <= bytes.count`: the eight bytes lie in `bytes`.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
                let quote = word ^ (ones &* 0x22), backslash = word ^ (ones &* 0x5C)
                // A high bit at the first byte equal to either (a borrow may mark later bytes too).
                let found = (((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & (ones &* 0x80)
                if found != 0 { return offset + found.trailingZeroBitCount / 8 }
                offset += 8
            }
        }
        while offset < end, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\") { offset += 1 }
        return offset
    }

    /// Takes the byte at `offset`; `ended` is called for each value that ends with it (a
    /// scalar ended by a closing bracket, then the container that bracket closes).
    @inline(__always)
    mutating func take(_ byte: UInt8, at offset: Int, ended: (Ended) throws -> Void) rethrows {
        if inString {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inString = false
                if stringIsKey { stringIsKey = false } else { try ended(valueEnded(at: offset + 1)) }
                return
            }
            if stringIsKey, tracksKeys { keys[keys.count - 1].append(byte) }
            return
        }
        if inScalar {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D:
                inScalar = false
                try ended(valueEnded(at: offset))
            default:
                return
            }
        }
        switch byte {
        case UInt8(ascii: "\""):
            if let top = stack.last, top.isObject, top.expectsKey {
                if tracksKeys { keys[keys.count - 1] = [] }
                stringIsKey = true
            } else {
                beginValue(at: offset)
            }
            inString = true
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            beginValue(at: offset)
            stack.append(Open(isObject: byte == UInt8(ascii: "{"), start: offset, expectsKey: byte == UInt8(ascii: "{")))
            if tracksKeys { keys.append([]) }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            guard !stack.isEmpty else { return }
            stack.removeLast()
            if tracksKeys { keys.removeLast() }
            try ended(valueEnded(at: offset + 1))
        case UInt8(ascii: ","):
            if !stack.isEmpty {
                stack[stack.count - 1].valueStart = nil
                if stack[stack.count - 1].isObject { stack[stack.count - 1].expectsKey = true }
            }
        case UInt8(ascii: ":"):
            if !stack.isEmpty { stack[stack.count - 1].expectsKey = false }
        case 0x20, 0x09, 0x0A, 0x0D:
            break
        default:  // a number or a literal begins
            beginValue(at: offset)
            inScalar = true
        }
    }

    private mutating func beginValue(at offset: Int) {
        if stack.isEmpty {
            if topLevelStart == nil { topLevelStart = offset }
        } else if stack[stack.count - 1].valueStart == nil {
            stack[stack.count - 1].valueStart = offset
            stack[stack.count - 1].count += 1
        }
    }

    private mutating func valueEnded(at end: Int) -> Ended {
        guard !stack.isEmpty else {
            topLevelEnd = end
            return Ended(start: topLevelStart ?? end, end: end, depth: 0)
        }
        stack[stack.count - 1].lastComplete = end
        return Ended(start: stack[stack.count - 1].valueStart ?? end, end: end, depth: stack.count)
    }

    /// The keys and indices of the containers open down to `depth` levels.
    func path(to depth: Int) -> [String] {
        (0 ..< depth).map { level in
            stack[level].isObject ? String(decoding: keys[level], as: UTF8.self) : String(stack[level].count - 1)
        }
    }

    /// A string, number or literal was in progress when the bytes ran out.
    var endsInsideValue: Bool { inString || inScalar }
    /// A string that is a value (not a key) was in progress when the bytes ran out.
    var endsInsideStringValue: Bool { inString && !stringIsKey }
    /// Offsets are relative to the bytes taken; after the caller drops the first `count`
    /// of them, this shifts every offset kept.
    mutating func dropFirst(_ count: Int) {
        for level in stack.indices {
            stack[level].start -= count
            stack[level].lastComplete = stack[level].lastComplete.map { $0 - count }
            stack[level].valueStart = stack[level].valueStart.map { $0 - count }
        }
        topLevelStart = topLevelStart.map { $0 - count }
        topLevelEnd = topLevelEnd.map { $0 - count }
    }
}
