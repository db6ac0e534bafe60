import Foundation

/// The bytes of an `AsyncSequence`, chunk by chunk, whether it yields bytes one at a time
/// (`FileHandle.bytes`, `URLSession.AsyncBytes`) or chunks (`Data`, `[UInt8]`, NIO's
/// `ByteBufferView`, any `Collection` of `UInt8`). A chunk costs one `await`; bytes one at
/// a time are gathered into chunks as they come.
struct ByteChunks<Source: AsyncSequence> {
    private var source: Source.AsyncIterator
    private let yieldsBytes: Bool

    init(_ source: Source) {
        self.source = source.makeAsyncIterator()
        yieldsBytes = Source.Element.self == UInt8.self
    }

    /// The next chunk, or nil at the end: `body` reads it where it lies.
    mutating func next() async throws -> [UInt8]? {
        if yieldsBytes {
            var chunk: [UInt8] = []
            while chunk.count < 64 * 1024, let element = try await source.next() {
                // Safety: `Source.Element` is `UInt8` (checked in `init`).
                chunk.append(unsafeBitCast(element, to: UInt8.self))
                if chunk.last == UInt8(ascii: "\n") { break }  // a line goes on without waiting for more
            }
            return chunk.isEmpty ? nil : chunk
        }
        guard let element = try await source.next() else { return nil }
        switch element {
        case let bytes as [UInt8]: return bytes
        case let data as Data: return [UInt8](data)
        case let collection as any Collection<UInt8>: return Self.bytes(of: collection)
        default: preconditionFailure("ByteChunks over \(Source.Element.self), which is neither UInt8 nor a Collection of UInt8")
        }
    }

    private static func bytes(of collection: some Collection<UInt8>) -> [UInt8] {
        collection.withContiguousStorageIfAvailable { Array($0) } ?? Array(collection)
    }
}
