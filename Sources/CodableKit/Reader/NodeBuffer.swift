#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// The parser's growing list of nodes, written with plain stores: an `Array`
/// checks uniqueness on every append and every update of a container's count,
/// a cost paid per node. Its storage becomes the document's, which
/// frees it with `free` (nodes are plain values: nothing to deinitialize).
package struct NodeBuffer: ~Copyable {
    private var base: UnsafeMutablePointer<JSONDocument.Node>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = Self.reallocate(nil, capacity: self.capacity)
    }

    deinit { free(base) }

    @inline(__always)
    mutating func append(_ node: JSONDocument.Node) {
        if count == capacity { grow() }
        // Safety: `count < capacity` after `grow`: the slot is allocated and not yet initialized.
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

    /// `realloc`: a large tape grows by remapping its pages, without copying them (a
    /// document of small values makes more nodes than the first guess allows for).
    private mutating func grow() {
        capacity *= 2
        base = Self.reallocate(base, capacity: capacity)
    }

    private static func reallocate(_ base: UnsafeMutablePointer<JSONDocument.Node>?, capacity: Int) -> UnsafeMutablePointer<JSONDocument.Node> {
        let bytes = capacity * MemoryLayout<JSONDocument.Node>.stride
        guard let memory = realloc(base, bytes) else { fatalError("out of memory: \(bytes) bytes for the document's nodes") }
        // Safety: fresh or realloc'd bytes, used only as nodes (plain values) from here on.
        return memory.bindMemory(to: JSONDocument.Node.self, capacity: capacity)
    }
}

/// A view of a document's nodes (valid while the document is).
///
/// Every read is bounds-checked, in release builds too: the indices come from the
/// document itself (a container's end, a member found before its end, the root), but a
/// check that costs a comparison per read keeps a mistake in that reasoning — state
/// shared where it should not be — from reading outside the nodes.
package struct NodeList: RandomAccessCollection {
    let base: UnsafeMutablePointer<JSONDocument.Node>
    package let count: Int

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    @inline(__always)
    package subscript(index: Int) -> JSONDocument.Node {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "node index out of range")
        return base[index]
    }
}
