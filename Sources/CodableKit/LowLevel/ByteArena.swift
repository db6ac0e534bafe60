#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Growable bytes, written with plain stores and `memcpy`: the reader's unescaped
/// string text and `JSONWriter`'s output (an `Array` checks uniqueness and capacity on
/// every append, a cost paid per byte on escape-heavy input).
///
/// Safety: bytes `0 ..< count` are written and the storage holds `capacity`; every write
/// first makes room (`grow(toFit:)`), and a pointer from `reserve` is used only up to
/// the room reserved, before the next call that can grow the storage.
struct ByteArena: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>?
    private(set) var count = 0
    private var capacity = 0

    init() {}

    deinit { free(base) }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toFit: 1) }
        base![count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - count < bytes.count { grow(toFit: bytes.count) }
        memcpy(base! + count, source, bytes.count)
        count += bytes.count
    }

    /// How many bytes `append(padded:)` may read from the start of what it appends: most keys
    /// of a model, with their quotes and colon.
    static let paddedLength = 32

    /// `append(_:)` for bytes that can be read `paddedLength` at a time from their start (their
    /// owner pads them): up to that many are copied as four words, not by a `memcpy` call. The
    /// words may write past the bytes appended, inside the room made: bytes not yet appended.
    @inline(__always)
    mutating func append(padded bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count <= Self.paddedLength, let source = bytes.baseAddress else { return append(bytes) }
        if capacity - count < Self.paddedLength { grow(toFit: Self.paddedLength) }
        let from = UnsafeRawPointer(source), to = UnsafeMutableRawPointer(base! + count)
        for offset in stride(from: 0, to: Self.paddedLength, by: 8) {
            to.storeBytes(of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
        }
        count += bytes.count
    }

    /// Up to eight bytes given as a word (the first in its lowest byte), in one store: a
    /// literal's, without a `memcpy` call.
    @inline(__always)
    mutating func append(word: UInt64, count length: Int) {
        if capacity - count < 8 { grow(toFit: 8) }
        UnsafeMutableRawPointer(base! + count).storeBytes(of: word.littleEndian, as: UInt64.self)
        count += length
    }

    /// Room for `extra` more bytes: where they go. Write them there, then `commit(upTo:)`.
    @inline(__always)
    mutating func reserve(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if capacity - count < extra { grow(toFit: extra) }
        return base! + count
    }

    /// Counts the bytes written from `reserve`'s pointer up to `end` as appended.
    @inline(__always)
    mutating func commit(upTo end: UnsafeMutablePointer<UInt8>) {
        count = end - base!
    }

    /// The bytes appended at `range`, in place: valid until the next append (which may move
    /// them), and checked in bounds in debug builds.
    @inline(__always)
    func buffer(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        assert(range.lowerBound >= 0 && range.upperBound <= count, "bytes \(range) of \(count) appended")
        return UnsafeBufferPointer(start: base.map { $0 + range.lowerBound }, count: range.count)
    }

    /// Forgets everything appended after the first `count` bytes.
    mutating func truncate(to count: Int) {
        precondition(count >= 0 && count <= self.count, "truncating beyond what was appended")
        self.count = count
    }

    /// Everything appended, as `Data` that takes the storage over (no copy); the arena is empty after.
    mutating func takeData() -> Data {
        guard let base, count > 0 else { return Data() }
        let storage = realloc(base, count) ?? UnsafeMutableRawPointer(base)  // give back what is unused
        let taken = Data(bytesNoCopy: storage, count: count, deallocator: .free)
        self.base = nil
        count = 0
        capacity = 0
        return taken
    }

    /// A copy of what was appended from offset `start` on.
    func bytes(from start: Int) -> [UInt8] {
        guard let base, start < count else { return [] }
        return Array(UnsafeBufferPointer(start: base + start, count: count - start))
    }

    /// `prefix` followed by everything appended, as one array.
    func appended(to prefix: [UInt8]) -> [UInt8] {
        guard count > 0 else { return prefix }
        return prefix.withUnsafeBufferPointer { appended(toCopyOf: $0) }
    }

    /// A copy of `prefix` followed by everything appended, as one array.
    func appended(toCopyOf prefix: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: prefix.count + count) { buffer, initialized in
            if let source = prefix.baseAddress { buffer.baseAddress!.initialize(from: source, count: prefix.count) }
            if let base, count > 0 { (buffer.baseAddress! + prefix.count).initialize(from: base, count: count) }
            initialized = prefix.count + count
        }
    }

    /// `realloc`: large blocks grow in place or by remapping pages, without copying.
    private mutating func grow(toFit extra: Int) {
        let newCapacity = max(capacity * 2, count + extra, 256)
        guard let grown = realloc(base, newCapacity) else { fatalError("out of memory: \(newCapacity) bytes") }
        base = grown.assumingMemoryBound(to: UInt8.self)
        capacity = newCapacity
    }
}
