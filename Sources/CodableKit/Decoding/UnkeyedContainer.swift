/// The unkeyed container over one JSON array, for hand-written `init(from:)` and
/// types such as tuples that decode element by element. (Arrays, sets and
/// dictionaries decoded by the kernel do not use it: they drop bad elements,
/// which a container that must return a value for each call cannot do.)
/// An element that cannot be decoded is an error for the value being decoded.
struct UnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: DocumentDecoder
    let array: Int
    let depth: Int
    let prefix: [PathComponent]
    /// The whole coding path to the array, kept for a container read after its decode
    /// has ended (unkeyed containers are made only by hand-written `init(from:)`s).
    private let path: [PathComponent]
    let count: Int?
    private(set) var currentIndex = 0
    /// The node of the element at `currentIndex`.
    private var cursor: Int

    init(decoder: DocumentDecoder, array: Int) {
        self.decoder = decoder
        self.array = array
        prefix = decoder.prefix
        depth = decoder.session.path.count + prefix.count
        var path: [PathComponent] = []
        decoder.session.path.appendPrefix(decoder.session.path.count, to: &path)
        self.path = path + prefix
        count = decoder.document.nodes[array].count
        cursor = array + 1
    }

    var isAtEnd: Bool { currentIndex >= count! }

    var codingPath: [any CodingKey] {
        if decoder.session.ended { return path.map(\.codingKey) }
        return decoder.session.codingPath(depth: decoder.session.path.count) + prefix.map { $0.codingKey as any CodingKey }
    }

    /// `body` on a live container at the same element, in a session of its own (see
    /// `DetachedContext`): for a container read after its decode has ended.
    @inline(never)
    private mutating func afterItsDecode<R>(_ body: (inout UnkeyedContainer) throws -> R) throws -> R {
        let context = DetachedContext(copying: decoder.session, document: decoder.document, path: path, frame: -1)
        let (array, index, cursor) = (array, currentIndex, cursor)
        let (result, live) = try context.run(at: array) { decoder in
            var live = UnkeyedContainer(decoder: decoder, array: array)
            (live.currentIndex, live.cursor) = (index, cursor)
            return (try body(&live), live)
        }
        (currentIndex, self.cursor) = (live.currentIndex, live.cursor)
        return result
    }

    mutating func decodeNil() throws -> Bool {
        if decoder.session.ended { return try afterItsDecode { try $0.decodeNil() } }
        try checkNotAtEnd(Never?.self)
        guard decoder.document.nodes[cursor].kind == .null else { return false }
        advance()
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        if decoder.session.ended { return try afterItsDecode { try $0.decode(type) } }
        try checkNotAtEnd(T.self)
        let (decoder, cursor, session) = (decoder, cursor, decoder.session)
        let value = try session.at(prefix) {
            try session.at(.index(currentIndex)) { try decoder.decodeValue(T.self, at: cursor, site: nil) }
        }
        advance()
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try decodeElement(type) }
    mutating func decode(_ type: String.Type) throws -> String { try decodeElement(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try decodeElement(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try decodeElement(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try decodeElement(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try decodeElement(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try decodeElement(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try decodeElement(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try decodeElement(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try decodeElement(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try decodeElement(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try decodeElement(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try decodeElement(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try decodeElement(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try decodeElement(type) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try decodeElement(type) }

    /// The scalar overloads share the generic path (inside a generic function,
    /// `decode(type)` calls the generic overload, not the scalar one).
    private mutating func decodeElement<T: Decodable>(_ type: T.Type) throws -> T {
        try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        if decoder.session.ended { return try afterItsDecode { try $0.nestedContainer(keyedBy: type) } }
        return try nestedDecoder(T: [String: Any].self).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if decoder.session.ended { return try afterItsDecode { try $0.nestedUnkeyedContainer() } }
        return try nestedDecoder(T: [Any].self).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        if decoder.session.ended { return try afterItsDecode { try $0.superDecoder() } }
        try checkNotAtEnd(Any.self)
        defer { advance() }
        return decoder.superDecoder(at: cursor, depth: depth, prefix: prefix, key: .index(currentIndex))
    }

    /// A decoder at the current element, which is then consumed.
    private mutating func nestedDecoder(T: Any.Type) throws -> DocumentDecoder {
        try checkNotAtEnd(T)
        let nested = DocumentDecoder(document: decoder.document, session: decoder.session, node: cursor)
        nested.prefix = prefix + [.index(currentIndex)]
        advance()
        return nested
    }

    private mutating func advance() {
        cursor = decoder.document.next(after: cursor)
        currentIndex += 1
    }

    private func checkNotAtEnd(_ type: Any.Type) throws {
        guard isAtEnd else { return }
        throw DecodingError.valueNotFound(type, .init(codingPath: codingPath + [AnyCodingKey(intValue: currentIndex)],
                                                      debugDescription: "Unkeyed container is at end."))
    }
}
