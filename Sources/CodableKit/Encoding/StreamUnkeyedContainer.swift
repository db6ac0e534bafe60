struct StreamUnkeyedContainer: WideIntegerUnkeyedEncoding {
    let encoder: StreamEncoder
    /// As in `StreamKeyedContainer`.
    let id: Int
    let prefix: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + prefix }
    var count: Int { encoder.count(of: id) }

    /// This container in the tree, once the value is there.
    private var tree: TreeUnkeyedContainer { TreeUnkeyedContainer(encoder: encoder.node(id)) }

    /// `tree`, for a write of `value`. - Throws: for a container used after its value was written.
    private func tree(writing value: Any) throws -> TreeUnkeyedContainer {
        try encoder.checkOpen(value, at: codingPath)
        return tree
    }

    mutating func encodeNil() throws {
        guard encoder.begin(in: id, key: nil) != nil else {
            var tree = try tree(writing: Optional<Int>.none as Any)
            return tree.encodeNil()
        }
        encoder.session.writer.writeNull()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        let start = encoder.session.writer.count
        guard let depth = encoder.begin(in: id, key: nil) else {
            var tree = try tree(writing: value)
            return try tree.encode(value)
        }
        do {
            try encoder.encodeValue(value, key: .index(index), prefix: prefix, depth: depth)
        } catch {
            encoder.takeBack(from: start)
            throw error
        }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let index = count
        guard encoder.begin(in: id, key: nil) != nil else { var tree = tree; return tree.nestedContainer(keyedBy: NestedKey.self) }
        let nested = encoder.openNested(object: true, key: .index(index))
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(encoder: encoder, id: nested,
                                                                      prefix: prefix + [AnyCodingKey(index: index)]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let index = count
        guard encoder.begin(in: id, key: nil) != nil else { var tree = tree; return tree.nestedUnkeyedContainer() }
        let nested = encoder.openNested(object: false, key: .index(index))
        return StreamUnkeyedContainer(encoder: encoder, id: nested, prefix: prefix + [AnyCodingKey(index: index)])
    }

    mutating func superEncoder() -> any Encoder {
        _ = encoder.divert()
        var tree = tree
        return tree.superEncoder()
    }
}

struct StreamSingleValueContainer: WideIntegerSingleValueEncoding {
    let encoder: StreamEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil() throws {
        guard encoder.beginSingle() else {
            try encoder.checkOpen(Optional<Int>.none as Any, at: codingPath)
            var tree = encoder.node(0).singleValueContainer()
            return try tree.encodeNil()
        }
        encoder.session.writer.writeNull()
    }

    func encode<T: Encodable>(_ value: T) throws {
        guard encoder.beginSingle() else {
            try encoder.checkOpen(value, at: codingPath)
            var tree = encoder.node(0).singleValueContainer()
            return try tree.encode(value)
        }
        do {
            try encoder.encodeValue(value, key: nil, prefix: [], depth: encoder.depth)
        } catch {
            encoder.takeBackSingle()
            throw error
        }
    }
}
