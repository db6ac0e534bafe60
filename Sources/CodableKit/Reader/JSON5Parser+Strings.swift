/// JSON5 keys (quoted or ECMAScript identifiers) and strings (single or double quoted,
/// with JSON5's escapes), written to the document normalized.
extension JSON5Parser {
    mutating func parseKey() throws(JSONReadError) {
        guard let byte = peek() else { throw expected("a key") }
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") { return try parseString() }
        // An ECMAScript IdentifierName: letters, `$`, `_`, and after the first, digits and marks.
        var key: [UInt8] = []
        while let scalar = try identifierScalar(first: key.isEmpty) {
            key += Array(String(Character(scalar)).utf8)
        }
        guard !key.isEmpty else { throw expected("a key") }
        appendText(.string, key)
    }

    /// The next scalar of an identifier (an escape `\uXXXX` included), or nil at its end.
    mutating func identifierScalar(first: Bool) throws(JSONReadError) -> Unicode.Scalar? {
        let start = position
        var scalar: Unicode.Scalar
        if peek() == UInt8(ascii: "\\") {
            position += 1
            guard peek() == UInt8(ascii: "u") else { throw expected("'u' after '\\' in a key") }
            position += 1
            guard let decoded = Unicode.Scalar(try hexValue(digits: 4)) else {
                throw JSONReadError(reason: .invalidUnicodeEscape, offset: start, in: input)
            }
            scalar = decoded
        } else {
            guard let (decoded, length) = try peekScalar() else { return nil }
            scalar = decoded
            position += length
        }
        let properties = scalar.properties
        let allowed = scalar == "$" || scalar == "_" || properties.isAlphabetic && properties.generalCategory != .otherSymbol
            || (!first && (properties.numericType == .decimal || [.nonspacingMark, .spacingMark, .connectorPunctuation].contains(properties.generalCategory)
                || scalar.value == 0x200C || scalar.value == 0x200D))
        if !allowed {
            position = start
            return nil
        }
        return scalar
    }

    mutating func parseString() throws(JSONReadError) {
        let quote = input[position]
        position += 1
        var value: [UInt8] = []
        while true {
            guard let byte = peek() else { throw expected("the end of the string") }
            if byte == quote {
                position += 1
                break
            }
            if byte == UInt8(ascii: "\\") {
                position += 1
                try parseEscape(into: &value)
                continue
            }
            if byte == 0x0A || byte == 0x0D { throw JSONReadError(reason: .unescapedControlCharacter(byte), offset: position, in: input) }
            guard let (_, length) = try peekScalar() else { throw expected("the end of the string") }
            value += input[position ..< position + length]
            position += length
        }
        appendText(.string, value)
    }

    mutating func parseEscape(into value: inout [UInt8]) throws(JSONReadError) {
        guard let byte = peek() else { throw expected("an escaped character") }
        let start = position - 1
        position += 1
        switch byte {
        case UInt8(ascii: "b"): value.append(0x08)
        case UInt8(ascii: "f"): value.append(0x0C)
        case UInt8(ascii: "n"): value.append(0x0A)
        case UInt8(ascii: "r"): value.append(0x0D)
        case UInt8(ascii: "t"): value.append(0x09)
        case UInt8(ascii: "v"): value.append(0x0B)
        case UInt8(ascii: "0"):
            if let next = peek(), next &- UInt8(ascii: "0") < 10 { throw JSONReadError(reason: .invalidEscape(.byte(next)), offset: position, in: input) }
            throw JSONReadError(reason: .escapedNul, offset: start, in: input)
        case UInt8(ascii: "1") ... UInt8(ascii: "9"):
            throw JSONReadError(reason: .invalidEscape(.byte(byte)), offset: start, in: input)
        case UInt8(ascii: "x"):
            let code = UInt8(try hexValue(digits: 2))
            if code == 0 { throw JSONReadError(reason: .escapedNul, offset: start, in: input) }
            value += Array(String(Character(Unicode.Scalar(code))).utf8)
        case UInt8(ascii: "u"):
            var unit = try hexValue(digits: 4)
            if 0xD800 ..< 0xDC00 ~= unit, peek() == UInt8(ascii: "\\"), position + 1 < input.count, input[position + 1] == UInt8(ascii: "u") {
                position += 2
                let low = try hexValue(digits: 4)
                guard 0xDC00 ..< 0xE000 ~= low else { throw JSONReadError(reason: .loneSurrogate(UInt16(unit)), offset: start, in: input) }
                unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(unit) else { throw JSONReadError(reason: .loneSurrogate(UInt16(truncatingIfNeeded: unit)), offset: start, in: input) }
            if unit == 0 { throw JSONReadError(reason: .escapedNul, offset: start, in: input) }
            value += Array(String(Character(scalar)).utf8)
        default:
            // Any other character stands for itself (`\'`, `\"`, `\\`, `\/`), and so does an
            // escaped line break: `JSONDecoder` keeps it in the string.
            position -= 1
            guard let (_, length) = try peekScalar() else { throw expected("an escaped character") }
            value += input[position ..< position + length]
            position += length
            if byte == 0x0D, peek() == 0x0A {  // an escaped CRLF is one line break
                value.append(0x0A)
                position += 1
            }
        }
    }

    mutating func hexValue(digits: Int) throws(JSONReadError) -> UInt32 {
        var result: UInt32 = 0
        for _ in 0 ..< digits {
            guard let byte = peek(), let digit = hexDigit(byte) else { throw JSONReadError(reason: .invalidUnicodeEscape, offset: position, in: input) }
            result = result << 4 | UInt32(digit)
            position += 1
        }
        return result
    }

    func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0") ... UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a") ... UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A") ... UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
