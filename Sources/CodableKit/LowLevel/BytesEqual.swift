/// Byte equality of two short ranges, eight bytes at a time (keys are short: a call
/// to `memcmp` costs more than the comparison itself). The last word overlaps the one
/// before it, and a key of 4–7 bytes is two overlapping 4-byte words, so no key is
/// compared byte by byte beyond 3 bytes.
///
/// Safety: both ranges hold `count` bytes; a word at offset `o` is read only where
/// `o + 8 <= count` (a half-word where `o + 4 <= count`), bytes one by one below four.
@inline(__always)
func bytesEqual(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>?, _ count: Int) -> Bool {
    guard count > 0, let rhs else { return true }
    let (left, right) = (UnsafeRawPointer(lhs), UnsafeRawPointer(rhs))
    if count >= 8 {
        var offset = 0
        while offset + 8 < count {
            if left.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                != right.loadUnaligned(fromByteOffset: offset, as: UInt64.self) { return false }
            offset += 8
        }
        return left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 {
        return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
            && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
    }
    return lhs[0] == rhs[0] && lhs[count / 2] == rhs[count / 2] && lhs[count - 1] == rhs[count - 1]
}

/// Whether two byte ranges hold the same bytes.
@inline(__always)
func equalBytes(_ lhs: UnsafeBufferPointer<UInt8>, _ rhs: UnsafeBufferPointer<UInt8>) -> Bool {
    lhs.count == rhs.count && (lhs.isEmpty || bytesEqual(lhs.baseAddress!, rhs.baseAddress, lhs.count))
}
