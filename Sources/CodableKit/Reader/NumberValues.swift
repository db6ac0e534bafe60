#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// The values of the numbers the parser converted as it read them: those with a
/// fraction or an exponent and up to 19 digits (see `JSONParser.parseNumber`). Their
/// digits are converted while the parser has them at hand; read again from the text
/// at decode time, they cost as much as the rest of the parse. A number node flagged
/// `Node.valueFlag` holds its value's index here. Nothing is allocated until the
/// first such number.
package struct NumberValues: ~Copyable {
    private var base: UnsafeMutablePointer<Double>?
    private(set) var count = 0
    private var capacity = 0
    /// The capacity of the first allocation: a document with one fraction tends to have
    /// many (coordinates, measurements, prices).
    private let firstCapacity: Int

    package init(firstCapacity: Int = 64) {
        self.firstCapacity = max(firstCapacity, 64)
    }

    deinit { free(base) }

    /// Adds `value`; returns its index.
    @inline(__always)
    mutating func append(_ value: Double) -> Int {
        if count == capacity { grow() }
        // Safety: `count < capacity` after `grow`, which allocates on the first append.
        base.unsafelyUnwrapped[count] = value
        count += 1
        return count - 1
    }

    /// The storage (nil if nothing was added), for the document to own and `free`.
    consuming func takeStorage() -> UnsafeMutablePointer<Double>? {
        let storage = base
        discard self
        return storage
    }

    private mutating func grow() {
        let newCapacity = capacity == 0 ? firstCapacity : capacity * 2
        let bytes = newCapacity * MemoryLayout<Double>.stride
        guard let memory = realloc(base, bytes) else { fatalError("out of memory: \(bytes) bytes for the document's numbers") }
        // Safety: fresh or realloc'd bytes, used only as doubles from here on.
        base = memory.bindMemory(to: Double.self, capacity: newCapacity)
        capacity = newCapacity
    }
}
