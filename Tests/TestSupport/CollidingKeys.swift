/// Keys that all have one and the same `KeyHash` (the kernel's fast key hash), all 64 bits:
/// what someone who has read `KeyHash.of` can send, solved for rather than searched.
/// `HashFloodingTests` checks that they do collide; the benchmarks' hostile rows send them.
///
/// A 16-byte key hashes its first word `w0` and its last `w1` (bytes 8–15) as
/// `w0 ^ rotl(w1, 29)`, then mixes that with the length. Bits 3 and 4 of each byte of
/// `w1` land, rotated, on bits 0 and 1 of a byte of `w0`: flip them in `w1` ('a', 'i',
/// 'q', 'y') and flip the bits they land on in `w0` ('`', 'a', 'b', 'c') and the hash
/// stays. Two bits a byte over eight bytes: 65,536 distinct printable keys.
public enum CollidingKeys {
    public static let available = 1 << 16

    /// The first `count` keys (at most `available`), all with one `KeyHash`.
    public static func make(_ count: Int) -> [String] {
        precondition(count <= available, "at most \(available) colliding keys")
        let lastBase: UInt64 = 0x6161_6161_6161_6161  // "aaaaaaaa"
        let target: UInt64 = 0x6060_6060_6060_6060 ^ rotl(lastBase)
        return (0 ..< count).map { number in
            var last = lastBase
            for byte in 0 ..< 8 { last |= UInt64((number >> (2 * byte)) & 3) << UInt64(8 * byte + 3) }
            let first = target ^ rotl(last)
            return String(decoding: bytes(first) + bytes(last), as: UTF8.self)
        }
    }

    private static func rotl(_ word: UInt64) -> UInt64 { word << 29 | word >> 35 }

    private static func bytes(_ word: UInt64) -> [UInt8] { (0 ..< 8).map { UInt8(truncatingIfNeeded: word >> UInt64(8 * $0)) } }
}
