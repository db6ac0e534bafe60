/// A heap cell for hot mutable state that needs an address of its own — a keyed
/// container's fields, which its pool repoints; key tables and encoder state passed
/// around by pointer — read and written without the runtime's dynamic exclusivity
/// checks. (State that needs no address of its own is an `@exclusivity(unchecked)`
/// stored property instead; see `DecodingSession`.)
///
/// The accesses are exclusive by construction: a decode or encode runs on one thread
/// and every access is a short, strictly nested read or mutation. Not copyable: the
/// cell has one owner, and frees itself when that owner goes.
///
/// Safety: the cell is initialized from `init` to `deinit`; `pointer` must not be used
/// after the owner goes (its users keep the owner for as long as they hold the pointer).
struct UncheckedStorage<Value: ~Copyable>: ~Copyable {
    let pointer: UnsafeMutablePointer<Value>

    /// The value, read or changed in place: what its users reach it by, so that only this
    /// type touches the pointer.
    var value: Value {
        @inline(__always) _read { yield pointer.pointee }
        @inline(__always) nonmutating _modify { yield &pointer.pointee }
    }

    /// A reference to the cell for holders that keep its owner alive (a keyed container
    /// keeps its state object): a pointer's cost, reached through `value` all the same.
    var reference: CellReference<Value> { CellReference(pointer) }

    init(_ value: consuming Value) {
        pointer = .allocate(capacity: 1)
        pointer.initialize(to: value)
    }

    deinit {
        pointer.deinitialize(count: 1)
        pointer.deallocate()
    }
}

/// The cell of an `UncheckedStorage`, held by something that keeps the cell's owner alive
/// (so the cell outlives it): its value read and changed in place, without the runtime's
/// exclusivity checks, and no pointer at the holder's call sites.
///
/// Safety: made only by `UncheckedStorage.reference`; whoever holds one holds the cell's
/// owner too (the owner frees the cell in its `deinit`).
struct CellReference<Value: ~Copyable> {
    private let pointer: UnsafeMutablePointer<Value>

    fileprivate init(_ pointer: UnsafeMutablePointer<Value>) {
        self.pointer = pointer
    }

    var value: Value {
        @inline(__always) _read { yield pointer.pointee }
        @inline(__always) nonmutating _modify { yield &pointer.pointee }
    }
}
