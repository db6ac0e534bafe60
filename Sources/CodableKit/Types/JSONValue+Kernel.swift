extension JSONValue: KernelValue {
    /// Whatever JSON is there, null included.
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> JSONValue {
        try decoder.jsonValue(at: node)
    }

    static var emptyValue: JSONValue? { .null }

    /// Itself (object members in key order).
    func encoded(by _: TreeEncoder, at _: @autoclosure () -> [any CodingKey]) -> EncodedContent {
        .from(self)
    }
}
