/// The fast hash of a key's UTF-8 bytes: the filters of the decoder's member lookup
/// (`MemberCursor`) and the encoder's repeated-key check (`StreamSession`), and the hash a
/// `HashSlots` starts on.
///
/// Most keys are short: a key of up to sixteen bytes is read as two (possibly overlapping)
/// words, and one multiply mixes them with its length; a longer key folds in the words
/// between. Equal keys hash equal; different keys rarely do, and then cost an exact
/// comparison, never a wrong answer. It is unseeded and public, so keys can be crafted to
/// collide in it (even in all 64 bits): nothing that holds keys from the input may cost
/// more when they do. `HashSlots` moves to `SeededKeyHash` then; a filter is only a shortcut
/// in front of an exact check that is O(1) on its own.
///
/// Safety: every read is inside the key: a word at offset `o` is read only where
/// `o + 8 <= count` (and a half-word where `o + 4 <= count`), and bytes one by one below four.
enum KeyHash {
    @inline(__always)
    static func of(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = utf8.count
        guard let base = utf8.baseAddress, count > 0 else { return 0x9E37_79B9_7F4A_7C15 }
        guard count >= 8 else { return mix(gather(base, count: count), count: count) }
        let raw = UnsafeRawPointer(base)
        let high = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        var bits = raw.loadUnaligned(as: UInt64.self) ^ (high &<< 29 | high &>> 35)
        var offset = 8
        while offset < count - 8 {  // the words between the first and the last: `offset + 8 < count`
            // Mixed before each word goes in, so no two bytes of the key land on one bit alike.
            bits = (bits &* 0xBF58_476D_1CE4_E5B9 ^ bits &>> 31) ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
        }
        return mix(bits, count: count)
    }

    @inline(__always)
    static func of(_ key: String) -> UInt64 {
        withUTF8(of: key, of)
    }

    /// The `count` bytes (1 to 7) at `source` as one word, first byte lowest, without
    /// reading past them (`JSONWriter` writes a short string from the same word).
    @inline(__always)
    static func gather(_ source: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(source)
        if count >= 4 {
            return UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) &<< UInt64(8 * (count - 4))
        }
        return UInt64(source[0]) | UInt64(source[count / 2]) &<< UInt64(8 * (count / 2))
            | UInt64(source[count - 1]) &<< UInt64(8 * (count - 1))
    }

    /// One multiply: the top bits, which filters and tables read, depend on every bit of `bits`
    /// (the low bits do not: read a hash from the top).
    @inline(__always)
    static func mix(_ bits: UInt64, count: Int) -> UInt64 {
        (bits ^ UInt64(truncatingIfNeeded: count) &<< 56) &* 0x9E37_79B9_7F4A_7C15
    }
}

/// A set of keys as 256 bits, one per key from the top of its `KeyHash`: a key whose bit
/// is clear was never inserted, without looking further; a set bit costs an exact look.
struct KeyFilter {
    private var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    /// Sets the bit of `hash`; whether it was set already (the key may be there).
    @inline(__always)
    @discardableResult
    mutating func insert(_ hash: UInt64) -> Bool {
        let bit = hash &>> 56
        let mask: UInt64 = 1 &<< (bit & 63)
        let seen: Bool
        switch bit &>> 6 {
        case 0: (seen, words.0) = (words.0 & mask != 0, words.0 | mask)
        case 1: (seen, words.1) = (words.1 & mask != 0, words.1 | mask)
        case 2: (seen, words.2) = (words.2 & mask != 0, words.2 | mask)
        default: (seen, words.3) = (words.3 & mask != 0, words.3 | mask)
        }
        return seen
    }

    /// Whether the bit of `hash` is set: false means the key was never inserted.
    @inline(__always)
    func contains(_ hash: UInt64) -> Bool {
        let bit = hash &>> 56
        let mask: UInt64 = 1 &<< (bit & 63)
        switch bit &>> 6 {
        case 0: return words.0 & mask != 0
        case 1: return words.1 & mask != 0
        case 2: return words.2 & mask != 0
        default: return words.3 & mask != 0
        }
    }
}

/// A key's hash under a seed chosen at random per process: Swift's `Hasher` (SipHash-1-3),
/// as `Dictionary` and `Set` hash. Slower than `KeyHash`, and out of reach of keys crafted
/// from this source: what a `HashSlots` moves to when its keys collide
/// (`SWIFT_DETERMINISTIC_HASHING` fixes the seed, for tests that must repeat).
enum SeededKeyHash {
    static func of(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(utf8))
        return UInt64(truncatingIfNeeded: hasher.finalize())
    }
}
