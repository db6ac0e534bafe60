/// The single-value container: the decoder's current value, read through the pipeline.
struct SingleValueContainer: SingleValueDecodingContainer {
    let decoder: DocumentDecoder
    let node: Int

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        decoder.document.nodes[node].kind == .null
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if decoder.session.ended { return try decodeAfterItsDecode(type) }
        guard decoder.hasPrefix else { return try decoder.decodeValue(type, at: node, site: nil) }
        // A decoder made by `superDecoder(forKey:)` or for a nested container: its keys
        // join the path, so that what is reported names them.
        return try decoder.session.at(decoder.prefix) { try decoder.decodeValue(type, at: node, site: nil) }
    }

    /// A single value read after its decode has ended, in a session of its own.
    @inline(never)
    private func decodeAfterItsDecode<T: Decodable>(_: T.Type) throws -> T {
        let node = node
        return try decoder.afterItsDecode { try SingleValueContainer(decoder: $0, node: node).decode(T.self) }
    }

    func decode(_ type: Bool.Type) throws -> Bool { try decodeScalar(type) }
    func decode(_ type: String.Type) throws -> String { try decodeScalar(type) }
    func decode(_ type: Double.Type) throws -> Double { try decodeScalar(type) }
    func decode(_ type: Float.Type) throws -> Float { try decodeScalar(type) }
    func decode(_ type: Int.Type) throws -> Int { try decodeScalar(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try decodeScalar(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try decodeScalar(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try decodeScalar(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try decodeScalar(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try decodeScalar(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeScalar(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeScalar(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeScalar(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeScalar(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try decodeScalar(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeScalar(type) }

    @inline(__always)
    private func decodeScalar<S: ScalarValue>(_: S.Type) throws -> S {
        if decoder.session.readsScalarsPlainly(valueRules: false), !decoder.session.ended, let value = S.read(decoder.document, node) { return value }
        return try decode(S.self)
    }
}
