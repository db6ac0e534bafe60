/// The values a stream decoded together (a chunk's elements, the lines already here),
/// handed out one at a time, then the error that stopped them; nothing follows the error.
struct ReadyValues<Element> {
    private var values: [Element] = []
    private var index = 0
    private var failure: (any Error)?
    /// The error was thrown: the stream has ended.
    private(set) var failed = false

    /// Replaces what is ready: `values`, then `failure` if any.
    mutating func set(_ values: [Element], failure: (any Error)? = nil) {
        (self.values, index, self.failure) = (values, 0, failure)
    }

    /// Replaces what is ready with `values`, and returns the values it held (all handed out).
    mutating func replace(with values: [Element]) -> [Element] {
        defer { (self.values, index) = (values, 0) }
        return self.values
    }

    /// The values not yet handed out, taken all at once; the error stays.
    mutating func takeValues() -> [Element] {
        defer { (values, index) = ([], 0) }
        return index == 0 ? values : Array(values[index...])
    }

    /// The next value; the error once every value before it is out; nil when none is ready.
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
