/// The values a stream decoded together (a chunk's elements, the lines already here),
/// handed out one at a time, then the error that stopped them; nothing follows the error.
///
/// `next()` is inlinable (with the stored properties it reads) so that a loop's per-value
/// step is specialized in the caller's module, for its element type: unspecialized, each
/// value cost a generic metadata lookup and an async frame.
@usableFromInline
struct ReadyValues<Element> {
    @usableFromInline var values: [Element] = []
    @usableFromInline var index = 0
    @usableFromInline var failure: (any Error)?
    /// The error was thrown: the stream has ended.
    @usableFromInline var failed = false

    @usableFromInline init() {}

    /// Replaces what is ready: `values`, then `failure` if any.
    mutating func set(_ values: [Element], failure: (any Error)? = nil) {
        (self.values, index, self.failure) = (values, 0, failure)
    }

    /// Every value, all handed out: taken, so that the caller holds the last reference.
    mutating func takeSpent() -> [Element] {
        defer { (values, index) = ([], 0) }
        return values
    }

    /// The value `next()` last returned and those not yet handed out, taken at once (the
    /// whole array, uncopied, when that value was the first); the error stays.
    mutating func takeFromLast() -> [Element] {
        defer { (values, index) = ([], 0) }
        return index <= 1 ? values : Array(values[(index - 1)...])
    }

    /// The next value; the error once every value before it is out; nil when none is ready.
    @inlinable
    mutating func next() throws -> Element? {
        if index < values.count {
            index += 1
            return values[index - 1]
        }
        if let failure {
            (self.failure, failed) = (nil, true)
            throw failure
        }
        return nil
    }
}
