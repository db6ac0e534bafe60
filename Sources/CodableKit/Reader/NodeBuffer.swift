/// The parser's growing list of nodes, written with plain stores: an `Array`
/// checks uniqueness on every append and every update of a container's count,
/// which showed as a tenth of parsing. Handed over as an array once, at the end.
struct NodeBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<JSONDocument.Node>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    mutating func append(_ node: JSONDocument.Node) {
        if count == capacity { grow() }
        (base + count).initialize(to: node)
        count += 1
    }

    /// The node at `index` (below `count`), for a container's count and end.
    @inline(__always)
    subscript(index: Int) -> JSONDocument.Node {
        get {
            precondition(index < count)
            return base[index]
        }
        set {
            precondition(index < count)
            base[index] = newValue
        }
    }

    /// Everything appended, as an array.
    var array: [JSONDocument.Node] {
        [JSONDocument.Node](unsafeUninitializedCapacity: count) { buffer, initialized in
            buffer.baseAddress!.initialize(from: base, count: count)
            initialized = count
        }
    }

    private mutating func grow() {
        let grown = UnsafeMutablePointer<JSONDocument.Node>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }
}
