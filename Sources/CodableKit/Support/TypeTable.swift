/// Values by type, each made once: an open-addressing table keyed by the type's
/// metadata address, kept at most a quarter full. A model's property types alternate,
/// so a lookup must not hash: a type is found in its own slot or a few after it
/// (Fibonacci hashing spreads the addresses; a direct-mapped table thrashed whenever two
/// of a payload's types shared a slot, which depended on where the linker put their
/// metadata). A decode's own tables are not shared between threads (each session has its
/// own); `TypeCache` keeps one behind a lock for the process.
///
/// No `Dictionary` behind it: a `[ObjectIdentifier: Value]` is made from its mangled
/// name, and the runtime finds `ObjectIdentifier: Hashable` for that by a scan of every
/// conformance record, in each process's first decode. Slots need no conformance.
struct TypeTable<Value> {
    private var slots: [(id: ObjectIdentifier, value: Value)?] = []
    private var mask = 0
    /// 64 minus the bits of a slot index: the top bits of the product are the slot.
    private var shift: UInt = 64
    private var count = 0

    /// An empty table; it makes its slots when the first type arrives (a short decode
    /// meets a few types, and making and freeing a large table per session would be
    /// most of its cost) and doubles them as types arrive.
    init() {}

    @inline(__always)
    private func slot(_ id: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The value for `id`; `make` makes it the first time it is asked for.
    @inline(__always)
    mutating func value(for id: ObjectIdentifier, make: () -> Value) -> Value {
        if let found = existing(id) { return found }
        return add(make(), for: id)
    }

    /// The value for `id`, if one was made.
    @inline(__always)
    func existing(_ id: ObjectIdentifier) -> Value? {
        var index = slot(id)
        while index < slots.count, let entry = slots[index] {
            if entry.id == id { return entry.value }
            index = (index + 1) & mask
        }
        return nil
    }

    /// `value` as `id`'s, unless `id` has one already (that one is kept, and returned).
    /// Out of line: it runs once per type, and `make` may have added types meanwhile.
    @inline(never)
    mutating func add(_ value: Value, for id: ObjectIdentifier) -> Value {
        if let found = existing(id) { return found }
        if (count + 1) * 4 > slots.count { resize(to: max(16, slots.count * 2)) }
        place(id, value)
        count += 1
        return value
    }

    /// `size` slots (a power of two), every entry put in again.
    private mutating func resize(to size: Int) {
        let old = slots
        slots = Array(repeating: nil, count: size)
        mask = size - 1
        shift = UInt(64 - size.trailingZeroBitCount)
        for case let (id, value)? in old { place(id, value) }
    }

    /// Puts `id`'s entry in the first free slot from its own (the table always has free ones).
    private mutating func place(_ id: ObjectIdentifier, _ value: Value) {
        var index = slot(id)
        while slots[index] != nil { index = (index + 1) & mask }
        slots[index] = (id, value)
    }
}
