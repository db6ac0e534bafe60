/// Reads JSON5 (https://spec.json5.org) into a `JSONDocument`: used only when
/// `allowsJSON5` is set, as `JSONDecoder.allowsJSON5` reads it; the strict
/// `JSONParser` stays as it is for everything else.
///
/// Beyond JSON: `//` and `/* */` comments; trailing commas; single-quoted strings;
/// unquoted (ECMAScript identifier) keys; `\x`, `\v`, `\'` and escaped line
/// breaks in strings (kept in the string, as `JSONDecoder` keeps them); hexadecimal numbers; a leading or trailing decimal
/// point; a `+` sign; `Infinity` and `NaN`; and the ECMAScript whitespace characters.
/// U+0000 escaped (`\0`, `\x00`, `\u0000`) is rejected, as `JSONDecoder` rejects it.
/// With `assumesTopLevelDictionary`, a document may be the members of an object
/// without its braces. Strings, keys and numbers are written to the document in
/// normalized form (numbers as JSON number text; `Infinity` and `NaN` as number
/// nodes flagged non-finite). Nesting is limited by `maxDepth`, as in the strict reader.
struct JSON5Parser: ~Copyable {
    let input: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var position = 0
    var depth = 0
    /// The lowest stack address the parser's recursion may reach on this thread (see
    /// `StackGuard`), or nil when the thread's stack bounds are unknown.
    let stackLimit = StackGuard.usableRange()?.lowerBound
    var nodes: [JSONDocument.Node] = []
    /// Every string and number, normalized; nodes point into it.
    var text: [UInt8] = []

    static func parse(_ bytes: [UInt8], maxDepth: Int, assumesTopLevelDictionary: Bool) throws(JSONReadError) -> JSONDocument {
        // Safety: the document copies what it keeps (`bytes:`); the input is read only inside the closure.
        try bytes.withUnsafeBufferPointer { (input) throws(JSONReadError) -> JSONDocument in
            if let utf8 = try InputEncoding.utf8(from: input) {  // UTF-16 or UTF-32, as `JSONDecoder` reads them
                return try parse(utf8, maxDepth: maxDepth, assumesTopLevelDictionary: assumesTopLevelDictionary)
            }
            var parser = JSON5Parser(input: input, maxDepth: max(1, maxDepth))
            try parser.parseDocument(assumesTopLevelDictionary: assumesTopLevelDictionary)
            return JSONDocument(nodes: parser.nodes, bytes: parser.text)
        }
    }

    private init(input: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.input = input
        self.maxDepth = maxDepth
    }

    mutating func parseDocument(assumesTopLevelDictionary: Bool) throws(JSONReadError) {
        if input.count >= 3, input[0] == 0xEF, input[1] == 0xBB, input[2] == 0xBF { position = 3 }
        try skipSpace()
        if assumesTopLevelDictionary, peek() != UInt8(ascii: "{") {
            try parseMembers(closing: nil)
        } else {
            try parseValue()
        }
        try skipSpace()
        guard position == input.count else { throw expected("end of input after the JSON5 value") }
    }

    // MARK: Values

