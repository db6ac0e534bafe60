/// The keys of a `HashSlots`, by the positions the table stores.
protocol KeyBytes {
    /// Calls `body` with the UTF-8 bytes of the key at `position`.
    func withKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result
}

/// Positions of keys, found by the keys' bytes: the kernel's one hash table for keys, those
/// of an input's object (`MemberIndex`, the encoder's keys of a wide object) and a model's own
/// that input keys are looked up in (`KeyIndex`, `FieldPlan`, `PlanKeyCandidates`).
///
/// Open addressing with linear probing over a power-of-two table at most half full. Each
/// slot holds an entry's position (the caller's: a node, a field, an index) beside the top
/// 32 bits of its key's hash, which say where the entry belongs and turn away most other
/// keys without reading them; the caller's `KeyBytes` gives the bytes for the exact
/// comparison. The first of equal keys stays (`insert` answers with it).
///
/// **Linear for any keys.** The hash is `KeyHash` — fast, and public, so keys can be crafted
/// to collide in it — until an entry would sit more than `longestProbe` slots past where it
/// belongs. Then the table is rebuilt on `SeededKeyHash` (Swift's `Hasher`, seeded at random
/// per process), which no one outside the process can aim at: crafted keys cost a SipHash
/// each, never a walk of every key before them. Natural keys almost never get there (at
/// half load, one entry in a few million lands that far). A lookup probes at most as far as
/// the farthest entry sits from where it belongs (`reach`), and stops at an empty slot.
///
/// Debug builds count every operation and probe (`HashSlots.Probes`), so tests assert what
/// the table does rather than how long it takes.
struct HashSlots: Sendable {
    /// Each slot: 0 when empty, else the top 32 bits of the key's hash above position + 1.
    private var slots: [UInt64]
    /// `slots.count` is `1 << bits`; an entry belongs at the top `bits` bits of its hash.
    private var bits: Int
    /// The number of entries.
    private(set) var count = 0
    /// How far past where it belongs the farthest entry sits.
    private var reach = 0
    /// The hash is `SeededKeyHash`, not `KeyHash`.
    private(set) var isSeeded = false

    /// The farthest an entry may sit from where it belongs on `KeyHash` before the table
    /// moves to `SeededKeyHash`.
    static let longestProbe = 40

    /// A table with room for `capacity` entries before it grows.
    init(capacity: Int) {
        var bits = 3
        while 1 << bits < capacity * 2 { bits += 1 }
        precondition(bits <= 32, "a hash table of more than 2^31 entries")
        self.bits = bits
        slots = [UInt64](repeating: 0, count: 1 << bits)
    }

    /// The top 32 bits of the hash of `key` (the bits `KeyHash.mix` mixes well).
    @inline(__always)
    private func tag(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        (isSeeded ? SeededKeyHash.of(key) : KeyHash.of(key)) &>> 32
    }

    /// The slot an entry whose hash has `tag` belongs at.
    @inline(__always)
    private func home(_ tag: UInt64) -> Int { Int(truncatingIfNeeded: tag &>> UInt64(32 - bits)) }

    @inline(__always)
    private static func position(_ entry: UInt64) -> Int { Int(truncatingIfNeeded: entry & 0xFFFF_FFFF) - 1 }

    @inline(__always)
    private static func isKey<Keys: KeyBytes>(_ key: UnsafeBufferPointer<UInt8>, at position: Int, in keys: Keys) -> Bool {
        keys.withKey(at: position) { equalBytes($0, key) }
    }

    /// The position of `key`, if the table has it.
    @inline(__always)
    func find<Keys: KeyBytes>(_ key: UnsafeBufferPointer<UInt8>, in keys: Keys) -> Int? {
        find(key) { Self.isKey(key, at: $0, in: keys) }
    }

