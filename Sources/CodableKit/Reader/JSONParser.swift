/// Turns JSON bytes into a `JSONDocument`: RFC 8259, plus what `JSONDecoder`
/// accepts beyond it.
///
/// One pass, no recursion: open arrays and objects are kept on an explicit
/// stack, so a hostile document can exhaust the depth limit but never the
/// call stack. Accepted beyond the RFC's grammar, as `JSONDecoder` accepts them:
/// a leading UTF-8 byte order mark (RFC 8259 §8.1 allows a reader to ignore it);
/// UTF-16 and UTF-32 input, with or without a byte order mark (`InputEncoding`);
/// a trailing comma after the last element or member (`[1,]`, `{"a":1,}`); and,
/// with `assumesTopLevelDictionary`, an object's members without its braces.
/// Not accepted: comments, single quotes, `NaN`/`Infinity`, leading zeros, a `+`
/// sign, a comma with no value before it, invalid UTF-8, lone surrogates, raw
/// control characters in strings.
package struct JSONParser: ~Copyable {
    /// Default limit on nested arrays and objects.
    package static let defaultMaxDepth = 512

    /// Parses `bytes` into a document.
    /// - Throws: `JSONReadError` naming the byte offset, line and column of the first problem.
    package static func parse(_ bytes: [UInt8], maxDepth: Int = defaultMaxDepth,
                              assumesTopLevelDictionary: Bool = false) throws(JSONReadError) -> JSONDocument {
        // Safety: the bytes are read only inside the closure.
        let other = try bytes.withUnsafeBufferPointer { (input) throws(JSONReadError) in
            try otherForm(of: input, assumesTopLevelDictionary: assumesTopLevelDictionary)
        }
        if let other { return try parse(other, maxDepth: maxDepth) }
        return try parseUTF8(bytes, maxDepth: maxDepth)
    }

    /// Parses `bytes` as UTF-8, whatever their first bytes look like. `skipsByteOrderMark`:
    /// a leading UTF-8 byte order mark is skipped (not in text transcoded from UTF-16 or
    /// UTF-32, whose own mark was skipped already: a second one is no JSON, as `JSONDecoder` says).
    private static func parseUTF8(_ bytes: [UInt8], maxDepth: Int, skipsByteOrderMark: Bool = true) throws(JSONReadError) -> JSONDocument {
        // Safety: the document copies the input it keeps; read only inside the closure.
        try bytes.withUnsafeBufferPointer { (input) throws(JSONReadError) -> JSONDocument in
            var parser = JSONParser(input: input, maxDepth: maxDepth)
            parser.skipsByteOrderMark = skipsByteOrderMark
            try parser.parseDocument()
            return JSONDocument(nodes: parser.nodes, numbers: parser.numbers, bytes: parser.arena.appended(to: bytes),
                                isValidatedUTF8: true)
        }
    }

    /// Parses a caller's contiguous bytes in place, lent for one call (see
    /// `JSONDocument.ownInput`). - Throws: `JSONReadError`, as `parse(_:maxDepth:)`.
    package static func parse(borrowing bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int = defaultMaxDepth,
                              assumesTopLevelDictionary: Bool = false) throws(JSONReadError) -> JSONDocument {
        if let other = try otherForm(of: bytes, assumesTopLevelDictionary: assumesTopLevelDictionary) {
            return try parse(other, maxDepth: maxDepth)
        }
        var parser = JSONParser(input: bytes, maxDepth: maxDepth)
        try parser.parseDocument()
        return JSONDocument(nodes: parser.nodes, numbers: parser.numbers, borrowing: bytes, arena: parser.arena.bytes(from: 0))
    }

    /// Parses a copy of the caller's bytes that the document then owns.
    /// - Throws: `JSONReadError`, as `parse(_:maxDepth:)`.
    package static func parse(owning input: UnsafeMutableRawBufferPointer, maxDepth: Int = defaultMaxDepth,
                              assumesTopLevelDictionary: Bool = false) throws(JSONReadError) -> JSONDocument {
        // Safety: the copy was written as bytes (`Data.copyBytes`) and is only read as bytes.
        let bytes = UnsafeBufferPointer(input.assumingMemoryBound(to: UInt8.self))
        // The copy is freed on every way out but the document (which then owns it).
        let other: OtherForm?
        do {
            other = try otherForm(of: bytes, assumesTopLevelDictionary: assumesTopLevelDictionary)
        } catch {
            input.deallocate()  // Safety: this call owns the copy, and nothing read from it outlives the throw
            throw error
        }
        if let other {
            input.deallocate()  // Safety: `other` is a transcoded copy; nothing refers to this one
            return try parse(other, maxDepth: maxDepth)
        }
        var parser = JSONParser(input: bytes, maxDepth: maxDepth)
        do {
            try parser.parseDocument()
        } catch {
            input.deallocate()  // Safety: the parser and its nodes go with the throw
            throw error
        }
        return JSONDocument(nodes: parser.nodes, numbers: parser.numbers, owning: input, arena: parser.arena.bytes(from: 0))
    }

    /// Text to parse instead of the input, with how its offsets map back to the input's.
    private struct OtherForm {
        var utf8: [UInt8]
        /// Bytes the text has before the input's first byte: 1 for the brace put before
        /// unbraced members, less a skipped byte order mark (3 bytes, one column).
        var offsetShift = 0
        var columnShift = 0
        /// The text is the input transcoded from UTF-16 or UTF-32.
        var isTranscoded = false
    }

    /// The UTF-8 text to parse instead of `input`, when `input` is UTF-16 or UTF-32, or
    /// holds an object's members without braces (`assumesTopLevelDictionary`); nil to
    /// parse `input` as it is.
    private static func otherForm(of input: UnsafeBufferPointer<UInt8>,
                                  assumesTopLevelDictionary: Bool) throws(JSONReadError) -> OtherForm? {
        if let utf8 = try InputEncoding.utf8(from: input) {
            // Safety: the bytes are read only inside the closure.
            var other = assumesTopLevelDictionary ? utf8.withUnsafeBufferPointer { braced($0, skipsByteOrderMark: false) } : nil
            other = other ?? OtherForm(utf8: utf8)
            other!.isTranscoded = true
            return other
        }
        return assumesTopLevelDictionary ? braced(input, skipsByteOrderMark: true) : nil
    }

    /// UTF-8 `input` with braces around it when it holds an object's members without them
    /// (`assumesTopLevelDictionary`); nil when it needs none.
    private static func braced(_ input: UnsafeBufferPointer<UInt8>, skipsByteOrderMark: Bool) -> OtherForm? {
        let start = skipsByteOrderMark && input.count >= 3 && input[0] == 0xEF && input[1] == 0xBB && input[2] == 0xBF ? 3 : 0
        let first = input[start...].firstIndex(where: { !isJSONWhitespace($0) }) ?? input.count
        guard first == input.count || input[first] != UInt8(ascii: "{") else { return nil }
        return OtherForm(utf8: [UInt8(ascii: "{")] + input[start...] + [UInt8(ascii: "}")], offsetShift: 1 - start, columnShift: start == 0 ? 1 : 0)
    }

    /// Parses text made by `otherForm`, as UTF-8: its encoding is not looked for again (the
    /// UTF-8 of UTF-32 `2` and U+0000 would look like UTF-16); an error names its position
    /// in the input.
    private static func parse(_ other: OtherForm, maxDepth: Int) throws(JSONReadError) -> JSONDocument {
        do {
            return try parseUTF8(other.utf8, maxDepth: maxDepth, skipsByteOrderMark: !other.isTranscoded)
        } catch {
            var error = error
            error.offset = max(0, error.offset - other.offsetShift)
            if error.line == 1 { error.column = max(1, error.column - other.columnShift) }
            throw error
        }
    }

    let input: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    /// Whether a leading UTF-8 byte order mark is skipped (see `parseUTF8`).
    var skipsByteOrderMark = true
    var position = 0
    var nodes: NodeBuffer
    /// The values of the numbers converted as they were read.
    var numbers: NumberValues
    /// Unescaped strings; a string node in it has offset `input.count + arena offset`.
    var arena = ByteArena()
    /// The arrays and objects still open, innermost last (a `Stack`: an `Array` checks
    /// uniqueness on every push and pop, one of each per container).
    var open = Stack<OpenContainer>(capacity: 32)

    /// An array or object being read: its node, its kind, and how many values it has so
    /// far, kept here (not in its node) while values complete, and written when it closes.
    struct OpenContainer {
        let node: Int
        let isObject: Bool
        var count: UInt32 = 0
    }

    init(input: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.input = input
        self.maxDepth = max(1, maxDepth)
        // One node per 8 bytes: most documents need no more (pages not written to are
        // not resident). With fewer, a tape grows during the decode, and in a loop of
        // decodes the allocator then hands out fresh pages, zero-filled by the kernel,
        // each time.
        nodes = NodeBuffer(capacity: input.count / 8)
        numbers = NumberValues(firstCapacity: input.count / 32)
    }

    // MARK: Structure

    mutating func parseDocument() throws(JSONReadError) {
        guard input.count <= JSONDocument.maxInputSize else {
            throw error(.tooLarge(limit: JSONDocument.maxInputSize), at: 0)
        }
        if skipsByteOrderMark, input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { position = 3 }

        // Each turn of the loop reads one value, then the punctuation after it,
        // closing any arrays and objects that end there.
        value: while true {
            skipWhitespace()
            guard position < input.count else { throw expected("a JSON value") }
            switch input[position] {
            case UInt8(ascii: "{"):
                try openContainer(.object)
                skipWhitespace()
                if peek() == UInt8(ascii: "}") {
                    position += 1
                    closeContainer()
                } else {
                    try parseKey()
                    continue value
                }
            case UInt8(ascii: "["):
                try openContainer(.array)
                skipWhitespace()
                if peek() == UInt8(ascii: "]") {
                    position += 1
                    closeContainer()
                } else {
                    continue value
                }
            case UInt8(ascii: "\""):
                try parseString()
            case UInt8(ascii: "t"):
                try parseLiteral("true", spelling: 0x6575_7274, .true)
            case UInt8(ascii: "f"):
                try parseLiteral("false", spelling: 0x65_736C_6166, .false)
            case UInt8(ascii: "n"):
                try parseLiteral("null", spelling: 0x6C6C_756E, .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
                try parseNumber()
            default:
                throw expected("a JSON value")
            }

            // After a complete value: a separator, or the end of one or more containers.
            while open.count > 0 {
                open.last.count += 1
                skipWhitespace()
                let isObject = open.last.isObject
                let next = peek()
                let closer = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if next == UInt8(ascii: ",") {
                    position += 1
                    skipWhitespace()
                    if peek() == closer {  // a trailing comma, which `JSONDecoder` accepts
                        position += 1
                        closeContainer()
                        continue
                    }
                    if isObject { try parseKey() }
                    continue value
                } else if next == closer {
                    position += 1
                    closeContainer()
                } else {
                    throw expected(isObject ? "',' or '}'" : "',' or ']'")
                }
            }
            skipWhitespace()
            guard position == input.count else { throw expected("end of input after the JSON value") }
            return
        }
    }

    /// In line in the value loop, as `parseKey` (`@_transparent`, as
    /// `parseNumber` says why): a call each cost the call and the reloads of the parser's state
    /// around it, once per container and per member; their errors are made out of line.
    @_transparent private mutating func openContainer(_ kind: JSONDocument.Kind) throws(JSONReadError) {
        guard open.count < maxDepth else { throw tooDeep() }
        position += 1
        open.append(OpenContainer(node: nodes.count, isObject: kind == .object))
        nodes.append(.init(kind: kind, flags: 0, offsetOrEnd: 0, lengthOrCount: 0))
    }

    @inline(never) private func tooDeep() -> JSONReadError {
        error(.tooDeep(limit: maxDepth), at: position)
    }

    /// Ends the innermost container: records where its contents end, and its count.
    @inline(__always)
    private mutating func closeContainer() {
        let container = open.last
        open.removeLast()
        nodes[container.node].offsetOrEnd = UInt32(nodes.count)
        nodes[container.node].lengthOrCount = container.count
    }

    /// A member's key and the `:` after it; the member's value is read next.
    @_transparent private mutating func parseKey() throws(JSONReadError) {
        guard peek() == UInt8(ascii: "\"") else { throw missingKey() }
        try parseString()
        skipWhitespace()
        guard peek() == UInt8(ascii: ":") else { throw missingColon() }
        position += 1
    }

    @inline(never) private func missingKey() -> JSONReadError { expected("a string key") }
    @inline(never) private func missingColon() -> JSONReadError { expected("':' after the key") }

    /// `true`, `false` or `null` at `position` (`spelling`: its letters as a word, the first in
    /// the lowest byte): one comparison where eight bytes remain.
    @inline(__always)
    private mutating func parseLiteral(_ word: StaticString, spelling: UInt64, _ kind: JSONDocument.Kind) throws(JSONReadError) {
        let count = word.utf8CodeUnitCount
        guard position &+ 8 <= input.count,
              // Safety: eight bytes remain at `position`.
              UInt64(littleEndian: UnsafeRawPointer(input.baseAddress! + position).loadUnaligned(as: UInt64.self)) & (1 &<< UInt64(8 &* count) &- 1) == spelling
        else { return try parseLiteralByBytes(word, kind) }
        position &+= count
        nodes.append(.init(kind: kind, flags: 0, offsetOrEnd: 0, lengthOrCount: 0))
    }

    /// `parseLiteral` near the input's end, or where the letters differ (the error says where).
    @inline(never)
    private mutating func parseLiteralByBytes(_ word: StaticString, _ kind: JSONDocument.Kind) throws(JSONReadError) {
        let count = word.utf8CodeUnitCount
        // Safety: a static string's UTF-8 lives for the process; `count` is its length.
        let spelling = UnsafeBufferPointer(start: word.utf8Start, count: count)
        // The whole word at once when it fits, byte by byte to find where it differs.
        if position + count > input.count || !bytesEqual(input.baseAddress! + position, spelling.baseAddress, count) {
            for offset in 0 ..< count {
                guard position + offset < input.count, input[position + offset] == spelling[offset] else {
                    position += offset
                    throw expected("'\(word)'")
                }
            }
        }
        position += count
        nodes.append(.init(kind: kind, flags: 0, offsetOrEnd: 0, lengthOrCount: 0))
    }

    // MARK: Helpers

    @inline(__always) func peek() -> UInt8? {
        position < input.count ? input[position] : nil
    }

    /// Most calls find no whitespace: one comparison (every whitespace byte is at
    /// most 0x20); the space after a colon, two.
    @inline(__always) mutating func skipWhitespace() {
        guard position < input.count, input[position] <= 0x20 else { return }
        if input[position] == UInt8(ascii: " "), position + 1 < input.count, input[position + 1] > 0x20 {
            position += 1
            return
        }
        position = Self.whitespaceRunEnd(input, from: position)
    }

    /// The end of the whitespace at `position`, with the spaces of indentation counted
    /// thirty-two, sixteen, then eight, bytes at a time. A function of its arguments, not a mutating
    /// method: given the parser, the call made the parse loop store its position before
    /// and load it after, and the next byte's address waited on that load.
    @inline(never)
    static func whitespaceRunEnd(_ input: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let eightSpaces: UInt64 = 0x2020_2020_2020_2020
        var position = start
        bytes: while position < input.count {
            switch input[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"):
                position += 1
                // The spaces that follow (`spaces(_:_:)`): 32 bytes a step while they remain,
                // then 16, then a word a step.
                let base = UnsafeRawPointer(input.baseAddress!)
                while position &+ 32 <= input.count {
                    // Safety: the four words are within the 32 bytes that remain at `position`.
                    let low = Self.spaces(base, position)
                    // The next 16 bytes read at once, not after `low`: a deeper indentation
                    // (citm's 24 and 28 spaces) waits on one step, not two.
                    let high = Self.spaces(base, position &+ 16)
                    let spaces = low < 16 ? low : 16 &+ high
                    position &+= spaces
                    if spaces < 32 { continue bytes }
                }
                while position &+ 16 <= input.count {
                    // Safety: both words are within the 16 bytes that remain at `position`.
                    let spaces = Self.spaces(base, position)
                    position &+= spaces
                    if spaces < 16 { continue bytes }
                }
                while position + 8 <= input.count {
                    // Safety: the loop reads a word only while `position + 8 <= input.count`.
                    let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: position, as: UInt64.self))
                    let others = word ^ eightSpaces
                    guard others == 0 else {
                        position += others.trailingZeroBitCount >> 3
                        break
                    }
                    position += 8
                }
            default:
                return position
            }
        }
        return position
    }

    /// The spaces at the start of the 16 bytes at `offset` (16 when all are), counted by
    /// arithmetic alone: in a word read in memory order, the bytes before the first non-space
    /// are the low zero bytes of `word ^ eightSpaces`; a word of spaces has 64 trailing zeros,
    /// any other fewer, so the second word's count adds only when the first's is 64 (bit 6).
    /// Indentation varies from line to line, and a branch on which word ends it (what the
    /// compiler makes of a `?:` here) would go either way from one line to the next.
    @inline(__always)
    private static func spaces(_ base: UnsafeRawPointer, _ offset: Int) -> Int {
        let eightSpaces: UInt64 = 0x2020_2020_2020_2020
        // Safety: the caller has 16 bytes at `offset`.
        let first = (UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) ^ eightSpaces).trailingZeroBitCount
        let second = (UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self)) ^ eightSpaces).trailingZeroBitCount
        return (first &+ second & (0 &- first &>> 6)) &>> 3
    }
}