    mutating func parseValue() throws(JSONReadError) {
        guard let byte = peek() else { throw expected("a JSON5 value") }
        switch byte {
        case UInt8(ascii: "{"):
            position += 1
            try parseMembers(closing: UInt8(ascii: "}"))
        case UInt8(ascii: "["):
            try parseArray()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            try parseString()
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "0") ... UInt8(ascii: "9"),
             UInt8(ascii: "I"), UInt8(ascii: "N"):
            try parseNumber()
        default:
            if try literal("true") { return append(.true) }
            if try literal("false") { return append(.false) }
            if try literal("null") { return append(.null) }
            throw expected("a JSON5 value")
        }
    }

    mutating func open(_ kind: JSONDocument.Kind) throws(JSONReadError) -> Int {
        guard depth < maxDepth else { throw JSONReadError(reason: .tooDeep(limit: maxDepth), offset: position, in: input) }
        // This reader recurses once per level (the JSON reader keeps its levels on a heap
        // stack): deep input must stop it before the thread's stack ends, whatever `maxDepth`.
        if let stackLimit {
            let address = StackGuard.currentAddress()
            if address < stackLimit, address + StackGuard.reserve >= stackLimit {
                throw JSONReadError(reason: .tooDeepForStack(depth: depth), offset: position, in: input)
            }
        }
        depth += 1
        nodes.append(.init(kind: kind, flags: 0, offsetOrEnd: 0, lengthOrCount: 0))
        return nodes.count - 1
    }

    mutating func close(_ container: Int) {
        depth -= 1
        nodes[container].offsetOrEnd = UInt32(nodes.count)
    }

    /// An object's members up to `closing` (its `{` read), or to the end of input.
    mutating func parseMembers(closing: UInt8?) throws(JSONReadError) {
        let object = try open(.object)
        while true {
            try skipSpace()
            if peek() == closing { break }
            try parseKey()
            try skipSpace()
            guard peek() == UInt8(ascii: ":") else { throw expected("':' after the key") }
            position += 1
            try skipSpace()
            try parseValue()
            nodes[object].lengthOrCount += 1
            try skipSpace()
            if peek() == UInt8(ascii: ",") {
                position += 1
            } else {
                break
            }
        }
        try skipSpace()
        guard peek() == closing else { throw expected(closing == nil ? "',' or the end of input" : "',' or '}'") }
        if closing != nil { position += 1 }
        close(object)
    }

    mutating func parseArray() throws(JSONReadError) {
        position += 1
        let array = try open(.array)
        while true {
            try skipSpace()
            if peek() == UInt8(ascii: "]") { break }
            try parseValue()
            nodes[array].lengthOrCount += 1
            try skipSpace()
            if peek() == UInt8(ascii: ",") {
                position += 1
            } else {
                break
            }
        }
        try skipSpace()
        guard peek() == UInt8(ascii: "]") else { throw expected("',' or ']'") }
        position += 1
        close(array)
    }

    mutating func literal(_ word: StaticString) throws(JSONReadError) -> Bool {
        let count = word.utf8CodeUnitCount
        // Safety: a static string's UTF-8 lives for the process; `count` is its length.
        let spelling = UnsafeBufferPointer(start: word.utf8Start, count: count)
        guard position + count <= input.count, input[position ..< position + count].elementsEqual(spelling) else { return false }
        position += count
        return true
    }

    mutating func append(_ kind: JSONDocument.Kind) {
        nodes.append(.init(kind: kind, flags: 0, offsetOrEnd: 0, lengthOrCount: 0))
    }

    /// A string or number node over `bytes`, written to the document's text.
    mutating func appendText(_ kind: JSONDocument.Kind, _ bytes: [UInt8], flags: UInt8 = 0) {
        nodes.append(.init(kind: kind, flags: flags, offsetOrEnd: UInt32(text.count), lengthOrCount: UInt32(bytes.count)))
        text += bytes
    }

    // MARK: Numbers

    mutating func parseNumber() throws(JSONReadError) {
        let start = position
        var negative = false
        if let sign = peek(), sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            position += 1
        }
        if try literal("Infinity") {
            return appendText(.number, Array((negative ? "-Infinity" : "Infinity").utf8), flags: JSONDocument.Node.nonFiniteFlag)
        }
        if try literal("NaN") { return appendText(.number, Array("NaN".utf8), flags: JSONDocument.Node.nonFiniteFlag) }
        if peek() == UInt8(ascii: "0"), position + 1 < input.count, input[position + 1] | 0x20 == UInt8(ascii: "x") {
            position += 2
            var magnitude: UInt64 = 0
            var count = 0
            while let byte = peek(), let digit = hexDigit(byte) {
                let (shifted, overflow) = magnitude.multipliedReportingOverflow(by: 16)
                guard !overflow else { throw JSONReadError(reason: .invalidNumber("hexadecimal number out of range"), offset: start, in: input) }
                magnitude = shifted | UInt64(digit)
                position += 1
                count += 1
            }
            guard count > 0 else { throw expected("a hexadecimal digit") }
            return appendText(.number, Array(((negative ? "-" : "") + String(magnitude)).utf8), flags: JSONDocument.Node.integerFlag)
        }
        var number: [UInt8] = negative ? [UInt8(ascii: "-")] : []
        var isInteger = true
        var integerDigits = 0
        if peek() == UInt8(ascii: "0"), position + 1 < input.count, input[position + 1] &- UInt8(ascii: "0") < 10 {
            throw JSONReadError(reason: .invalidNumber("leading zeros are not allowed"), offset: position + 1, in: input)
        }
        while let byte = peek(), byte &- UInt8(ascii: "0") < 10 {
            number.append(byte)
            position += 1
            integerDigits += 1
        }
        if integerDigits == 0 { number.append(UInt8(ascii: "0")) }
        var fractionDigits = 0
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            number.append(UInt8(ascii: "."))
            while let byte = peek(), byte &- UInt8(ascii: "0") < 10 {
                number.append(byte)
                position += 1
                fractionDigits += 1
            }
            if fractionDigits == 0 { number.append(UInt8(ascii: "0")) }
        }
        guard integerDigits + fractionDigits > 0 else { throw expected("a digit") }
        if let byte = peek(), byte | 0x20 == UInt8(ascii: "e") {
            isInteger = false
            position += 1
            number.append(UInt8(ascii: "e"))
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                number.append(sign)
                position += 1
            }
            var exponentDigits = 0
            while let byte = peek(), byte &- UInt8(ascii: "0") < 10 {
                number.append(byte)
                position += 1
                exponentDigits += 1
            }
            guard exponentDigits > 0 else { throw expected("a digit in the exponent") }
        }
        appendText(.number, number, flags: isInteger ? JSONDocument.Node.integerFlag : 0)
    }

    // MARK: Space and comments

    /// Skips whitespace (ECMAScript's: Unicode space separators, BOM, line separators) and comments.
    mutating func skipSpace() throws(JSONReadError) {
        while let byte = peek() {
            switch byte {
            case 0x09, 0x0A, 0x0B, 0x0C, 0x0D, 0x20:
                position += 1
            case UInt8(ascii: "/"):
                guard position + 1 < input.count else { throw expected("a comment") }
                if input[position + 1] == UInt8(ascii: "/") {
                    position += 2
                    while let next = try peekScalar() {
                        if next.scalar == "\n" || next.scalar == "\r" || next.scalar == "\u{2028}" || next.scalar == "\u{2029}" { break }
                        position += next.length
                    }
                } else if input[position + 1] == UInt8(ascii: "*") {
                    let start = position
                    position += 2
                    while true {
                        guard position + 1 < input.count else {
                            throw JSONReadError(reason: .expected("the end of the comment '*/'", found: .endOfInput), offset: start, in: input)
                        }
                        if input[position] == UInt8(ascii: "*"), input[position + 1] == UInt8(ascii: "/") {
                            position += 2
                            break
                        }
                        position += 1
                    }
                } else {
                    throw expected("a comment")
                }
            case 0x80...:
                guard let (scalar, length) = try peekScalar(),
                      scalar.properties.generalCategory == .spaceSeparator || scalar == "\u{FEFF}" || scalar == "\u{2028}" || scalar == "\u{2029}"
                else { return }
                position += length
            default:
                return
            }
        }
    }

    // MARK: Helpers

    func peek() -> UInt8? {
        position < input.count ? input[position] : nil
    }

    /// The scalar at the current position and its length in bytes, or nil at the end.
    func peekScalar() throws(JSONReadError) -> (scalar: Unicode.Scalar, length: Int)? {
        guard position < input.count else { return nil }
        var iterator = input[position...].makeIterator()
        var decoder = UTF8()
        switch decoder.decode(&iterator) {
        case let .scalarValue(scalar): return (scalar, UTF8.width(scalar))
        case .emptyInput: return nil
        case .error: throw JSONReadError(reason: .invalidUTF8, offset: position, in: input)
        }
    }

    func expected(_ what: String) -> JSONReadError {
        JSONReadError(reason: .expected(what, found: peek().map { .byte($0) } ?? .endOfInput), offset: position, in: input)
    }
}
