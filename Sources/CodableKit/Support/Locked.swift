import Foundation
#if os(Linux)
import Synchronization
#endif

// The kernel's one kit for shared state: a value behind a lock (`Locked`), a
// per-type cache (`TypeCache`), and a registry that is cheap to read while empty
// (`LockedRegistry`). Nothing else in the kernel takes a lock.

/// A value behind a lock: `NSLock` (a pthread mutex), on every platform. Not
/// Synchronization's `Mutex`, which needs macOS 15 / iOS 18 and, on Linux, waits on a
/// futex that ThreadSanitizer cannot see: every access under it was reported as a race.
/// No lock is taken per value: caches by type are read through per-decode tables.
package final class Locked<Value>: @unchecked Sendable {  // every access holds the lock
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

/// Something learned once per type for the life of the process (a route, a
/// model's rules or shape, a type's name). The value is made outside the lock —
/// making it may run the type's own code — and the first writer wins, so every
/// caller sees one value per type.
final class TypeCache<Value>: Sendable where Value: Sendable {
    private let storage: Locked<[ObjectIdentifier: Value]>

    /// A cache that knows `known` from the start.
    init(known: [ObjectIdentifier: Value] = [:]) {
        storage = Locked(known)
    }

    func value(for type: Any.Type, make: () -> Value) -> Value {
        let id = ObjectIdentifier(type)
        if let known = storage.withLock({ $0[id] }) { return known }
        let made = make()
        return storage.withLock { cache in
            if let existing = cache[id] { return existing }
            cache[id] = made
            return made
        }
    }
}

/// App-wide state that every decode call reads and that is usually empty
/// (registered transformers, log observers): reading it while it is empty
/// takes no lock on Linux, where the standard `Atomic` is available on every
/// version; elsewhere (its Apple availability starts with macOS 15 / iOS 18) it
/// is one uncontended lock per decode call — never per value.
package final class LockedRegistry<Value>: @unchecked Sendable {  // `isEmpty` is only called under the lock
    private let storage: Locked<Value>
    private let isEmpty: (Value) -> Bool
    #if os(Linux)
    private let hasContent = Atomic<Bool>(false)
    #endif

    package init(_ value: Value, isEmpty: @escaping (Value) -> Bool) {
        storage = Locked(value)
        self.isEmpty = isEmpty
        #if os(Linux)
        hasContent.store(!isEmpty(value), ordering: .releasing)
        #endif
    }

    /// The current value, or `empty` without locking when the registry is known empty.
    package func read(orIfEmpty empty: @autoclosure () -> Value) -> Value {
        #if os(Linux)
        if !hasContent.load(ordering: .acquiring) { return empty() }
        #endif
        return storage.withLock { $0 }
    }

    package func update(_ body: (inout Value) -> Void) {
        storage.withLock { value in
            body(&value)
            #if os(Linux)
            hasContent.store(!isEmpty(value), ordering: .releasing)
            #endif
        }
    }
}

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
