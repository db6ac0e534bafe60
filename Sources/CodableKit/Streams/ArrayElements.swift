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
    /// array are an error, in either mode, after the elements before them.
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

    /// Scans the bytes as they arrive and decodes each element of the array once it is whole.
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
        /// Elements complete but not yet returned, with their index.
        var ready: [(index: Int, bytes: [UInt8])] = []
        var nextIndex = 0

        init(chunks: ByteChunks<Source>, options: DecodingOptions, path: [String]) {
            self.chunks = chunks
            self.options = options
            self.path = path
        }

        public mutating func next() async throws -> Element? {
            while true {
                while !ready.isEmpty {
                    let (index, bytes) = ready.removeFirst()
                    if let value = try decode(bytes, index: index) { return value }
                }
                if arrayClosed { return nil }
                guard let chunk = try await chunks.next() else {
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: arrayDepth == nil
                        ? "The bytes ended before an array at \(path.isEmpty ? "the top level" : path.joined(separator: ".")) began."
                        : "The bytes ended inside the array, after \(nextIndex) elements."))
                }
                pending.append(contentsOf: chunk)
                scan()
            }
        }

        /// Scans what arrived, queueing each element that became whole, then lets go of the
        /// bytes no element in progress needs.
        private mutating func scan() {
            // Locals: the scanner's callback appends to `ready` while the scanner changes.
            var scanner = self.scanner
            var ready = self.ready
            var nextIndex = self.nextIndex
            var (arrayDepth, arrayClosed, scanned) = (self.arrayDepth, self.arrayClosed, self.scanned)
            let bytes = pending
            while scanned < bytes.count, !arrayClosed {
                let depthBefore = scanner.stack.count
                let depth = arrayDepth
                scanner.take(bytes[scanned], at: scanned) { ended in
                    if let depth, ended.depth == depth {
                        ready.append((nextIndex, Array(bytes[ended.start ..< ended.end])))
                        nextIndex += 1
                    }
                }
                let now = scanner.stack.count
                if arrayDepth == nil, now == path.count + 1, now > depthBefore, !scanner.stack[now - 1].isObject,
                   scanner.path(to: now - 1) == path {
                    arrayDepth = now
                } else if let found = arrayDepth, now < found {
                    arrayClosed = true
                }
                scanned += 1
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
            (self.scanner, self.ready, self.nextIndex) = (scanner, ready, nextIndex)
            (self.arrayDepth, self.arrayClosed, self.scanned) = (arrayDepth, arrayClosed, scanned)
        }

        /// The element's value; nil for one tolerant mode leaves out (recorded).
        private func decode(_ bytes: [UInt8], index: Int) throws -> Element? {
            do {
                return try DecodeCall.withDocument(bytes, options: options) { document in
                    try DecodeCall.value(Element.self, document: document, options: options)
                }
            } catch let error as DecodingError {
                guard options.mode == .tolerant else {
                    throw StreamErrors.prefixed("", error, path: path.map { AnyCodingKey(stringValue: $0) } + [AnyCodingKey(index: index)])
                }
                StreamErrors.recordSkipped(PathComponent.text(path.map { PathComponent.key($0) } + [.index(index)]), Element.self, error)
                return nil
            }
        }
    }
}
