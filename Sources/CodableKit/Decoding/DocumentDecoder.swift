/// The `Decoder` over a `JSONDocument`.
///
/// One instance serves a whole decode call: decoding a nested value moves `node`
/// and pushes onto the session's path instead of creating another decoder. Only
/// JSON found inside a string (`"{\"a\":1}"`) gets a decoder of its own, over
/// its own document, sharing the session.
final class DocumentDecoder: Decoder {
    let document: JSONDocument
    let session: DecodingSession
    /// The value the next `container`/`singleValueContainer` call reads. Moved around
    /// every decoded value, without the runtime's access check (see `DecodingSession`).
    @exclusivity(unchecked) var node: Int
    /// Keys between the session's path and `node`: set only for decoders made for
    /// hand-written `init(from:)` (nested containers, `superDecoder`).
    var prefix: [PathComponent] = [] {
        didSet { hasPrefix = !prefix.isEmpty }
    }
    /// `!prefix.isEmpty`, read per keyed container without retaining the array.
    private(set) var hasPrefix = false
    /// The whole coding path to `node`, for a decoder a hand-written `init(from:)` may keep past
    /// its decode (a super decoder): once the decode has ended its session has no path left.
    var keptPath: [PathComponent]?
    /// A flat element whose `didDecode(from:)` is running before it has its place: the first
    /// request puts it there (`placeUnplacedElement`).
    @exclusivity(unchecked) var unplaced: UnplacedElement?
    /// Set by the default `didDecode(from:)` when it runs (see `ModelInfo.decodeHookIsDefault`).
    @exclusivity(unchecked) var defaultHookRan = false

    init(document: JSONDocument, session: DecodingSession, node: Int) {
        self.document = document
        self.session = session
        self.node = node
    }

    var codingPath: [any CodingKey] {
        if unplaced?.placed == false { placeUnplacedElement() }
        if session.ended, let keptPath { return keptPath.map(\.codingKey) }
        return session.codingPath(depth: session.path.count) + prefix.map { $0.codingKey as any CodingKey }
    }

    /// A decoder at `node` for a hand-written `init(from:)` (`superDecoder`), `key` below this
    /// decoder's position at `depth` (with `prefix`, the keys of the container it comes from),
    /// with its whole path kept for a read after the decode.
    func superDecoder(at node: Int?, depth: Int, prefix: [PathComponent], key: PathComponent) -> DocumentDecoder {
        let nested = node.map { DocumentDecoder(document: document, session: session, node: $0) }
            ?? DocumentDecoder(document: .null, session: session, node: 0)
        nested.prefix = prefix + [key]
        var path: [PathComponent] = []
        session.path.appendPrefix(min(max(depth - prefix.count, 0), session.path.count), to: &path)
        nested.keptPath = path + nested.prefix
        return nested
    }
    var userInfo: [CodingUserInfoKey: Any] { session.options.userInfo }

    /// `body` with a decoder at the same value in a session of its own: for a decoder
    /// kept past its decode (a nested or super decoder a detached container returned, or
    /// one a hand-written `init(from:)` kept). Its path is the one the session had when
    /// it ended (the decode's own session has none left then).
    @inline(never)
    func afterItsDecode<R>(_ body: (DocumentDecoder) throws -> R) throws -> R {
        let context = keptPath.map { DetachedContext(copying: session, document: document, path: $0, frame: -1) }
            ?? DetachedContext(copying: session, document: document, depth: session.path.count + prefix.count, prefix: prefix, frame: -1)
        return try context.run(at: node, body)
    }

    @inline(never)
    private func containerAfterItsDecode<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try afterItsDecode { try $0.container(keyedBy: type) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        if unplaced?.placed == false { placeUnplacedElement() }
        if session.ended { return try containerAfterItsDecode(keyedBy: type) }
        guard document.nodes[node].kind == .object else {
            if let nested = try jsonInString(at: node, expecting: .object) {
                return try nested.container(keyedBy: type)
            }
            throw fail(.wrongKind(at: node, in: document),
                       expected: [String: Any].self)
        }
        // Safety: `poolList` holds every pool until the session ends.
        return session.containerPool(for: Key.self)._withUnsafeGuaranteedRef { $0.make(decoder: self, object: node, keyedBy: Key.self) }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        if unplaced?.placed == false { placeUnplacedElement() }
        if session.ended { return try afterItsDecode { try $0.unkeyedContainer() } }
        guard document.nodes[node].kind == .array else {
            if let nested = try jsonInString(at: node, expecting: .array) {
                return try nested.unkeyedContainer()
            }
            throw fail(.wrongKind(at: node, in: document),
                       expected: [Any].self)
        }
        return UnkeyedContainer(decoder: self, array: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        if unplaced?.placed == false { placeUnplacedElement() }
        return SingleValueContainer(decoder: self, node: node)
    }

    /// Decodes `T` from `node` with this decoder, restoring the current node afterwards.
    @inline(__always)
    func decodeNested<T: Decodable>(_ type: T.Type, at node: Int) throws -> T {
        let saved = self.node
        self.node = node
        defer { self.node = saved }
        return try T(from: self)
    }

    /// JSON inside a string, where an object or array was expected (`"{\"a\": 1}"`):
    /// a decoder over the parsed text, or nil when the string holds no such JSON.
    /// Recorded as a conversion; an error in strict mode.
    func jsonInString(at node: Int, expecting kind: JSONDocument.Kind) throws -> DocumentDecoder? {
        guard mayHoldJSON(at: node, opening: kind) else { return nil }
        let remainingDepth = session.settings.maxDepth - session.path.count
        guard remainingDepth > 0,
              let nested = try? document.withText(node, { try JSONParser.parse(Array($0), maxDepth: remainingDepth) }),
              nested.nodes[0].kind == kind else { return nil }
        if let error = session.recordConversion(from: "string", to: kind == .object ? [String: Any].self : [Any].self,
                                                target: kind == .object ? "object" : "array") {
            throw error
        }
        return DocumentDecoder(document: nested, session: session, node: 0)
    }

    /// Whether the value at `node` is a string that may hold JSON of `kind` (`jsonInString`):
    /// only one whose first non-space character opens that container can.
    func mayHoldJSON(at node: Int, opening kind: JSONDocument.Kind) -> Bool {
        guard document.nodes[node].kind == .string else { return false }
        let opener = kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "[")
        return document.withText(node, { $0.first(where: { !isJSONWhitespace($0) }) == opener })
    }
}

extension DocumentDecoder {
    /// The `JSONValue` at `node`. - Throws: a `DecodingError` that stops the decode (no
    /// repair: it is input made to hurt) for one nested deeper than `JSONValue.maximumDepth`.
    func jsonValue(at node: Int) throws -> JSONValue {
        do {
            return try document.value(at: node)
        } catch {
            throw DecodingAbort(error: JSONValue.tooDeep(at: codingPath))
        }
    }
}