    /// The position of `key`, if the table has it, where `isKey` tells whether the entry at
    /// a position is `key` (for keys the caller compares faster than by bytes: `String`s
    /// that are often the very same string).
    @inline(__always)
    func find(_ key: UnsafeBufferPointer<UInt8>, where isKey: (Int) -> Bool) -> Int? {
        let tag = tag(of: key)
        let mask = slots.count - 1
        var slot = home(tag)
        var probes = 0
        defer { Probes.record(probes) }
        while probes <= reach {
            let entry = slots[slot]
            probes += 1
            if entry == 0 { return nil }
            if entry &>> 32 == tag, isKey(Self.position(entry)) { return Self.position(entry) }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds `position`, whose key is `key`, unless the table has that key already: then the
    /// position it has (the first of equal keys stays), and nothing is added.
    @discardableResult
    mutating func insert<Keys: KeyBytes>(_ position: Int, key: UnsafeBufferPointer<UInt8>, in keys: Keys) -> Int? {
        precondition(position >= 0 && position < Int(UInt32.max), "a hash table position out of range")
        if (count + 1) * 2 > slots.count { resize(bits: bits + 1, keys: keys) }
        let tag = tag(of: key)
        let mask = slots.count - 1
        var slot = home(tag)
        var distance = 0
        defer { Probes.record(distance + 1) }
        // Every entry sits within `reach` of where it belongs, so an equal key is found
        // within `reach` probes; past `longestProbe` the hash is the one to blame.
        while slots[slot] != 0 {
            let entry = slots[slot]
            if entry &>> 32 == tag, Self.isKey(key, at: Self.position(entry), in: keys) { return Self.position(entry) }
            distance += 1
            slot = (slot + 1) & mask
            if distance > Self.longestProbe, !isSeeded {
                resize(bits: bits, keys: keys, seeded: true)
                return insert(position, key: key, in: keys)
            }
        }
        slots[slot] = tag &<< 32 | UInt64(position + 1)
        count += 1
        reach = max(reach, distance)
        return nil
    }

    /// Puts every entry in a table of `1 << bits` slots, on `SeededKeyHash` when `seeded`
    /// (reading each key again), else on the hash it is on (from the tags). A table on
    /// `KeyHash` in which an entry would land past `longestProbe` moves to `SeededKeyHash`.
    private mutating func resize<Keys: KeyBytes>(bits newBits: Int, keys: Keys, seeded: Bool = false) {
        precondition(newBits <= 32, "a hash table of more than 2^31 entries")
        let entries = slots
        if !place(entries, bits: newBits, keys: keys, seeded: seeded || isSeeded) {
            _ = place(entries, bits: newBits, keys: keys, seeded: true)
        }
    }

    /// Fills a new table of `1 << bits` slots with `entries`; false, leaving the table to be
    /// filled again, when it is on `KeyHash` and an entry lands past `longestProbe`.
    private mutating func place<Keys: KeyBytes>(_ entries: [UInt64], bits newBits: Int, keys: Keys, seeded: Bool) -> Bool {
        let reseeds = seeded && !isSeeded
        bits = newBits
        slots = [UInt64](repeating: 0, count: 1 << newBits)
        reach = 0
        isSeeded = seeded
        let mask = slots.count - 1
        for entry in entries where entry != 0 {
            let position = Self.position(entry)
            let tag = reseeds ? keys.withKey(at: position, SeededKeyHash.of) &>> 32 : entry &>> 32
            var slot = home(tag)
            var distance = 0
            while slots[slot] != 0 {
                distance += 1
                slot = (slot + 1) & mask
                if distance > Self.longestProbe, !seeded { return false }
            }
            slots[slot] = tag &<< 32 | UInt64(position + 1)
            reach = max(reach, distance)
        }
        Probes.record(reseed: reseeds)
        return true
    }
}

extension HashSlots {
    /// What the hash tables did in one task, counted in debug builds only (release builds
    /// record nothing): operations, slots probed, the longest probe, and moves to
    /// `SeededKeyHash`. A test sets a counter for what it runs (`Probes.$counter`).
    final class Probes: @unchecked Sendable {  // every access holds `lock`
        struct Counts {
            /// Finds and inserts.
            var operations = 0
            /// Slots read by them.
            var probes = 0
            /// The most slots one operation read.
            var longest = 0
            /// Tables rebuilt on `SeededKeyHash`.
            var reseeds = 0
        }

        private let lock = Locked(Counts())

        /// What was counted so far.
        var counts: Counts { lock.withLock { $0 } }

        /// The counter of the running task, if a test set one.
        @TaskLocal static var counter: Probes?

        @inline(__always)
        static func record(_ probes: Int) {
            #if DEBUG
            counter?.lock.withLock {
                $0.operations += 1
                $0.probes += probes
                $0.longest = max($0.longest, probes)
            }
            #endif
        }

        @inline(__always)
        static func record(reseed: Bool) {
            #if DEBUG
            if reseed { counter?.lock.withLock { $0.reseeds += 1 } }
            #endif
        }
    }
}

/// Strings as the keys of a `HashSlots`, by their index.
struct StringKeys: KeyBytes {
    let strings: [String]

    @inline(__always)
    func withKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUTF8(of: strings[position], body)
    }
}

/// `body` with the UTF-8 bytes of `string`: in place when they are contiguous (a copy, to
/// call `withUTF8`, would retain the string's storage), else from a contiguous copy.
@inline(__always)
func withUTF8<Result>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
    var string = string
    return string.withUTF8(body)
}
