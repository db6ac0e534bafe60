/// Bytes a table owns for its life — its keys' UTF-8, an optional's `nil` — copied in when
/// it is made and read in ranges afterwards, without an array to retain per read. Every
/// range is checked against the bytes in debug builds (the test suite builds debug); release
/// builds read unchecked, on paths that run per member.
///
/// Not reference-counted: the owner (`FieldPlan`, `PlanKeyCandidates`) calls `deallocate()`
/// once, in its `deinit`, and no range it handed out is used after.
///
/// Safety: `base` holds `count` initialized bytes from `init` to `deallocate()`; a range is
/// read only where `start >= 0`, `length >= 0` and `start + length <= count` (asserted).
struct OwnedBytes: @unchecked Sendable {  // immutable once made
    private let base: UnsafeMutablePointer<UInt8>
    let count: Int

    init(_ bytes: [UInt8]) {
        count = bytes.count
        base = .allocate(capacity: max(bytes.count, 1))
        base.initialize(repeating: 0, count: max(bytes.count, 1))
        bytes.withUnsafeBufferPointer { source in
            if let address = source.baseAddress { base.update(from: address, count: source.count) }
        }
    }

    func deallocate() {
        base.deinitialize(count: max(count, 1))
        base.deallocate()
    }

    /// The `length` bytes from `start`.
    @inline(__always)
    func range(_ start: Int, count length: Int) -> UnsafeBufferPointer<UInt8> {
        assert(start >= 0 && length >= 0 && start + length <= count, "bytes \(start)..<\(start + length) of \(count)")
        return UnsafeBufferPointer(start: base + start, count: length)
    }

    /// `range(_:count:)` for `ByteArena.append(padded:)`, which reads `ByteArena.paddedLength`
    /// bytes from `start` whatever the length: the owner pads its bytes so that they are there.
    @inline(__always)
    func paddedRange(_ start: Int, count length: Int) -> UnsafeBufferPointer<UInt8> {
        assert(start + ByteArena.paddedLength <= count, "\(ByteArena.paddedLength) bytes from \(start) of \(count): not padded")
        return range(start, count: length)
    }

    /// Whether the `length` bytes from `start` are `key`'s.
    @inline(__always)
    func equals(_ key: UnsafeBufferPointer<UInt8>, at start: Int, count length: Int) -> Bool {
        length == key.count && equalBytes(key, range(start, count: length))
    }
}
