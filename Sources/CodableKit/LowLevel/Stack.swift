/// A last-in, first-out list with plain stores: the decoding session's coding path and
/// model frames, pushed and popped around every decoded value and object, and the key
/// hashes of the objects the stream encoder has open. An `Array` checks
/// that its buffer is uniquely referenced and has room on every append, a cost paid
/// per value; this stack owns its storage outright and checks only for room.
///
/// Not copyable: one owner, which frees the storage with `deinit`.
///
/// Safety: elements `0 ..< count` are initialized and nothing else is; every read or
/// change checks its index against `count` (in release builds too), and `grow` moves
/// the initialized elements before freeing the old storage.
struct Stack<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 16) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// The element at `index` (below `count`), read or changed in place.
    subscript(index: Int) -> Element {
        @inline(__always) _read {  // borrowed: reading a field copies nothing else
            precondition(index >= 0 && index < count, "stack index out of range")
            yield base[index]
        }
        @inline(__always) _modify {
            precondition(index >= 0 && index < count, "stack index out of range")
            yield &base[index]
        }
    }

    /// The last element (the stack is not empty), read or changed in place.
    var last: Element {
        @inline(__always) get {
            precondition(count > 0, "last of an empty stack")
            return base[count - 1]
        }
        @inline(__always) _modify {
            precondition(count > 0, "last of an empty stack")
            yield &base[count - 1]
        }
    }

    @inline(__always)
    mutating func append(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func append(contentsOf elements: [Element]) {
        for element in elements { append(element) }
    }

    @inline(__always)
    mutating func removeLast() {
        precondition(count > 0, "removeLast on an empty stack")
        count -= 1
        (base + count).deinitialize(count: 1)
    }

    mutating func removeLast(_ n: Int) {
        precondition(n >= 0 && n <= count, "removeLast(\(n)) on a stack of \(count)")
        count -= n
        (base + count).deinitialize(count: n)
    }

    /// Appends the first `n` elements (the coding path to a depth) to `array`, one by
    /// one: paths are a few components, for which `append(contentsOf:)`'s setup cost more.
    func appendPrefix(_ n: Int, to array: inout [Element]) {
        precondition(n >= 0 && n <= count, "prefix(\(n)) of a stack of \(count)")
        for index in 0 ..< n { array.append(base[index]) }
    }

    private mutating func grow() {
        let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }
}
