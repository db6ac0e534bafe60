#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ModelDecoder {
    /// JSON Lines (NDJSON): one `T` per line of `bytes`, each decoded as soon as its line has
    /// arrived. `bytes` is any `AsyncSequence` of `UInt8` (`URLSession.AsyncBytes`;
    /// `FileHandle.bytes` on Apple platforms); the other overload takes chunks. Either is
    /// read as `decode` reads a document: UTF-8 (a byte order mark skipped), UTF-16 or UTF-32.
    ///
    /// ```swift
    /// // `chunks(of:)`: a file's `Data` in chunks, on every platform (the Streams article).
    /// for try await event in ModelDecoder().lines(of: Event.self, from: try chunks(of: url)) { … }
    /// ```
    /// Blank lines and `\r\n` endings are fine. Strict mode throws at the first bad line, the
    /// error's description naming the line. Tolerant mode repairs each line as usual, skips
    /// a line that is not JSON or cannot become a `T` even after repair, and records both in
    /// reports that `DecodingLog` receives, one per line, each naming it (`DecodingReport.line`). A line longer than
    /// `maxLineLength` (16 MB) is an error naming the line, in either mode.
    public func lines<T: Decodable, Bytes: AsyncSequence>(of type: T.Type, from bytes: Bytes,
                                                          maxLineLength: Int = 16 << 20) -> DecodedLines<T, Bytes>
        where Bytes.Element == UInt8 {
        DecodedLines(source: bytes, options: options, maxLineLength: maxLineLength)
    }

    /// JSON Lines from chunks: `Data`, `[UInt8]`, NIO's `ByteBufferView` (no dependency on
    /// NIO), any `Collection` of `UInt8`; a chunk costs one `await`. As `lines(of:from:)`.
    public func lines<T: Decodable, Chunks: AsyncSequence>(of type: T.Type, from chunks: Chunks,
                                                           maxLineLength: Int = 16 << 20) -> DecodedLines<T, Chunks>
        where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        DecodedLines(source: chunks, options: options, maxLineLength: maxLineLength)
    }
}

extension ModelEncoder {
    /// JSON Lines: each value as one line of compact JSON, each line ended by `\n`.
    /// - Throws: `EncodingError`, as `encode(_:)`, for the first value that cannot be written.
    public func encodeLines<S: Sequence>(_ values: S) throws -> Data where S.Element: Encodable {
        var options = self.options
        options.outputFormatting.remove(.prettyPrinted)  // one value, one line
        let encoder = ModelEncoder(options: options)
        var lines = Data()
        for value in values {
            lines.append(try encoder.encode(value))
            lines.append(UInt8(ascii: "\n"))
        }
        return lines
    }
}

