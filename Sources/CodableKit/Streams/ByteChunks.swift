#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The bytes of an `AsyncSequence`, chunk by chunk, whether it yields bytes one at a time
/// (`URLSession.AsyncBytes`, `FileHandle.bytes` on Apple platforms) or chunks (`Data`, `[UInt8]`, NIO's
/// `ByteBufferView`, any `Collection` of `UInt8`). A chunk costs one `await`; bytes one at
/// a time are gathered into chunks as they come.
struct ByteChunks<Source: AsyncSequence> {
    private var source: Source.AsyncIterator
    private let yieldsBytes: Bool

    init(_ source: Source) {
        self.source = source.makeAsyncIterator()
        yieldsBytes = Source.Element.self == UInt8.self
    }

    /// Appends the next chunk to `buffer`; false at the end.
    mutating func next(into buffer: inout [UInt8]) async throws -> Bool {
        if yieldsBytes {
            var appended = false
            var count = 0
            while count < 64 * 1024, let element = try await source.next() {
                // Safety: `Source.Element` is `UInt8` (checked in `init`).
                let byte = unsafeBitCast(element, to: UInt8.self)
                buffer.append(byte)
                (appended, count) = (true, count + 1)
                if byte == UInt8(ascii: "\n") { break }  // a line goes on without waiting for more
            }
            return appended
        }
        guard let element = try await source.next() else { return false }
        switch element {
        case let bytes as [UInt8]: buffer.append(contentsOf: bytes)
        case let data as Data: buffer.append(contentsOf: data)
        case let collection as any Collection<UInt8>: Self.append(collection, to: &buffer)
        default: preconditionFailure("ByteChunks over \(Source.Element.self), which is neither UInt8 nor a Collection of UInt8")
        }
        return true
    }

    private static func append(_ collection: some Collection<UInt8>, to buffer: inout [UInt8]) {
        if collection.withContiguousStorageIfAvailable({ buffer.append(contentsOf: $0) }) == nil { buffer.append(contentsOf: collection) }
    }
}
