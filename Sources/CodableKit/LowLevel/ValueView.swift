/// A value read in place by a planned encode, or by an encode plan being learned: a model, one
/// of its fields, an array's element, a dictionary entry's value. The encode plans read values
/// through these only, the read-only counterpart of `ValuePlace`/`FieldPlace`.
///
/// In debug builds (which the test suite runs) a view knows where the value it was made from
/// ends, and every read asserts that what it reads lies inside it and is aligned for its type;
/// an element is asserted to be one of its array's. Release builds keep the address alone.
///
/// Safety: a view is made from a pointer to a live value (`with(_:_:)`, an array's storage)
/// and used only while that value lives and is not mutated; a field's offset and type are the
/// runtime's for a stored property of the value (`EncodeFieldPlan.learn` matches them), and a
/// kind (`PlannedKind`) reads a view only as the type it was made from.
struct ValueView {
    let address: UnsafeRawPointer
    #if DEBUG
    private let end: UnsafeRawPointer
    #endif

    private init(address: UnsafeRawPointer, end: UnsafeRawPointer) {
        self.address = address
        #if DEBUG
        self.end = end
        #endif
    }

    /// `body` with a view of `value`, alive for the call.
    @inline(__always)
    static func with<T, Result>(_ value: T, _ body: (ValueView) throws -> Result) rethrows -> Result {
        try withUnsafePointer(to: value) { pointer in
            let start = UnsafeRawPointer(pointer)
            return try body(ValueView(address: start, end: start + MemoryLayout<T>.size))
        }
    }

    /// The field at byte `offset`: a view that ends where this value ends.
    @inline(__always)
    func field(at offset: Int) -> ValueView {
        #if DEBUG
        assert(offset >= 0 && address + offset <= end, "a field at \(offset) past the end of its value")
        #endif
        return ValueView(address: address + offset, end: endAddress)
    }

    /// The value, as a `T`, borrowed in place (no copy, no retain).
    @inline(__always)
    subscript<T>(as _: T.Type) -> T {
        unsafeAddress {
            #if DEBUG
            assert(address + MemoryLayout<T>.size <= end, "a \(T.self) past the end of its value")
            assert(Int(bitPattern: address) % MemoryLayout<T>.alignment == 0, "a \(T.self) at a misaligned address")
            #endif
            return address.assumingMemoryBound(to: T.self)
        }
    }

    /// Asserts, in debug builds, that a `T` fits in the value where it starts, aligned.
    @inline(__always)
    func assertHolds<T>(_: T.Type) {
        #if DEBUG
        assert(address + MemoryLayout<T>.size <= end, "a \(T.self) past the end of its value")
        assert(Int(bitPattern: address) % MemoryLayout<T>.alignment == 0, "a \(T.self) at a misaligned address")
        #endif
    }

    /// Whether the value's first `bytes.count` bytes are `bytes` (a scalar's, recorded by a probe).
    func holds(_ bytes: [UInt8]) -> Bool {
        #if DEBUG
        assert(address + bytes.count <= end, "\(bytes.count) bytes past the end of their value")
        #endif
        return bytes.elementsEqual(UnsafeRawBufferPointer(start: address, count: bytes.count))
    }

    private var endAddress: UnsafeRawPointer {
        #if DEBUG
        end
        #else
        address
        #endif
    }
}

/// An array's elements, in place in its storage (see `ValueView` for what is checked, and when).
struct ElementsView {
    let count: Int
    private let first: UnsafeRawPointer?
    private let stride: Int

    /// `body` with the elements of the array `value` views, alive for the call. The array is
    /// borrowed where it lies: passed as an argument, it was retained and released around the
    /// call (its memory could change under the body, as far as the compiler can tell).
    @inline(__always)
    static func with<Element, Result>(_ value: ValueView, as _: [Element].Type, _ body: (ElementsView) throws -> Result) rethrows -> Result {
        #if canImport(ObjectiveC)
        // An array bridged from an `NSArray` may lend a copy of its elements for the call alone.
        return try value[as: [Element].self].withUnsafeBufferPointer { elements in
            try body(ElementsView(count: elements.count, first: UnsafeRawPointer(elements.baseAddress),
                                  stride: MemoryLayout<Element>.stride))
        }
        #else
        // The elements' address read in a closure that does nothing else, so the array is not
        // retained around `body`: the retain is an atomic increment on the array's first line,
        // and the loads after it wait for it. Without Objective-C an array's elements are its
        // own storage, which lives and stays as it is while the value the view reads does
        // (`ValueView`'s contract).
        // (A non-generic result: unspecialized, an `UnsafeBufferPointer<Element>` result would
        // be looked up in the runtime's metadata per array.)
        let (first, count) = value[as: [Element].self].withUnsafeBufferPointer { (UnsafeRawPointer($0.baseAddress), $0.count) }
        return try body(ElementsView(count: count, first: first, stride: MemoryLayout<Element>.stride))
        #endif
    }

    /// `body` with the elements of the array of `model`s that `value` views, found by the
    /// model's own `_elements(ofArrayAt:)`, compiled where the array's type is concrete (here,
    /// generic, the array's storage would be retained around an unspecialized call for them).
    @inline(__always)
    static func with<Result>(_ value: ValueView, elementsOf model: any EncodableModel.Type, _ body: (ElementsView) throws -> Result) rethrows -> Result {
        value.assertHolds([Int].self)  // an array's one reference, whatever its elements
        let (first, count, stride) = model._elements(ofArrayAt: value.address)
        return try body(ElementsView(count: count, first: first, stride: stride))
    }

    /// The element at `index`, below `count`.
    @inline(__always)
    subscript(index: Int) -> ValueView {
        #if DEBUG
        assert(index >= 0 && index < count, "element \(index) of \(count)")
        #endif
        // `first` is non-nil whenever there is an element to read.
        return ValueView(element: first.unsafelyUnwrapped + index * stride, stride: stride)
    }
}

extension ValueView {
    /// An element of an array: it ends where its stride does.
    @inline(__always)
    fileprivate init(element: UnsafeRawPointer, stride: Int) {
        self.init(address: element, end: element + stride)
    }
}

/// A value on a caller's stack frame that the calls it makes can read: a link of a chain that
/// grows down the stack with the calls (a planned encode's coding path, `PlanPath`), made
/// without an allocation per link.
///
/// Safety: a link is made only by `with(_:_:)` and lives only as long as its body: the value it
/// names outlives every call made in that body, and is not mutated while they run. A link is
/// stored only in values that are themselves made in such a body (a deeper link).
struct StackLink<Value> {
    private let pointer: UnsafePointer<Value>

    /// `body` with a link to `value`, alive for the call.
    @inline(__always)
    static func with<Result>(_ value: Value, _ body: (StackLink<Value>) throws -> Result) rethrows -> Result {
        try withUnsafePointer(to: value) { try body(StackLink(pointer: $0)) }
    }

    /// The value, borrowed in place.
    var value: Value {
        @inline(__always) unsafeAddress { pointer }
    }
}
