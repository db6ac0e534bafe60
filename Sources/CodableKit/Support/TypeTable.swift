/// Values by type for one decode or encode, each made once: a dictionary of every
/// value made, behind a direct-mapped table of recent ones (each type has one slot, by
/// its metadata address; a newcomer evicts the slot's previous type). A model's property
/// types alternate, and a hash per lookup showed in profiles; a short most-recent-first
/// line thrashed on payloads with more types than it held (twitter.json has about
/// thirty). Not shared between threads: each session has its own.
struct TypeTable<Value> {
    private var slots: [(id: ObjectIdentifier, value: Value)?] = []
    private var mask = 0
    private let capacity: Int
    private var all: [ObjectIdentifier: Value] = [:]

    /// `capacity` (of the table of recent ones) is rounded up to a power of two. The table
    /// starts empty and doubles as types arrive, up to `capacity`: a short decode meets a
    /// few types, and making and freeing a full table per session would be most of its
    /// cost.
    init(capacity: Int = 64) {
        var size = 1
        while size < capacity { size <<= 1 }
        self.capacity = size
    }

    @inline(__always)
    private func slot(_ id: ObjectIdentifier) -> Int {
        let address = UInt(bitPattern: id)
        return Int(truncatingIfNeeded: (address >> 4) ^ (address >> 11)) & mask
    }

    /// The value for `id`, from its slot or the dictionary; `make` makes it the first
    /// time it is asked for.
    @inline(__always)
    mutating func value(for id: ObjectIdentifier, make: () -> Value) -> Value {
        let index = slot(id)
        if index < slots.count, let entry = slots[index], entry.id == id { return entry.value }
        return lookUp(id, make: make)
    }

    /// The value for `id`, if one was made.
    func existing(_ id: ObjectIdentifier) -> Value? {
        all[id]
    }

    /// Not in its slot: from the dictionary, or made, and put back in the slot.
    private mutating func lookUp(_ id: ObjectIdentifier, make: () -> Value) -> Value {
        let value: Value
        if let known = all[id] {
            value = known
        } else {
            value = make()
            all[id] = value
        }
        if all.count * 4 > slots.count, slots.count < capacity { resize(to: min(capacity, max(16, slots.count * 2))) }
        slots[slot(id)] = (id, value)
        return value
    }

    /// `size` slots, every type made so far put back in its own.
    private mutating func resize(to size: Int) {
        slots = Array(repeating: nil, count: size)
        mask = size - 1
        for (id, value) in all { slots[slot(id)] = (id, value) }
    }
}
