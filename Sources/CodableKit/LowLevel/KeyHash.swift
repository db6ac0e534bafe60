/// The one hash of a key's UTF-8 bytes, for the decoder's member lookup (`MemberCursor`,
/// `MemberIndex`), the fallbacks' key tables (`KeyIndex`) and the encoder's repeated-key
/// check (`StreamSession`, `EncodedContent.lastOfEachKey`).
///
/// Most keys are short: a key of up to sixteen bytes is read as two (possibly overlapping)
/// words, and one multiply mixes them with its length; a longer key folds in the words
/// between. Equal keys hash equal; different keys rarely do, and then cost an exact
/// comparison, never a wrong answer (it is not meant for adversarial input: a table of it
/// holds one object's keys).
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
        // In place when the text is contiguous UTF-8 (a copy to call `withUTF8` retains it).
        if let hash = key.utf8.withContiguousStorageIfAvailable(of) { return hash }
        var key = key
        return key.withUTF8(of)
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

/// Positions by hash, with open addressing over a power-of-two table at most half full:
/// the one table behind `MemberIndex` (an object's members) and `KeyIndex` (a model's keys).
/// It stores positions only; the caller says when the entry at a position is the key sought.
struct HashSlots: Sendable {
    /// Position + 1 of each slot's entry; 0: empty.
    private var slots: [Int32]
    /// How far a hash is shifted down to give a slot: its top bits (see `KeyHash.mix`).
    private let shift: UInt64

    /// A table for `count` entries.
    init(count: Int, minimumSize: Int = 8) {
        var size = minimumSize
        var bits: UInt64 = UInt64(minimumSize.trailingZeroBitCount)
        while size < count * 2 { (size, bits) = (size << 1, bits + 1) }
        slots = [Int32](repeating: 0, count: size)
        shift = 64 - bits
    }

    /// Adds `position` under `hash` unless an entry `isSame` is there already (the first
    /// of equal keys stays); whether it was added.
    @inline(__always)
    @discardableResult
    mutating func insert(_ position: Int, hash: UInt64, isSame: (Int) -> Bool) -> Bool {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash &>> shift)
        while slots[slot] != 0 {
            if isSame(Int(slots[slot]) - 1) { return false }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(position + 1)
        return true
    }

    /// The position under `hash` that `matches`, if any.
    @inline(__always)
    func find(_ hash: UInt64, matches: (Int) -> Bool) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash &>> shift)
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if matches(position) { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }
}
