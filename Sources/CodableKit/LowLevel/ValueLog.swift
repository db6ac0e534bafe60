/// Values of one type, fixed when the log is made, in storage whose type does not name
/// it: each call takes the type from its caller. Unspecialized generic code (the decoder
/// is) asks the runtime for `Array<T>`'s metadata on every call that names it; a log per
/// decoded model cost more than the model's own decode that way.
///
/// Safety: values `0 ..< count` are initialized and nothing else is; every read checks
/// its index against `count` (in release builds too), and debug builds check that every
/// call names the log's type; `grow` moves the initialized values before freeing the old
/// storage, and `deinit` destroys them with the type the log was made for. One owner on
/// one thread: its state is `@exclusivity(unchecked)`.
final class ValueLog {
    @exclusivity(unchecked) private var storage: UnsafeMutableRawPointer?
    @exclusivity(unchecked) private var capacity = 0
    @exclusivity(unchecked) private(set) var count = 0
    private let type: Any.Type
    private let destroy: (UnsafeMutableRawPointer, Int) -> Void

    init<T>(of _: T.Type) {
        type = T.self
        destroy = { $0.assumingMemoryBound(to: T.self).deinitialize(count: $1) }
    }

    deinit {
        guard let storage else { return }
        destroy(storage, count)
        storage.deallocate()
    }

    @inline(__always)
    func append<T>(_ value: T) {
        assert(T.self == type, "a value of another type")
        if count == capacity { grow(T.self) }
        (storage! + count * MemoryLayout<T>.stride).initializeMemory(as: T.self, to: value)
        count += 1
    }

    /// A copy of the value at `index` (below `count`).
    func value<T>(at index: Int, as _: T.Type) -> T {
        precondition(index >= 0 && index < count, "value log index out of range")
        assert(T.self == type, "a value of another type")
        return (storage! + index * MemoryLayout<T>.stride).assumingMemoryBound(to: T.self).pointee
    }

    @inline(never)
    private func grow<T>(_: T.Type) {
        let newCapacity = max(16, capacity * 2)
        let new = UnsafeMutableRawPointer.allocate(byteCount: max(1, newCapacity * MemoryLayout<T>.stride),
                                                   alignment: MemoryLayout<T>.alignment)
        if let storage {
            new.moveInitializeMemory(as: T.self, from: storage.assumingMemoryBound(to: T.self), count: count)
            storage.deallocate()
        }
        (storage, capacity) = (new, newCapacity)
    }
}
