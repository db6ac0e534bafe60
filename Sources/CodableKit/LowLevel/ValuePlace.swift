/// A model value built in place, field by field — in an array's storage or on the scratch
/// stack by a planned decode, or kept for fallbacks (`PlanFallbacks`) — and the place of each
/// of its fields. The planned decode writes, reads and frees fields through these only.
///
/// In debug builds (which the test suite runs) each place knows where its value ends, and
/// every access asserts that the field lies inside the value and is aligned for its type;
/// release builds keep the address alone.
///
/// Safety: `base` is the start of `size` bytes aligned for the model, alive while the value is
/// built and used; a field's offset and type are the runtime's for a stored property of the
/// model (`FieldPlan.learn` checks them), and the caller tracks which fields are initialized
/// (`ObjectWalk.initialized`): a field is initialized once, and deinitialized only then.
struct ValuePlace {
    let base: UnsafeMutableRawPointer
    #if DEBUG
    private let size: Int
    #endif

    init(_ base: UnsafeMutableRawPointer, size: Int) {
        self.base = base
        #if DEBUG
        self.size = size
        #endif
    }

    /// The field at byte `offset`.
    @inline(__always)
    func field(at offset: Int) -> FieldPlace {
        #if DEBUG
        assert(offset >= 0 && offset <= size, "a field at \(offset) of a value of \(size) bytes")
        return FieldPlace(address: base + offset, end: base + size)
        #else
        return FieldPlace(address: base + offset)
        #endif
    }

    /// The whole value, as a `T` (all its fields initialized).
    @inline(__always)
    func value<T>(as _: T.Type) -> UnsafeMutablePointer<T> {
        #if DEBUG
        assert(MemoryLayout<T>.size == size, "a value of \(size) bytes read as \(T.self)")
        #endif
        return base.assumingMemoryBound(to: T.self)
    }
}

/// One field's place in a `ValuePlace` (see there for what is checked, and when).
struct FieldPlace {
    let address: UnsafeMutableRawPointer
    #if DEBUG
    let end: UnsafeMutableRawPointer
    #endif

    @inline(__always)
    private func check<T>(_: T.Type) {
        #if DEBUG
        assert(address + MemoryLayout<T>.size <= end, "a \(T.self) past the end of its value")
        assert(Int(bitPattern: address) % MemoryLayout<T>.alignment == 0, "a \(T.self) at a misaligned address")
        #endif
    }

    /// Initializes the (uninitialized) field with `value`.
    @inline(__always)
    func initialize<T>(as _: T.Type, to value: consuming T) {
        check(T.self)
        address.initializeMemory(as: T.self, to: value)
    }

    /// Deinitializes the (initialized) field.
    @inline(__always)
    func deinitialize<T>(as _: T.Type) {
        check(T.self)
        address.assumingMemoryBound(to: T.self).deinitialize(count: 1)
    }

    /// A copy of the (initialized) field's value.
    @inline(__always)
    func read<T>(as _: T.Type) -> T {
        check(T.self)
        return address.assumingMemoryBound(to: T.self).pointee
    }

    /// Initializes the field with `bytes` (a value that holds no reference: an `Optional`'s nil).
    @inline(__always)
    func initializeBytes(from bytes: UnsafeBufferPointer<UInt8>) {
        #if DEBUG
        assert(address + bytes.count <= end, "\(bytes.count) bytes past the end of their value")
        #endif
        guard let source = bytes.baseAddress else { return }
        address.copyMemory(from: source, byteCount: bytes.count)
    }
}
