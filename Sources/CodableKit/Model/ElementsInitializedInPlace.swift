/// Elements already initialized in an array's spare capacity, as a sequence the array appends
/// (`DecodableModel._makeArray`): `append(contentsOf:)` hands its spare capacity to
/// `_copyContents(initializing:)`, which writes nothing and reports the first `count` slots
/// written, so the array counts them as its own without a copy.
///
/// Safety: the appending array's first `count` spare slots hold initialized elements, and
/// nothing else owns them.
@usableFromInline
struct ElementsInitializedInPlace<Element>: Sequence {
    @usableFromInline let count: Int

    @inlinable
    init(count: Int) { self.count = count }

    /// No element to iterate: the elements are in place already.
    @usableFromInline
    struct Iterator: IteratorProtocol {
        @inlinable init() {}
        @inlinable mutating func next() -> Element? { nil }
    }

    @inlinable
    func makeIterator() -> Iterator { Iterator() }

    /// The first `count` slots of `spare`, initialized before the call.
    @inlinable
    func _copyContents(initializing spare: UnsafeMutableBufferPointer<Element>) -> (Iterator, Int) {
        precondition(count <= spare.count, "\(count) elements in place, \(spare.count) slots to the array's capacity")
        return (Iterator(), count)
    }
}
