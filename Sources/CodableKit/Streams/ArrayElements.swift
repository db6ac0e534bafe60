#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ModelDecoder {
    /// The elements of the top-level array of `bytes` (or of the array at `designatedPath`,
    /// such as `"data.items"`), each decoded as soon as it is complete: memory is bounded by
    /// the largest element and a few chunks' values (a loop on an actor is read up to two
    /// batches ahead), not by the document. `bytes` is any `AsyncSequence` of `UInt8`, read
    /// up to each element's end as it comes; the other overload takes chunks. Either is read
    /// as `decode` reads a document: UTF-8 (a byte order mark skipped), UTF-16 or UTF-32.
    ///
    /// ```swift
    /// // `chunks(of:)`: a file's `Data` in chunks, on every platform (the Streams article).
    /// for try await airport in ModelDecoder().elements(of: Airport.self, from: try chunks(of: url)) { … }
    /// ```
    /// Tolerant mode leaves a bad element out and goes on, as it does in memory; each repair
    /// is recorded in a report that `DecodingLog` receives, its path counting elements from
    /// the start of the whole array (`data.items[1234].price`). Strict mode throws at the
    /// first bad element, its coding path the same. Bytes that end inside the array or are not
    /// JSON, a path that is not there, and a value there that is not an array are an error in
    /// either mode. Every element before an error is returned first.
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
        let path = designatedPath.map { DottedPath($0).keys } ?? []
        return AsyncIterator(chunks: ByteChunks(source, handingOnAfter: .elementEnd(depth: path.count + 1)), options: options, path: path)
    }

    /// Scans the bytes as they arrive and decodes the elements of the array that each
    /// chunk completes, together: one decode per chunk, not per element.
    public struct AsyncIterator: AsyncIteratorProtocol, BatchIterator {
        var chunks: ByteChunks<Source>
        let options: DecodingOptions
        /// The keys (and indices) leading to the array.
        let path: [String]
        /// Follows the structure until the array is found; then `elementScanner` takes over.
        var scanner = StructureScanner(tracksKeys: true)
        var elementScanner = ElementScanner()
        /// Bytes not yet let go: from the element in progress (or the next byte) on.
        var pending: [UInt8] = []
        /// The next byte of `pending` to scan.
        var scanned = 0
        /// The array has opened: `elementScanner` follows its elements.
        var arrayFound = false
        var arrayClosed = false
        /// Until the array is found: where the value at the path began, kept whole in case it
        /// is not an array; and the member start last compared with the path.
        var valueAtPath: Int?
        var checkedStart: Int?
        /// Elements decoded but not yet returned, in order, and the error that comes after them.
        @usableFromInline var ready = ReadyValues<Element>()
        /// The index of the next element to complete.
        var nextIndex = 0

        init(chunks: ByteChunks<Source>, options: DecodingOptions, path: [String]) {
            self.chunks = chunks
            self.options = options
            self.path = path
        }

        /// Set once a loop on an actor asks for a value: reads and decodes from then on.
        var ahead: ReadAhead<Element>?

        var bytesRead: Int { chunks.bytesRead }

        /// The next element, on the caller's actor (`for try await` passes it). A loop on an
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

        /// The next element; nil after the last. Reads and decodes off any actor.
        public mutating func next() async throws -> Element? {
            if ahead != nil { return try await next(readingAheadOf: nil) }  // the task reads now
            while true {
                if let value = try ready.next() { return value }
                if arrayClosed || ready.failed { return nil }
                guard try await chunks.next(into: &pending) else {
                    if !arrayFound, path.isEmpty, let start = valueAtPath {  // a top-level number or literal ends with the bytes
                        arrayClosed = true
                        ready.set(try decodeNotAnArray(pending[start...]))
                        continue
                    }
                    throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: !arrayFound
                        ? "The bytes ended before an array at \(path.isEmpty ? "the top level" : path.joined(separator: ".")) began."
                        : "The bytes ended inside the array, after \(nextIndex) elements."))
                }
                try scan()
            }
        }

        /// Scans what arrived and decodes the elements it completed, then lets go of the
        /// bytes no element in progress needs.
        private mutating func scan() throws {
            var (scanner, elementScanner) = (self.scanner, self.elementScanner)  // locals: the callbacks note what ended
            var (arrayFound, arrayClosed, scanned) = (self.arrayFound, self.arrayClosed, self.scanned)
            var first: Int?, last = 0, count = 0
            var notAnArray: Range<Int>?
            var misplaced: ElementScanner.Misplaced?
            // Safety: the pending bytes are read only inside the closure, and not changed while it runs.
            pending.withUnsafeBufferPointer { bytes in
                // Until the array opens, byte by byte: its path is checked as each value at its depth begins.
                while !arrayFound, notAnArray == nil, scanned < bytes.count {
                    let before = scanner.stack.count
                    var ended: StructureScanner.Ended?
                    scanner.take(bytes[scanned], at: scanned) { if $0.depth == path.count { ended = $0 } }
                    scanned += 1
                    let now = scanner.stack.count
                    if now == path.count + 1, now > before, !scanner.stack[now - 1].isObject, scanner.path(to: now - 1) == path {
                        arrayFound = true
                        valueAtPath = nil
                    } else {
                        noteValueAtPath(scanner)
                        if let ended, ended.start == valueAtPath { notAnArray = ended.start ..< ended.end }
                    }
                }
                guard arrayFound, !arrayClosed else { return }
                (scanned, arrayClosed, misplaced) = elementScanner.scan(bytes, from: scanned) { start, end in
                    if first == nil { first = start }
                    last = end
                    count += 1
                }
            }
            if let notAnArray {
                arrayClosed = true
                ready.set(try decodeNotAnArray(pending[notAnArray]))
            }
            var (elements, failure): ([Element], (any Error)?) = ([], nil)
            if let first { (elements, failure) = decodeBatch(pending[first ..< last], count: count) }
            if let misplaced {  // no batch holds it: said here, after the batch before it, and nothing after it is read
                arrayClosed = true
                let (expected, byte) = switch misplaced {
                case let .separator(byte): ("',' or ']' after element \(nextIndex - 1)", byte)
                case let .element(byte): (nextIndex == 0 ? "an element or ']' after '['" : "an element or ']' after the ',' after element \(nextIndex - 1)", byte)
                }
                failure = failure ?? DecodingError.dataCorrupted(.init(codingPath: [], debugDescription:
                    "The given data was not valid JSON: expected \(expected) of the array\(path.isEmpty ? "" : " at " + path.joined(separator: ".")), found \(JSONReadError.Found.byte(byte))."))
            }
            if first != nil || misplaced != nil { ready.set(elements, failure: failure) }
            // Keep the element in progress (or the value at the path, or nothing), and shift the scanner's offsets.
            var keep = scanned
            if let start = arrayFound ? elementScanner.start : valueAtPath { keep = Swift.min(keep, start) }
            if keep > 0 {
                pending.removeFirst(keep)
                scanned -= keep
                if !arrayFound {
                    scanner.dropFirst(keep)
                    valueAtPath = valueAtPath.map { $0 - keep }
                    checkedStart = checkedStart.map { $0 - keep }
                } else {
                    elementScanner.dropFirst(keep)
                }
            }
            (self.scanner, self.elementScanner) = (scanner, elementScanner)
            (self.arrayFound, self.arrayClosed, self.scanned) = (arrayFound, arrayClosed, scanned)
        }

        /// Notes where a value at the path begins: the top-level value, or a member (element)
        /// of the container above the path's end whose keys match. Compares keys once per
        /// value, not per byte.
        private mutating func noteValueAtPath(_ scanner: StructureScanner) {
            if path.isEmpty {
                valueAtPath = scanner.topLevelStart
            } else if scanner.stack.count >= path.count {
                let start = scanner.stack[path.count - 1].valueStart
                if start != checkedStart {
                    checkedStart = start
                    valueAtPath = start != nil && scanner.path(to: path.count) == path ? start : nil
                }
            }
        }

        /// The value at the path, which is not an array, decoded as `[Element]` as in memory:
        /// tolerant mode reads an empty array (and reports it), strict mode throws.
        private func decodeNotAnArray(_ text: ArraySlice<UInt8>) throws -> [Element] {
            try decodeArray(text, base: 0, wrapped: false)
        }

        /// The elements in `text` (elements and the commas between them), decoded as one
        /// array: tolerant mode leaves out a bad element as in memory. When the batch fails,
        /// its elements are decoded one at a time, so that those before the bad one are still
        /// returned; the error comes after them.
        private mutating func decodeBatch(_ text: ArraySlice<UInt8>, count: Int) -> ([Element], (any Error)?) {
            let base = nextIndex
            nextIndex += count
            do {
                return (try decodeArray(text, base: base), nil)
            } catch {
                var elements: [Element] = []
                for (offset, range) in Self.elementRanges(in: text).enumerated() {
                    do {
                        elements += try decodeArray(text[range], base: base + offset)
                    } catch {
                        return (elements, error)
                    }
                }
                return (elements, error)  // no element fails alone: the batch's structure is broken
            }
        }

        /// `text` as `[Element]`, inside brackets unless it has its own: a strict error's path,
        /// and a tolerant report's, count elements from the start of the whole array
        /// (`base` more) under the designated path.
        private func decodeArray(_ text: ArraySlice<UInt8>, base: Int, wrapped: Bool = true) throws -> [Element] {
            var array: [UInt8] = []
            array.reserveCapacity(text.count + 2)
            if wrapped { array.append(UInt8(ascii: "[")) }
            array.append(contentsOf: text)
            if wrapped { array.append(UInt8(ascii: "]")) }
            let listening = DecodingLog.isListening
            do {
                let (elements, report) = try DecodeCall.withDocument(array, options: options) { document in
                    try DecodeCall.run([Element].self, document: document, designatedPath: nil, options: options,
                                       returnsReport: listening, reportsToLog: false)
                }
                if listening {
                    DecodingLog.deliver(StreamErrors.rebased(report, by: base, under: path), modelType: typeName([Element].self))
                }
                return elements
            } catch let error as DecodingError {
                throw StreamErrors.reindexed(error, by: base, under: path.map { AnyCodingKey(stringValue: $0) })
            }
        }

        /// The ranges of the elements of a batch (`text` without brackets), in `text`'s indices:
        /// found by the scanner that cut the batch, so they are the elements it counted, inside
        /// `text` whatever the bytes are. (The structure scanner, which checks more, read some
        /// bytes that are not JSON otherwise, and gave a range past the batch's end: a trap.)
        private static func elementRanges(in text: ArraySlice<UInt8>) -> [Range<Int>] {
            var scanner = ElementScanner()
            var ranges: [Range<Int>] = []
            let array = Array(text) + [UInt8(ascii: "]")]
            // Safety: the bytes are read only inside the closure.
            _ = array.withUnsafeBufferPointer {
                scanner.scan($0, from: 0) { start, end in ranges.append(text.startIndex + start ..< text.startIndex + end) }
            }
            return ranges
        }
    }
}

/// Sendable when its bytes are: a stream made in one task can be read in another.
extension DecodedElements: Sendable where Source: Sendable {}
