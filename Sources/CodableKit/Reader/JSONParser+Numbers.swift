/// The parser's numbers: checked and kept as text, a fraction or an exponent converted as it
/// is read, a short unsigned integer's value kept beside its text (see `JSONParser.parseNumber`).
extension JSONParser {
    /// `-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`, kept as text; an unsigned integer
    /// of up to nine digits (counts, codes, most identifiers) with its value too
    /// (`Node.smallIntegerFlag`), added up here where its digits are in cache.
    ///
    /// Inlined into the value loop, with `parseFractionalNumber`: a number array is mostly
    /// this path, and out of line it cost a call and the reloads of the parser's state around
    /// it per number. `@_transparent`, because `parseDocument` is too large for the optimizer
    /// to honour `@inline(__always)` (Swift 6.3's `@inline(always)` would do, but not on the
    /// 6.0 compilers the package supports).
    @_transparent mutating func parseNumber() throws(JSONReadError) {
        let start = position
        if input[position] == UInt8(ascii: "-") { position += 1 }
        guard let first = peek(), isDigit(first) else {
            throw expected("a digit after '-'")
        }
        position += 1
        if first == UInt8(ascii: "0") {
            if let next = peek(), isDigit(next) {
                throw error(.invalidNumber("leading zeros are not allowed"), at: position)
            }
        } else {
            skipDigits()
        }
        if let next = peek(), next == UInt8(ascii: ".") || next | 0x20 == UInt8(ascii: "e") {
            return try parseFractionalNumber(from: start)
        }
        let length = position - start
        if length <= 9, input[start] != UInt8(ascii: "-") {
            // Its value, while the digits are at hand: decoding reads it from the node.
            let value = length == 1 ? UInt64(first &- UInt8(ascii: "0")) : JSONNumberText.digitsValue(input.baseAddress!, start ..< position)
            nodes.append(.init(kind: .number, flags: JSONDocument.Node.integerFlag | JSONDocument.Node.smallIntegerFlag,
                               textLength: UInt16(length), offsetOrEnd: UInt32(start), lengthOrCount: UInt32(value)))
            return
        }
        nodes.append(.init(kind: .number, flags: JSONDocument.Node.integerFlag, offsetOrEnd: UInt32(start), lengthOrCount: UInt32(length)))
    }

    /// The rest of a number with a fraction or an exponent, from its integer part's end.
    /// Such a number is converted here (`NumberValues`): the fraction's digits are added
    /// up in the loop that checks them, eight at a time, and the integer part's (usually
    /// one to three, added up in line; longer, eight at a time). Read again from the text at decode time, they
    /// cost as much as the rest of the parse. An integer keeps only its text, which reads
    /// exactly as any integer type.
    @_transparent mutating func parseFractionalNumber(from start: Int) throws(JSONReadError) {
        let negative = input[start] == UInt8(ascii: "-")
        let integer = (negative ? start &+ 1 : start) ..< position
        var digitCount = integer.count == 1 && input[integer.lowerBound] == UInt8(ascii: "0") ? 0 : integer.count  // `0.…`
        var mantissa: UInt64 = 0
        if integer.count <= 4 {  // the usual integer part: a short loop, in line
            for index in integer { mantissa = mantissa &* 10 &+ UInt64(input[index] &- UInt8(ascii: "0")) }
        } else if digitCount <= 19 {
            mantissa = JSONNumberText.digitsValue(input.baseAddress!, integer)
        }
        var fractionCount = 0
        if input[position] == UInt8(ascii: ".") {
            position += 1
            guard let next = peek(), isDigit(next) else { throw expected("a digit after '.'") }
            fractionCount = JSONNumberText.addDigits(input.baseAddress!, count: input.count, at: &position, to: &mantissa)
            digitCount &+= fractionCount
        }
        var exponent = 0
        if let next = peek(), next | 0x20 == UInt8(ascii: "e") {
            let exponentStart = position
            position += 1
            if let sign = peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { position += 1 }
            guard let digit = peek(), isDigit(digit) else { throw expected("a digit in the exponent") }
            skipDigits()
            // Safety: a slice of the input the parser holds (start <= position <= count).
            exponent = JSONNumberText.writtenExponent(UnsafeBufferPointer(rebasing: input[start ..< position]),
                                                      from: exponentStart - start)
        }
        let length = position - start
        if digitCount <= 19, length <= Int(UInt16.max),
           let value = JSONNumberText.double(negative: negative, mantissa: mantissa, exponent: exponent - fractionCount) {
            nodes.append(.init(kind: .number, flags: JSONDocument.Node.valueFlag, textLength: UInt16(length),
                               offsetOrEnd: UInt32(start), lengthOrCount: UInt32(numbers.append(value))))
        } else {
            nodes.append(.init(kind: .number, flags: 0, offsetOrEnd: UInt32(start), lengthOrCount: UInt32(length)))
        }
    }

    @inline(__always) func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Digits eight at a time while eight bytes remain (`JSONNumberText.nonDigits`).
    @inline(__always) mutating func skipDigits() {
        while position + 8 <= input.count {
            // Safety: the loop reads a word only while `position + 8 <= input.count`.
            let word = UInt64(littleEndian: UnsafeRawPointer(input.baseAddress! + position).loadUnaligned(as: UInt64.self))
            let nonDigits = JSONNumberText.nonDigits(word)
            if nonDigits == 0 {
                position += 8
                continue
            }
            position += nonDigits.trailingZeroBitCount >> 3
            return
        }
        while position < input.count, isDigit(input[position]) { position += 1 }
    }
}
