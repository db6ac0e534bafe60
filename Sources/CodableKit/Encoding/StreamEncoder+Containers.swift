/// The containers a value's `encode(to:)` asks its encoder for: the value's own, opened
/// on the first request; a request the stream cannot serve (another kind, after a single
/// value, out of turn) is served by the tree.
extension StreamEncoder {
    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        guard openRoot(object: true) else { return treeContainer(keyedBy: Key.self) }
        return KeyedEncodingContainer(StreamKeyedContainer<Key>(encoder: self, id: 0, prefix: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard openRoot(object: false) else { return treeUnkeyedContainer() }
        return StreamUnkeyedContainer(encoder: self, id: 0, prefix: [])
    }

    @inline(never)  // off the path of every value
    func treeContainer<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        node(0).container(keyedBy: Key.self)
    }

    @inline(never)
    func treeUnkeyedContainer() -> any UnkeyedEncodingContainer {
        node(0).unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if state == .tree { return node(0).singleValueContainer() }
        return StreamSingleValueContainer(encoder: self)
    }

    /// Opens the value's own container on the first request; false (the value in the
    /// tree) for a request for the other kind of container, or after a single value.
    /// A request after the value was written gets a container whose writes fail.
    func openRoot(object: Bool) -> Bool {
        if !isInnermost, state != .finished { return state == .object && object || state == .array && !object }
        switch state {
        case .empty:
            state = object ? .object : .array
            frame.value.root = OpenContainer(isObject: object, keyBase: session.keyCount)
            session.writer.open(object: object)
            return true
        case .object where object, .array where !object:
            return true
        case .finished:
            return true  // its writes fail (`checkOpen`)
        case .object, .array, .single, .tree:
            moveToTree()
            return false
        }
    }
}
