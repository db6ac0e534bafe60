/// UTF-16 or UTF-32 to UTF-8, a chunk at a time: a code unit, or a surrogate pair, that a
/// chunk's end splits waits for the next chunk. Counts the position it has reached, for
/// an error to name.
struct StreamTranscoder {
    /// Set at an invalid unit or a lone surrogate, once the text before it is appended: for
    /// the stream to throw after the values in that text. Its underlying `JSONReadError`
    /// names the position in the UTF-8 made of the stream, as `decode`'s does.
    private(set) var failure: DecodingError?
    private let encoding: InputEncoding
    private let unitSize: Int
    /// Bytes of a unit (or pair) not yet whole.
    private var held: [UInt8] = []
    /// Where the UTF-8 made so far ends, as the reader counts positions.
    private var (offset, line, column) = (0, 1, 1)

    init(_ encoding: InputEncoding) {
        self.encoding = encoding
        unitSize = encoding.unitSize ?? 1
    }

    /// Appends the UTF-8 of `bytes` (after those held) to `buffer`, up to an invalid unit
    /// (then `failure` is set). At the end of the stream (`ended`) a trailing odd byte is no
    /// code unit, as for `decode`.
    mutating func append(_ bytes: some Collection<UInt8>, ended: Bool, to buffer: inout [UInt8]) {
        guard failure == nil else { return }
        held.append(contentsOf: bytes)
        var units = held.count / unitSize
        if !ended, units > 0, case .utf16 = encoding, isHighSurrogate(at: (units - 1) * 2) { units -= 1 }
        let before = buffer.count
        // Safety: the held bytes are read only inside the closure.
        let valid = held.withUnsafeBufferPointer { encoding.append($0, from: 0, units: units, to: &buffer) }
        advance(over: buffer[before...])
        held.removeFirst(units * unitSize)
        guard valid else {
            // Safety: an empty buffer: nothing is read; the line and column are set below.
            var error = JSONReadError(reason: .invalidEncoding(encoding.name), offset: offset, in: UnsafeBufferPointer(start: nil, count: 0))
            (error.line, error.column) = (line, column)
            failure = DecodeCall.notValidJSON(error)
            return
        }
    }

    private func isHighSurrogate(at index: Int) -> Bool {
        guard case let .utf16(bigEndian, _) = encoding else { return false }
        let high = bigEndian ? held[index] : held[index + 1]
        return (0xD8 ... 0xDB).contains(high)
    }

    private mutating func advance(over text: ArraySlice<UInt8>) {
        // Safety: the text is read only inside the closure.
        let (lines, column) = text.withUnsafeBufferPointer { JSONReadError.lineAndColumn(of: $0.count, in: $0) }
        if lines > 1 { (line, self.column) = (line + lines - 1, column) } else { self.column += column - 1 }
        offset += text.count
    }
}
