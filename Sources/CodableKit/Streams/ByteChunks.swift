#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bytes of an `AsyncSequence` as UTF-8, chunk by chunk, whether it yields bytes one at
/// a time (`URLSession.AsyncBytes`, `FileHandle.bytes` on Apple platforms) or chunks (`Data`,
/// `[UInt8]`, NIO's `ByteBufferView`, any `Collection` of `UInt8`). A chunk costs one
/// `await`; bytes one at a time are gathered into chunks as they come.
///
/// The stream's encoding is found from its first bytes as `decode` finds a document's: a
/// UTF-8 byte order mark is dropped, as the reader drops it, and UTF-16 or UTF-32 is
/// transcoded to UTF-8 as it arrives, so that a stream reads what `decode` reads whole.
struct ByteChunks<Source: AsyncSequence> {
    private var source: Source.AsyncIterator
    private let yieldsBytes: Bool
    private let boundary: Boundary
    private var sourceEnded = false
    /// Bytes read from the source so far, as they came (before any transcoding).
    private(set) var bytesRead = 0
    /// The encoding has been found from the stream's first bytes.
    private var encodingKnown = false
    /// UTF-16 or UTF-32 input, once known.
    private var transcoder: StreamTranscoder?

    /// Where bytes that arrive one at a time are handed on without waiting for more: after
    /// the byte that ends what the reader waits for, so that it is decoded as soon as it is
    /// here, even when the source then waits (a live stream of events).
    enum Boundary {
        /// A line's `\n`.
        case lineEnd
        /// The end of an element of an array whose elements are `depth` containers deep (1
        /// for the top-level array's): its closing `}`, `]` or `"`, the `,` or `\n` after a
        /// number, or the array's `]`. Only the structure is followed, as `StructureScanner`
        /// does: an element ending at another array of that depth is handed on early, harmlessly.
        case elementEnd(depth: Int)
    }

    /// Follows strings and nesting in bytes that arrive one at a time, for `elementEnd`.
    private struct Structure {
        var inString = false
        var escaped = false
        var depth = 0

        /// Takes `byte`: whether it ends an element `elementDepth` containers deep.
        @inline(__always)
        mutating func ends(_ byte: UInt8, elementDepth: Int) -> Bool {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    return depth == elementDepth
                }
                return false
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                return depth <= elementDepth
            case UInt8(ascii: ","), UInt8(ascii: "\n"): return depth == elementDepth
            default: break
            }
            return false
        }
    }

    private var structure = Structure()

    init(_ source: Source, handingOnAfter boundary: Boundary) {
        self.source = source.makeAsyncIterator()
        yieldsBytes = Source.Element.self == UInt8.self
        self.boundary = boundary
    }

    /// Appends the next chunk's UTF-8 to `buffer` (possibly nothing: a code unit split by the
    /// chunk's end waits for the next); false at the end.
    /// - Throws: the source's errors; `DecodingError.dataCorrupted` for UTF-16 or UTF-32
    ///   that is not valid.
    mutating func next(into buffer: inout [UInt8]) async throws -> Bool {
        if encodingKnown, transcoder == nil { return try await read(into: &buffer) }
        if !encodingKnown { return try await readFirst(into: &buffer) }
        if let failure = transcoder!.failure { throw failure }  // after the text before it was read
        var raw: [UInt8] = []
        let more = try await read(into: &raw)
        transcoder!.append(raw, ended: !more, to: &buffer)
        return more || transcoder!.failure != nil
    }

    /// Reads until the encoding is known, then hands on what arrived as UTF-8.
    private mutating func readFirst(into buffer: inout [UInt8]) async throws -> Bool {
        var first: [UInt8] = []
        var more = true
        var encoding: InputEncoding?
        while encoding == nil {
            more = try await read(into: &first)
            encoding = Self.encoding(of: first, ended: !more)
        }
        encodingKnown = true
        if case .utf8 = encoding! {
            let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
            buffer.append(contentsOf: first.starts(with: mark) ? first.dropFirst(3) : first[...])
        } else {
            transcoder = StreamTranscoder(encoding!)
            transcoder!.append(first.dropFirst(encoding!.skip), ended: !more, to: &buffer)
        }
        return more || !first.isEmpty
    }

    /// The encoding of a stream that begins with `first`, or nil until more bytes tell. Two
    /// bytes tell UTF-8 unless one is zero or the first is `FE` or `FF` (no UTF-8 text
    /// starts so); then four do, as for `decode`. A UTF-8 byte order mark needs three.
    private static func encoding(of first: [UInt8], ended: Bool) -> InputEncoding? {
        // Safety: (these two) the bytes are read only during the call.
        if ended { return first.withUnsafeBufferPointer(InputEncoding.of) }
        if first.count >= 2, first[0] != 0, first[1] != 0, first[0] < 0xFE {
            return first[0] != 0xEF || first.count >= 3 ? .utf8 : nil
        }
        return first.count >= 4 ? first.withUnsafeBufferPointer(InputEncoding.of) : nil
    }

    /// Appends the source's next bytes to `buffer`; false at the end.
    private mutating func read(into buffer: inout [UInt8]) async throws -> Bool {
        guard !sourceEnded else { return false }
        if yieldsBytes {
            var count = 0
            gathering: while count < 64 * 1024 {
                guard let element = try await source.next() else {
                    sourceEnded = true
                    break
                }
                // Safety: `Source.Element` is `UInt8` (checked in `init`).
                let byte = unsafeBitCast(element, to: UInt8.self)
                buffer.append(byte)
                count += 1
                switch boundary {
                case .lineEnd: if byte == UInt8(ascii: "\n") { break gathering }
                case let .elementEnd(depth): if structure.ends(byte, elementDepth: depth) { break gathering }
                }
            }
            bytesRead += count
            return count > 0
        }
        guard let element = try await source.next() else {
            sourceEnded = true
            return false
        }
        let before = buffer.count
        switch element {
        case let bytes as [UInt8]: buffer.append(contentsOf: bytes)
        case let data as Data: buffer.append(contentsOf: data)
        case let collection as any Collection<UInt8>: Self.append(collection, to: &buffer)
        default: preconditionFailure("ByteChunks over \(Source.Element.self), which is neither UInt8 nor a Collection of UInt8")
        }
        bytesRead += buffer.count - before
        return true
    }

    private static func append(_ collection: some Collection<UInt8>, to buffer: inout [UInt8]) {
        if collection.withContiguousStorageIfAvailable({ buffer.append(contentsOf: $0) }) == nil { buffer.append(contentsOf: collection) }
    }
}
