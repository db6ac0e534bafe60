/// Values by type for one decode or encode, each made once: an open-addressing table
/// keyed by the type's metadata address, kept at most a quarter full, in front of a
/// dictionary of every value made. A model's property types alternate, so a lookup
/// must not hash: a type is found in its own slot or a few after it (Fibonacci hashing
/// spreads the addresses; a direct-mapped table thrashed whenever two of a payload's
/// types shared a slot, which depended on where the linker put their metadata). Types
/// past `capacity / 4` are found in the dictionary. Not shared between threads: each
/// session has its own.
struct TypeTable<Value> {
    private var slots: [(id: ObjectIdentifier, value: Value)?] = []
    private var mask = 0
    /// 64 minus the bits of a slot index: the top bits of the product are the slot.
    private var shift: UInt = 64
    private let capacity: Int
    private var all: [ObjectIdentifier: Value] = [:]

    /// `capacity` (of the table) is rounded up to a power of two. The table starts empty
    /// and doubles as types arrive, up to `capacity`: a short decode meets a few types,
    /// and making and freeing a full table per session would be most of its cost.
    init(capacity: Int = 64) {
        var size = 1
        while size < capacity { size <<= 1 }
        self.capacity = size
    }

    @inline(__always)
    private func slot(_ id: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: id) &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The value for `id`, from the table or the dictionary; `make` makes it the first
    /// time it is asked for.
    @inline(__always)
    mutating func value(for id: ObjectIdentifier, make: () -> Value) -> Value {
        var index = slot(id)
        while index < slots.count, let entry = slots[index] {
            if entry.id == id { return entry.value }
            index = (index + 1) & mask
        }
        return lookUp(id, make: make)
    }

    /// The value for `id`, if one was made.
    func existing(_ id: ObjectIdentifier) -> Value? {
        all[id]
    }

    /// Not in the table: from the dictionary, or made, and put in the table while it
    /// has room.
    private mutating func lookUp(_ id: ObjectIdentifier, make: () -> Value) -> Value {
        if let known = all[id] { return known }  // past the table's room: the dictionary's
        let value = make()
        all[id] = value
        if all.count * 4 > slots.count {
            guard slots.count < capacity else { return value }  // full: the dictionary's from now on
            resize(to: min(capacity, max(16, slots.count * 2)))
        } else {
            insert(id, value)
        }
        return value
    }

    /// `size` slots, every type made so far put in.
    private mutating func resize(to size: Int) {
        slots = Array(repeating: nil, count: size)
        mask = size - 1
        shift = UInt(64 - size.trailingZeroBitCount)
        for (id, value) in all { insert(id, value) }
    }

    /// Puts `id` in the first free slot from its own (the table always has free ones).
    private mutating func insert(_ id: ObjectIdentifier, _ value: Value) {
        var index = slot(id)
        while slots[index] != nil { index = (index + 1) & mask }
        slots[index] = (id, value)
    }
}
