/// The Unicode encoding of JSON input, found as `JSONDecoder` finds it, so that
/// UTF-16 and UTF-32 input reads as it does there: by a byte order mark, else by
/// where the zero bytes are among the first four (a JSON text starts with an ASCII
/// character, RFC 4627 §3). Input in UTF-16 or UTF-32 is transcoded to UTF-8 once,
/// before it is parsed; UTF-8 input is read as it is. A reader error in transcoded
/// input names its offset in the UTF-8 form.
enum InputEncoding {
    case utf8
    case utf16(bigEndian: Bool, skip: Int)
    case utf32(bigEndian: Bool, skip: Int)

    /// How `input` is encoded. UTF-8 unless its first bytes say otherwise (one look at
    /// two bytes for the common case).
    @inline(__always)
    static func of(_ input: UnsafeBufferPointer<UInt8>) -> InputEncoding {
        guard input.count >= 2, input[0] == 0 || input[1] == 0 || input[0] >= 0xFE else { return .utf8 }
        return detect(input)
    }

    /// `JSONDecoder`'s table: a byte order mark, else the RFC 4627 patterns of zero and
    /// non-zero bytes among the first four (the first two alone for two-byte input); any
    /// other input is UTF-8 (and `00 22 B4 00` is not UTF-16).
    private static func detect(_ input: UnsafeBufferPointer<UInt8>) -> InputEncoding {
        let count = input.count
        let b0 = input[0], b1 = input[1]
        let b2: UInt8? = count > 2 ? input[2] : nil, b3: UInt8? = count > 3 ? input[3] : nil
        switch (b0, b1, b2, b3) {
        case (0, 0, 0xFE, 0xFF): return .utf32(bigEndian: true, skip: 4)
        // `JSONDecoder` takes FF FE 00 00 for UTF-16 and fails; it can only be UTF-32.
        case (0xFF, 0xFE, 0, 0): return .utf32(bigEndian: false, skip: 4)
        case (0xFE, 0xFF, 0, 0): return .utf32(bigEndian: false, skip: 4)  // as `JSONDecoder` reads it
        case (0xFE, 0xFF, _, _): return .utf16(bigEndian: true, skip: 2)
        case (0xFF, 0xFE, _, _): return .utf16(bigEndian: false, skip: 2)
        case let (0, 0, 0, last?) where last != 0: return .utf32(bigEndian: true, skip: 0)
        case let (0, second, 0, last?) where second != 0 && last != 0: return .utf16(bigEndian: true, skip: 0)
        case let (first, 0, 0, 0?) where first != 0: return .utf32(bigEndian: false, skip: 0)
        case let (first, 0, third?, 0?) where first != 0 && third != 0: return .utf16(bigEndian: false, skip: 0)
        case let (0, second, nil, nil) where second != 0: return .utf16(bigEndian: true, skip: 0)
        case let (first, 0, nil, nil) where first != 0: return .utf16(bigEndian: false, skip: 0)
        default: return .utf8
        }
    }

    /// `input` as UTF-8, or nil when it is UTF-8 already.
    /// - Throws: `JSONReadError` for an invalid code unit or a lone surrogate.
    static func utf8(from input: UnsafeBufferPointer<UInt8>) throws(JSONReadError) -> [UInt8]? {
        let encoding = of(input)
        guard let unitSize = encoding.unitSize else { return nil }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(input.count)
        // A trailing odd byte is no code unit; `JSONDecoder` ignores it too.
        let skip = encoding.skip
        guard encoding.append(input, from: skip, units: (input.count - skip) / unitSize, to: &utf8) else {
            // Safety: the bytes are read only inside the closure (the error keeps the line and column, not the bytes).
            let error = utf8.withUnsafeBufferPointer { JSONReadError(reason: .invalidEncoding(encoding.name), offset: $0.count, in: $0) }
            throw error
        }
        return utf8
    }

    /// Bytes per code unit: 2 or 4; nil for UTF-8.
    var unitSize: Int? {
        switch self {
        case .utf8: nil
        case .utf16: 2
        case .utf32: 4
        }
    }

    /// The byte order mark's bytes, which are no text.
    var skip: Int {
        switch self {
        case .utf8: 0
        case let .utf16(_, skip), let .utf32(_, skip): skip
        }
    }

    var name: String {
        switch self {
        case .utf8: "UTF-8"
        case .utf16: "UTF-16"
        case .utf32: "UTF-32"
        }
    }

    /// Appends the UTF-8 of `units` code units of `input` from `start` (UTF-16 or UTF-32, as
    /// `self` says) to `utf8`: false at an invalid unit or a lone surrogate, the text before
    /// it appended.
    func append(_ input: UnsafeBufferPointer<UInt8>, from start: Int, units: Int, to utf8: inout [UInt8]) -> Bool {
        switch self {
        case .utf8:
            utf8.append(contentsOf: input[start ..< start + units])
            return true
        case let .utf16(bigEndian, _):
            var iterator = (0 ..< units).lazy.map { index -> UInt16 in
                let first = UInt16(input[start + 2 * index]), second = UInt16(input[start + 2 * index + 1])
                return bigEndian ? first << 8 | second : second << 8 | first
            }.makeIterator()
            return Self.transcode(UTF16.self, &iterator, to: &utf8)
        case let .utf32(bigEndian, _):
            var iterator = (0 ..< units).lazy.map { index -> UInt32 in
                var value: UInt32 = 0
                for byte in 0 ..< 4 {
                    let shift = bigEndian ? 8 * (3 - byte) : 8 * byte
                    value |= UInt32(input[start + 4 * index + byte]) << shift
                }
                return value
            }.makeIterator()
            return Self.transcode(UTF32.self, &iterator, to: &utf8)
        }
    }

    private static func transcode<Codec: UnicodeCodec, Units: IteratorProtocol>(
        _: Codec.Type, _ units: inout Units, to utf8: inout [UInt8]
    ) -> Bool where Units.Element == Codec.CodeUnit {
        var decoder = Codec()
        while true {
            switch decoder.decode(&units) {
            case let .scalarValue(scalar):
                UTF8.encode(scalar) { utf8.append($0) }
            case .emptyInput:
                return true
            case .error:
                return false
            }
        }
    }
}
