/// The parser's growing list of nodes, written with plain stores: an `Array`
/// checks uniqueness on every append and every update of a container's count,
/// which showed as a tenth of parsing. Its storage becomes the document's.
package struct NodeBuffer: ~Copyable {
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

    /// The storage and how many nodes it holds, for the document to own and free.
    consuming func takeStorage() -> (UnsafeMutablePointer<JSONDocument.Node>, Int) {
        let storage = (base, count)
        discard self
        return storage
    }

    private mutating func grow() {
        let grown = UnsafeMutablePointer<JSONDocument.Node>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }
}

/// A view of a document's nodes (valid while the document is): bounds-checked
/// reads, as an array's.
package struct NodeList: RandomAccessCollection {
    let base: UnsafeMutablePointer<JSONDocument.Node>
    package let count: Int

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    @inline(__always)
    package subscript(index: Int) -> JSONDocument.Node {
        precondition(index >= 0 && index < count, "node index out of range")
        return base[index]
    }
}
