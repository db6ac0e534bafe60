struct StreamKeyedContainer<Key: CodingKey>: NilAsNullForOptionalScalars, WideIntegerKeyedEncoding {
    let encoder: StreamEncoder
    /// Which of the encoder's containers this is: 0 its own, higher nested ones.
    let id: Int
    let prefix: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + prefix }

    /// This container in the tree, once the value is there.
    private var tree: TreeKeyedContainer<Key> { TreeKeyedContainer(encoder: encoder.node(id)) }

    /// `tree`, for a write of `value` under `key`. - Throws: for a container used after its value was written.
    private func tree(writing value: Any, forKey key: Key) throws -> TreeKeyedContainer<Key> {
        try encoder.checkOpen(value, at: codingPath + [key])
        if encoder.writesFields { return TreeKeyedContainer(encoder: TreeEncoder(session: encoder.session.tree)) }  // see `writesFields`
        return tree
    }

    /// Starts the member for `property` under its JSON key; the depth of its value, or
    /// nil when the tree writes it (a dotted key, nested objects merged with siblings, moves the value there).
    @inline(__always)
    private func begin(_ property: String) -> Int? {
        var key = property
        if !encoder.plainKeys,
           let ruled = encoder.session.tree.jsonKey(for: property, info: encoder.info, keepsKeys: encoder.keepsKeys, path: codingPath) {
            key = ruled
            if DottedPath.isNested(key) { return encoder.divert() }
        }
        return encoder.begin(in: id, key: key)
    }

    func encodeNil(forKey key: Key) throws {
        guard begin(key.stringValue) != nil else { return try tree(writing: Optional<Int>.none as Any, forKey: key).encodeNil(forKey: key) }
        encoder.session.writer.writeNull()
    }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        switch encoder.session.tree.memberStep(for: value) {
        case .skip: return
        case .flat:  // its members go into this object, where the stream may have written their keys
            _ = encoder.divert()
            return try tree(writing: value, forKey: key).encode(value, forKey: key)
        case .wrapper:
            var container = self
            return try (value as! any EncodingWrapper).encode(into: &container, forKey: key)
        case .value: break
        }
        let name = key.stringValue
        let rule = encoder.session.tree.valueRule(for: name, info: encoder.info)
        let start = encoder.session.writer.count
        guard let depth = begin(name) else { return try tree(writing: value, forKey: key).encode(value, forKey: key) }
        do {
            try encoder.encodeValue(value, key: .key(name), prefix: prefix, depth: depth, rule: rule)
        } catch {
            encoder.takeBack(from: start)
            throw error
        }
    }

    func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { return try encode(value, forKey: key) }
        if encoder.session.tree.options.nilAsNull { try encodeNil(forKey: key) }
    }

    func encode(_ value: Bool, forKey key: Key) throws {
        try encodeScalar(value, forKey: key) { $0.writeBool(value) }
    }

    func encode(_ value: String, forKey key: Key) throws {
        try encodeScalar(value, forKey: key) { $0.writeString(value) }
    }

    func encode(_ value: Double, forKey key: Key) throws {
        try encodeScalar(value, forKey: key, onSpot: value.isFinite) { $0.writeDouble(value) }
    }

    func encode(_ value: Float, forKey key: Key) throws {
        try encodeScalar(value, forKey: key, onSpot: value.isFinite) { $0.writeFloat(value) }
    }

    func encode(_ value: Int, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    func encode(_ value: Int8, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    func encode(_ value: Int16, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    func encode(_ value: Int32, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    func encode(_ value: Int64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    func encode(_ value: UInt, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    func encode(_ value: UInt8, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    func encode(_ value: UInt16, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    func encode(_ value: UInt32, forKey key: Key) throws { try encodeInteger(value, forKey: key) }
    func encode(_ value: UInt64, forKey key: Key) throws { try encodeInteger(value, forKey: key) }

    @inline(__always)
    private func encodeInteger<I: FixedWidthInteger & Encodable>(_ value: I, forKey key: Key) throws {
        try encodeScalar(value, forKey: key) { $0.writeInteger(value) }
    }

    /// A scalar written on the spot by `write`, or through `encode<T>` when a rule could apply
    /// to it or it is not `onSpot` (a non-finite number: a string or an error, as configured).
    @inline(__always)
    private func encodeScalar<T: Encodable>(_ value: T, forKey key: Key, onSpot: Bool = true,
                                            _ write: (inout JSONWriter) -> Void) throws {
        guard onSpot, encoder.writesScalars else { return try encode(value, forKey: key) }
        guard begin(key.stringValue) != nil else { return try tree(writing: value, forKey: key).encode(value, forKey: key) }
        write(&encoder.session.writer)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        guard begin(key.stringValue) != nil else { return tree.nestedContainer(keyedBy: NestedKey.self, forKey: key) }
        let id = encoder.openNested(object: true, key: .key(key.stringValue))
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(encoder: encoder, id: id, prefix: prefix + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        guard begin(key.stringValue) != nil else { return tree.nestedUnkeyedContainer(forKey: key) }
        let id = encoder.openNested(object: false, key: .key(key.stringValue))
        return StreamUnkeyedContainer(encoder: encoder, id: id, prefix: prefix + [key])
    }

    /// A super encoder's value is written when its encoder is done with it, whatever
    /// this container writes meanwhile: the tree's.
    func superEncoder() -> any Encoder {
        _ = encoder.divert()
        return tree.superEncoder()
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        _ = encoder.divert()
        return tree.superEncoder(forKey: key)
    }
}
