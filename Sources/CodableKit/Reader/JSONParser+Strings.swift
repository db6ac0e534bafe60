/// String scanning: validates UTF-8, rejects raw control characters, and
/// unescapes strings that contain escapes into the arena (the rest stay where
/// they are in the input). A string with no non-ASCII character is flagged
/// `asciiFlag`, so that making its `String` needs no scan of its own.
extension JSONParser {
    /// Reads the string starting at the `"` under `position`. Most strings (every key
    /// of most documents) are ASCII without escapes: those are read here, inline in
    /// the parser's loop, without a call per string.
    @inline(__always)
    mutating func parseString() throws(JSONReadError) {
        let start = position + 1
        position = plainRunEnd(from: start)
        if position < input.count, input[position] == UInt8(ascii: "\"") {
            appendString(offset: start, length: position - start, flags: JSONDocument.Node.asciiFlag)
            position += 1
            return
        }
        try continueString(from: start)
    }

    /// The rest of a string that starts at `start` and has something other than plain
    /// ASCII (or its end) at `position`.
    @inline(never)
    private mutating func continueString(from start: Int) throws(JSONReadError) {
        var flags = JSONDocument.Node.asciiFlag
        while position < input.count {
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                appendString(offset: start, length: position - start, flags: flags)
                position += 1
                return
            } else if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(from: start, flags: flags)
            } else if byte < 0x20 {
                throw error(.unescapedControlCharacter(byte), at: position)
            } else {
                flags = 0
                try validateNonASCIIRun()
            }
            position = plainRunEnd(from: position)
        }
        throw expected("'\"' to end the string")
    }

    @inline(__always)
    private mutating func appendString(offset: Int, length: Int, flags: UInt8) {
        nodes.append(.init(kind: .string, flags: flags, offsetOrEnd: UInt32(offset), lengthOrCount: UInt32(length)))
    }

    /// The slow path, from the first backslash on: the string is rebuilt unescaped in the arena.
    /// `flags`: the node's flags for the text before the backslash (`asciiFlag`, or not).
    private mutating func parseEscapedString(from start: Int, flags: UInt8) throws(JSONReadError) {
        let arenaStart = arena.count
        var flags = flags
        copyToArena(start ..< position)
        while true {
            let runStart = position
            position = plainRunEnd(from: position)
            copyToArena(runStart ..< position)
            guard position < input.count else { break }
            let byte = input[position]
            if byte == UInt8(ascii: "\"") {
                appendString(offset: input.count + arenaStart, length: arena.count - arenaStart, flags: flags)
                position += 1
                return
            } else if byte == UInt8(ascii: "\\") {
                if try parseEscape() { flags = 0 }
            } else if byte < 0x20 {
                throw error(.unescapedControlCharacter(byte), at: position)
            } else {
                // A run of non-ASCII text, validated scalar by scalar and copied at once.
                flags = 0
                let runStart = position
                try validateNonASCIIRun()
                copyToArena(runStart ..< position)
            }
        }
        throw expected("'\"' to end the string")
    }

    @inline(__always)
    private mutating func copyToArena(_ range: Range<Int>) {
        // Safety: `range` lies in the input (the parser scanned it), and the arena copies it.
        arena.append(UnsafeBufferPointer(rebasing: input[range]))
    }

    /// The index of the first byte from `start` that a string scan must look at:
    /// `"`, `\`, a control character, or a non-ASCII byte (or the end of input).
    ///
    /// Eight bytes at a time: each test below sets a byte's high bit exactly when
    /// that byte is special (SWAR; see "Bit Twiddling Hacks", "determine if a word has a byte equal to n").
    @inline(__always)
    private func plainRunEnd(from start: Int) -> Int {
        var index = start
        let base = input.baseAddress!
        while index + 8 <= input.count {
            // Safety: the loop reads a word only while `index + 8 <= input.count`.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let quote = word ^ (ones &* 0x22)
            let backslash = word ^ (ones &* 0x5C)
            let special = ((quote &- ones) & ~quote)       // a byte equal to '"'
                | ((backslash &- ones) & ~backslash)         // a byte equal to '\\'
                | ((word &- ones &* 0x20) & ~word)           // a byte below 0x20
                | word                                       // a byte of 0x80 or more
            let found = special & highs
            if found != 0 { return index + found.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return index }
            index += 1
        }
        return index
    }

    /// One escape sequence at `position` (on its backslash), appended to the arena
    /// unescaped; returns whether that appended a non-ASCII character.
    private mutating func parseEscape() throws(JSONReadError) -> Bool {
        position += 1
        guard let letter = peek() else { throw expected("an escape sequence after '\\'") }
        let simple: UInt8
        switch letter {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            return try parseUnicodeEscape()
        default:
            throw error(.invalidEscape(.byte(letter)), at: position)
        }
        arena.append(simple)
        position += 1
        return false
    }

    /// `\uXXXX`, or a surrogate pair `\uD83D\uDE00`, appended as UTF-8; returns
    /// whether the character is non-ASCII.
    private mutating func parseUnicodeEscape() throws(JSONReadError) -> Bool {
        let escapeStart = position - 1
        position += 1
        let unit = try readHex4()
        var scalar = UInt32(unit)
        switch unit {
        case 0xD800 ... 0xDBFF:
            guard position + 1 < input.count, input[position] == UInt8(ascii: "\\"),
                  input[position + 1] == UInt8(ascii: "u") else {
                throw error(.loneSurrogate(unit), at: escapeStart)
            }
            position += 2
            let low = try readHex4()
            guard (0xDC00 ... 0xDFFF).contains(low) else { throw error(.loneSurrogate(unit), at: escapeStart) }
            scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
        case 0xDC00 ... 0xDFFF:
            throw error(.loneSurrogate(unit), at: escapeStart)
        default:
            break
        }
        // Encode as UTF-8; every value here is a scalar, as surrogates were paired or rejected above.
        switch scalar {
        case ..<0x80:
            arena.append(UInt8(scalar))
        case ..<0x800:
            arena.append(0xC0 | UInt8(scalar >> 6))
            arena.append(0x80 | UInt8(scalar & 0x3F))
        case ..<0x10000:
            arena.append(0xE0 | UInt8(scalar >> 12))
            arena.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            arena.append(0x80 | UInt8(scalar & 0x3F))
        default:
            arena.append(0xF0 | UInt8(scalar >> 18))
            arena.append(0x80 | UInt8(scalar >> 12 & 0x3F))
            arena.append(0x80 | UInt8(scalar >> 6 & 0x3F))
            arena.append(0x80 | UInt8(scalar & 0x3F))
        }
        return scalar >= 0x80
    }

    private mutating func readHex4() throws(JSONReadError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0 ..< 4 {
            guard let byte = peek() else { throw error(.invalidUnicodeEscape, at: position) }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0") ... UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a") ... UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A") ... UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidUnicodeEscape, at: position)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    /// Validates the run of non-ASCII text at `position` (on a byte of 0x80 or more),
    /// moving to the ASCII byte after it or the end.
    ///
    /// Non-ASCII text comes in runs (a sentence of Japanese), mostly of three-byte
    /// scalars whose lead needs no check of the second byte (E1–EC, EE–EF): two of
    /// those are checked at once in one 8-byte word; everything else, scalar by scalar.
    @inline(__always)
    private mutating func validateNonASCIIRun() throws(JSONReadError) {
        let base = input.baseAddress!
        while true {
            while position + 8 <= input.count {
                // Safety: the loop reads a word only while `position + 8 <= input.count`.
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                // Bytes 1, 2, 4 and 5 are continuation bytes (10xxxxxx); bytes 0 and 3, plain leads.
                guard word & 0x0000_C0C0_00C0_C000 == 0x0000_8080_0080_8000,
                      Self.isPlainThreeByteLead(UInt8(truncatingIfNeeded: word)),
                      Self.isPlainThreeByteLead(UInt8(truncatingIfNeeded: word >> 24)) else { break }
                position += 6
            }
            guard position < input.count, input[position] >= 0x80 else { return }
            position += try validateMultibyteScalar()
        }
    }

    /// A lead byte of a three-byte scalar whose second byte may be any continuation byte.
    @inline(__always)
    private static func isPlainThreeByteLead(_ byte: UInt8) -> Bool {
        byte &- 0xE1 < 0x0C || byte &- 0xEE < 2
    }

    /// Validates the multi-byte UTF-8 sequence at `position` and returns its length.
    ///
    /// Well-formed sequences per Unicode Table 3-7: no overlong forms, no encoded
    /// surrogates (U+D800–U+DFFF), nothing above U+10FFFF.
    @inline(__always)
    private func validateMultibyteScalar() throws(JSONReadError) -> Int {
        let lead = input[position]
        // Most of CJK and other BMP text: leads E1–EC and EE–EF, no special second-byte range.
        if Self.isPlainThreeByteLead(lead) {
            guard position + 3 <= input.count, input[position + 1] & 0xC0 == 0x80, input[position + 2] & 0xC0 == 0x80 else {
                throw error(.invalidUTF8, at: position)
            }
            return 3
        }
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80 ... 0xBF
        switch lead {
        case 0xC2 ... 0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0 ... 0xBF
        case 0xE1 ... 0xEC, 0xEE ... 0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80 ... 0x9F
        case 0xF0: length = 4; secondRange = 0x90 ... 0xBF
        case 0xF1 ... 0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80 ... 0x8F
        default: throw error(.invalidUTF8, at: position)
        }
        guard position + length <= input.count, secondRange.contains(input[position + 1]) else {
            throw error(.invalidUTF8, at: position)
        }
        for offset in 2 ..< length where input[position + offset] & 0xC0 != 0x80 {
            throw error(.invalidUTF8, at: position)
        }
        return length
    }
}
