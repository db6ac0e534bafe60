import Foundation

extension ModelDecoder {
    /// The elements of the top-level array of `bytes` (or of the array at `designatedPath`,
    /// such as `"data.items"`), each decoded as soon as it is complete: memory is bounded by
    /// the largest element, not the document. `bytes` is any `AsyncSequence` of `UInt8`; the
    /// other overload takes chunks.
    ///
    /// ```swift
    /// for try await airport in ModelDecoder().elements(of: Airport.self, from: file.bytes) { … }
    /// ```
    /// Tolerant mode leaves a bad element out and goes on, recorded (in a report that
    /// `DecodingLog` receives) as it is in memory; strict mode throws at the first, its coding
    /// path starting with the element's index (`[1234].price`). Bytes that end inside the
    /// array, or hold no array where one is asked for, are an error in either mode (in
    /// memory, tolerant mode reads a top-level value that is not an array as an empty one),
    /// after the elements before them.
    public func elements<T: Decodable, Bytes: AsyncSequence>(of type: T.Type, from bytes: Bytes,
                                                             designatedPath: String? = nil) -> DecodedElements<T, Bytes>
        where Bytes.Element == UInt8 {
        DecodedElements(source: bytes, options: options, designatedPath: designatedPath)
    }

    /// `elements(of:from:designatedPath:)` from chunks: `Data`, `[UInt8]`, NIO's
    /// `ByteBufferView` (no dependency on NIO), any `Collection` of `UInt8`.
    public func elements<T: Decodable, Chunks: AsyncSequence>(of type: T.Type, from chunks: Chunks,
                                                              designatedPath: String? = nil) -> DecodedElements<T, Chunks>
        where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        DecodedElements(source: chunks, options: options, designatedPath: designatedPath)
    }
}

/// The elements of a JSON array as they arrive: what `ModelDecoder.elements(of:from:)` returns.
public struct DecodedElements<Element: Decodable, Source: AsyncSequence>: AsyncSequence {
    let source: Source
    let options: DecodingOptions
    let designatedPath: String?

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(chunks: ByteChunks(source), options: options,
                      path: designatedPath.map { DottedPath($0).keys } ?? [])
    }

    /// Scans the bytes as they arrive and decodes the elements of the array that each
    /// chunk completes, together: one decode per chunk, not per element.
    public struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: ByteChunks<Source>
        let options: DecodingOptions
        /// The keys (and indices) leading to the array.
        let path: [String]
        var scanner = StructureScanner()
        /// Bytes not yet let go: from the element in progress (or the next byte) on.
        var pending: [UInt8] = []
        /// The next byte of `pending` to scan.
        var scanned = 0
        /// The depth of the array once found (its elements end at this depth).
        var arrayDepth: Int?
        var arrayClosed = false
        /// Elements decoded but not yet returned, in order.
        var ready: [Element] = []
        var readyIndex = 0
        /// The index of the next element to complete.
        var nextIndex = 0

        init(chunks: ByteChunks<Source>, options: DecodingOptions, path: [String]) {
            self.chunks = chunks
            self.options = options
            self.path = path
        }

        public mutating func next() async throws -> Element? {
            while true {
                if readyIndex < ready.count {
                    readyIndex += 1
                    return ready[readyIndex - 1]
                }
                if arrayClosed { return nil }
                guard try await chunks.next(into: &pending) else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: arrayDepth == nil
                        ? "The bytes ended before an array at \(path.isEmpty ? "the top level" : path.joined(separator: ".")) began."
                        : "The bytes ended inside the array, after \(nextIndex) elements."))
                }
                try scan()
            }
        }

        /// Scans what arrived and decodes the elements it completed, then lets go of the
        /// bytes no element in progress needs.
        private mutating func scan() throws {
            var scanner = self.scanner  // a local: the scanner's callback notes what ended
            var (arrayDepth, arrayClosed, scanned) = (self.arrayDepth, self.arrayClosed, self.scanned)
            var first: Int?, last = 0, count = 0
            pending.withUnsafeBufferPointer { bytes in
                // Until the array opens, byte by byte (its path is checked as each container opens).
                while arrayDepth == nil, scanned < bytes.count {
                    let before = scanner.stack.count
                    scanner.take(bytes[scanned], at: scanned) { _ in }
                    scanned += 1
                    let now = scanner.stack.count
                    if now == path.count + 1, now > before, !scanner.stack[now - 1].isObject, scanner.path(to: now - 1) == path {
                        arrayDepth = now
                    }
                }
                guard let depth = arrayDepth, !arrayClosed else { return }
                scanner.tracksKeys = false  // the array is found: no more paths to match
                scanned = scanner.take(bytes, from: scanned, to: bytes.count, ended: { ended in
                    if ended.depth == depth {
                        if first == nil { first = ended.start }
                        last = ended.end
                        count += 1
                    } else if ended.depth == depth - 1 {
                        arrayClosed = true
                    }
                }, stop: { arrayClosed })
            }
            if let first {
                ready = try decodeBatch(pending[first ..< last], count: count)
                readyIndex = 0
            }
            // Keep the element in progress (or nothing), and shift the scanner's offsets.
            var keep = scanned
            if let arrayDepth, scanner.stack.count >= arrayDepth, let start = scanner.stack[arrayDepth - 1].valueStart {
                keep = Swift.min(keep, start)
            }
            if keep > 0 {
                pending.removeFirst(keep)
                scanned -= keep
                scanner.dropFirst(keep)
            }
            self.scanner = scanner
            (self.arrayDepth, self.arrayClosed, self.scanned) = (arrayDepth, arrayClosed, scanned)
        }

        /// The elements in `text` (elements and the commas between them), decoded as one
        /// array: tolerant mode leaves out a bad element as in memory; a strict error's path
        /// counts elements from the array's start.
        private mutating func decodeBatch(_ text: ArraySlice<UInt8>, count: Int) throws -> [Element] {
            let base = nextIndex
            nextIndex += count
            var batch: [UInt8] = []
            batch.reserveCapacity(text.count + 2)
            batch.append(UInt8(ascii: "["))
            batch.append(contentsOf: text)
            batch.append(UInt8(ascii: "]"))
            do {
                return try DecodeCall.withDocument(batch, options: options) { document in
                    try DecodeCall.value([Element].self, document: document, options: options)
                }
            } catch let error as DecodingError {
                let path = self.path.map { AnyCodingKey(stringValue: $0) as any CodingKey }
                throw StreamErrors.reindexed(error, by: base, under: path)
            }
        }
    }
}
