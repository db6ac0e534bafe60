/// No object is written with a key twice. Hand-written `encode(to:)` can write a key
/// again (a value replaced, a nested container asked for twice, two properties that a
/// key strategy maps onto one key); `JSONEncoder` keeps one member per key, the last
/// written, and so does CodableKit — readers disagree on which of two members wins.
///
/// Telling keys apart by `String` comparison on every member would cost more than
/// writing the member, so members are told apart by `KeyHash` first and compared as
/// strings only when two hashes match.
enum KeyHash {
    /// A hash of a key's UTF-8 bytes: its length and (at most) its first and last eight
    /// bytes, mixed. Equal keys hash equal; different keys may collide (keys that differ
    /// only in the middle of a long key), which costs the tree's exact check, never a wrong answer.
    @inline(__always)
    static func of(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let count = utf8.count
        guard let base = utf8.baseAddress, count > 0 else { return 0x9E37_79B9_7F4A_7C15 }
        guard count >= 8 else { return mix(gather(base, count: count), count: count) }
        let raw = UnsafeRawPointer(base)
        // Safety: `count >= 8` (the guard above): both words are inside the key.
        let high = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        return mix(raw.loadUnaligned(as: UInt64.self) ^ (high &<< 29 | high &>> 35), count: count)
    }

    /// The `count` bytes (1 to 7) at `source` as one word, first byte lowest, without
    /// reading past them (`JSONWriter` writes a short string from the same word).
    @inline(__always)
    static func gather(_ source: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        let raw = UnsafeRawPointer(source)
        if count >= 4 {
            // Safety: `count >= 4`: both words are inside the key.
            return UInt64(raw.loadUnaligned(as: UInt32.self))
                | UInt64(raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)) &<< UInt64(8 * (count - 4))
        }
        return UInt64(source[0]) | UInt64(source[count / 2]) &<< UInt64(8 * (count / 2))
            | UInt64(source[count - 1]) &<< UInt64(8 * (count - 1))
    }

    /// One multiply: the top bits, which the filter reads, depend on every bit of `bits`.
    @inline(__always)
    static func mix(_ bits: UInt64, count: Int) -> UInt64 {
        (bits ^ UInt64(truncatingIfNeeded: count) &<< 56) &* 0x9E37_79B9_7F4A_7C15
    }

    @inline(__always)
    static func of(_ key: String) -> UInt64 {
        if let hash = key.utf8.withContiguousStorageIfAvailable(of) { return hash }
        var key = key
        return key.withUTF8(of)
    }
}

/// The keys of one object so far, as 256 bits that their hashes set: a key whose bit is
/// clear is new without looking further, and with that many bits most keys of even a wide
/// object find theirs clear.
struct MemberKeyFilter {
    private var words = SIMD4<UInt64>(0, 0, 0, 0)  // not `.zero`, a lazily made static

    /// Sets the bit of `hash`; whether it was set already (the key may be there).
    @inline(__always)
    mutating func insert(_ hash: UInt64) -> Bool {
        let word = Int(truncatingIfNeeded: (hash &>> 56) & 3)
        let bit: UInt64 = 1 &<< (hash &>> 58)
        let seen = words[word] & bit != 0
        words[word] |= bit
        return seen
    }
}

extension EncodedContent {
    /// `members` with one member per key, the last written for each (where it was
    /// written); nil when no key repeats, which is what almost every object finds.
    static func lastOfEachKey(_ members: [(key: String, value: EncodedContent)]) -> [(key: String, value: EncodedContent)]? {
        let count = members.count
        guard count > 1 else { return nil }
        let repeats = withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { hashes -> Bool in
            var filter = MemberKeyFilter()
            for index in 0 ..< count {
                let hash = KeyHash.of(members[index].key)
                hashes[index] = hash
                if filter.insert(hash) {
                    for earlier in 0 ..< index where hashes[earlier] == hash && members[earlier].key == members[index].key {
                        return true
                    }
                }
            }
            return false
        }
        guard repeats else { return nil }
        var seen: Set<String> = []
        var kept: [(key: String, value: EncodedContent)] = []
        for member in members.reversed() where seen.insert(member.key).inserted { kept.append(member) }
        return kept.reversed()
    }
}