/// The values of a JSON Lines stream, in order: what `ModelDecoder.lines(of:from:)` returns.
public struct DecodedLines<Element: Decodable, Source: AsyncSequence>: AsyncSequence {
    let source: Source
    let options: DecodingOptions
    let maxLineLength: Int

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: ByteChunks(source, handingOnAfter: .lineEnd), options: options, maxLineLength: maxLineLength)
    }

    /// Reads lines as they arrive and decodes each.
    public struct AsyncIterator: AsyncIteratorProtocol, BatchIterator {
        var chunks: ByteChunks<Source>
        let options: DecodingOptions
        let maxLineLength: Int
        /// Bytes of lines not yet decoded, from `start` on.
        var pending: [UInt8] = []
        var start = 0
        /// Where the search for the next line's end goes on: no `\n` lies from `start` to
        /// here, so that a line arriving in many chunks is searched once, not once a chunk.
        var searchedUpTo = 0
        var lineNumber = 0
        var ended = false

        init(chunks: ByteChunks<Source>, options: DecodingOptions, maxLineLength: Int) {
            self.chunks = chunks
            self.options = options
            self.maxLineLength = maxLineLength
        }

        /// Values decoded but not yet returned, in order, and the error of the line after them.
        @usableFromInline var ready = ReadyValues<Element>()

        /// Set once a loop on an actor asks for a value: reads and decodes from then on.
        var ahead: ReadAhead<Element>?

        var bytesRead: Int { chunks.bytesRead }

        /// The next line's value, on the caller's actor (`for try await` passes it). A loop on an
        /// actor is handed whole batches that a task of its own reads and decodes ahead
        /// (`ReadAhead`): it waits, for one thread switch, only when it has caught up.
        @inlinable  // the ready path specialized in the caller's module: see `ReadyValues`
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Element? {
            if let value = try ready.next() { return value }
            return try await nextBatch(isolation: actor)
        }

        /// Once the values ready are out: the next batch's first value, read in place or
        /// from the task that reads ahead.
        @usableFromInline
        mutating func nextBatch(isolation actor: isolated (any Actor)?) async throws -> Element? {
            try await next(readingAheadOf: actor)
        }

        /// The next line's value; nil at the end of the stream. Reads and decodes off any actor.
        public mutating func next() async throws -> Element? {
            if ahead != nil { return try await next(readingAheadOf: nil) }  // the task reads now
            while true {
                if let value = try ready.next() { return value }
                if ready.failed { return nil }
                guard let line = try await nextLine() else { return nil }
                // With it, every whole line already here: decoded together, one decode for all.
                var lines = [(number: lineNumber, text: line)]
                var size = line.count
                while size < 1 << 20, let more = try takeLineIfHere() {
                    lines.append((lineNumber, more))
                    size += more.count
                }
                let (values, failure) = decode(lines)
                ready.set(values, failure: failure)
            }
        }

        /// The next line, if a whole one is already here (without waiting for more bytes).
        private mutating func takeLineIfHere() throws -> ArraySlice<UInt8>? {
            while let newline = pending[Swift.max(start, searchedUpTo)...].firstIndex(of: UInt8(ascii: "\n")) {
                lineNumber += 1
                var line = pending[start ..< newline]
                start = newline + 1
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                try checkLength(line.count, line: lineNumber)
                if line.contains(where: { !Self.isWhitespace($0) }) { return line }
            }
            searchedUpTo = pending.count
            return nil
        }

        /// The lines' values, decoded as one array when every line is a clean value (one
        /// decode); otherwise line by line, so that each repair and each skipped line is
        /// reported under its line number.
        private func decode(_ lines: [(number: Int, text: ArraySlice<UInt8>)]) -> ([Element], (any Error)?) {
            if lines.count > 1 {
                var batch: [UInt8] = [UInt8(ascii: "[")]
                batch.reserveCapacity(lines.reduce(2) { $0 + $1.text.count + 1 })
                for (index, line) in lines.enumerated() {
                    if index > 0 { batch.append(UInt8(ascii: ",")) }
                    batch.append(contentsOf: line.text)
                }
                batch.append(UInt8(ascii: "]"))
                let clean = try? DecodeCall.withDocument(batch, options: options) { document in
                    try DecodeCall.run([Element].self, document: document, designatedPath: nil, options: options,
                                       returnsReport: true, reportsToLog: false)
                }
                if let (values, report) = clean, report.isClean, values.count == lines.count { return (values, nil) }
            }
            var values: [Element] = []
            for line in lines {
                do {
                    if let value = try decode(line.text, number: line.number) { values.append(value) }
                } catch {
                    return (values, error)  // the values before it are the stream's first
                }
            }
            return (values, nil)
        }

        /// The next line that is not blank, without its line ending; nil at the end.
        private mutating func nextLine() async throws -> ArraySlice<UInt8>? {
            while true {
                if let line = try takeLineIfHere() { return line }
                try checkLength(pending.count - start, line: lineNumber + 1)
                if ended {
                    guard start < pending.count else { return nil }
                    lineNumber += 1
                    let line = pending[start...]
                    start = pending.count
                    return line.contains(where: { !Self.isWhitespace($0) }) ? line : nil
                }
                if start > 0 {  // keep only what no line has taken yet
                    pending.removeFirst(start)
                    searchedUpTo = Swift.max(0, searchedUpTo - start)
                    start = 0
                }
                if try await !chunks.next(into: &pending) { ended = true }
            }
        }

        private func checkLength(_ length: Int, line: Int) throws {
            guard length > maxLineLength else { return }
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription:
                "Line \(line) is longer than the limit of \(maxLineLength) bytes (maxLineLength)."))
        }

        private static func isWhitespace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0D || byte == 0x0A
        }

        /// The line's value; nil for a line tolerant mode skips (recorded). Its repairs go to
        /// `DecodingLog` in a report that names the line (`DecodingReport.line`).
        private func decode(_ line: ArraySlice<UInt8>, number lineNumber: Int) throws -> Element? {
            do {
                let listening = DecodingLog.isListening
                let (value, report) = try DecodeCall.withDocument(line, options: options) { document in
                    try DecodeCall.run(Element.self, document: document, designatedPath: nil, options: options,
                                       returnsReport: listening, reportsToLog: false)
                }
                if listening {
                    var report = report
                    report.line = lineNumber
                    DecodingLog.deliver(report, modelType: typeName(Element.self))
                }
                return value
            } catch let error as DecodingError {
                guard options.mode == .tolerant else { throw StreamErrors.at(line: lineNumber, error) }
                StreamErrors.recordSkipped(line: lineNumber, Element.self, error)
                return nil
            }
        }
    }
}

/// Sendable when its bytes are: a stream made in one task can be read in another.
extension DecodedLines: Sendable where Source: Sendable {}
