/// What only some keyed containers need, kept out of line so that the common
/// container holds one reference (it is copied into its box, retaining each one).
final class KeyedContainerExtras {
    /// Keys between the session's path and this object, for containers made by a
    /// hand-written `init(from:)` (`nestedContainer`, `superDecoder`).
    let prefix: [PathComponent]
    /// The object's keys as `keyDecodingStrategy` converts them, to their value nodes.
    let converted: [String: Int]?

    init(prefix: [PathComponent], converted: [String: Int]? = nil) {
        self.prefix = prefix
        self.converted = converted
    }
}

/// What a keyed container reads: its object, where it sits, how its keys resolve.
/// Behind a pointer (see `KeyedContainerState`), so that a pooled box can be pointed
/// at the next object (see `KeyedContainerPool`), in place.
struct KeyedContainerFields {
    /// Holds the decoder (and so the session) for as long as the container lives.
    private(set) var decoder: DocumentDecoder
    /// The same decoder, to be borrowed (see `KeyedContainer.withDecoder`).
    private(set) var unretainedDecoder: Unmanaged<DocumentDecoder>
    private(set) var object = 0
    /// The length of the coding path to this object.
    private(set) var depth = 0
    /// This object's frame in the session (the model it belongs to), or -1.
    private(set) var frame = -1
    /// No transformer can apply to a scalar here, so the fast path may read it directly.
    private(set) var plainScalars = false
    /// The key table when the model has key rules or the call has strategies. Not
    /// retained: the session owns every key table until the decode ends, and this
    /// container holds the decoder, which holds the session.
    private(set) var keys: Unmanaged<KeyTable>?
    /// What only some objects need (a prefix, converted keys), kept out of line.
    private(set) var extras: KeyedContainerExtras?
    /// `extras` is there: asked per key, without loading (and retaining) it.
    private(set) var hasExtras = false
    /// Set once the container's frame has ended while someone still held it: each call
    /// then runs in a session of its own (see `DetachedContext`).
    private(set) var detached: DetachedContext?
    /// `detached` is set: asked per call, without loading it.
    private(set) var isDetached = false

    init<Key: CodingKey>(decoder: DocumentDecoder, object: Int, keyedBy _: Key.Type) {
        self.decoder = decoder
        // Safety: `decoder` (stored beside it) holds the same object for as long as the fields do.
        unretainedDecoder = Unmanaged.passUnretained(decoder)
        point(at: object, of: decoder, keyedBy: Key.self)
    }

    /// Points these fields at `object`, field by field (assigning a whole new value
    /// copies and destroys it through outlined value operations).
    mutating func point<Key: CodingKey>(at object: Int, of decoder: DocumentDecoder, keyedBy _: Key.Type) {
        if decoder !== self.decoder {
            self.decoder = decoder
            // Safety: as in `init`, `self.decoder` holds it.
            unretainedDecoder = Unmanaged.passUnretained(decoder)
        }
        self.object = object
        if isDetached { (detached, isDetached) = (nil, false) }
        let session = decoder.session
        let hasPrefix = decoder.hasPrefix
        depth = session.path.count + (hasPrefix ? decoder.prefix.count : 0)
        frame = session.frames.count - 1
        keys = session.keyTable(for: Key.self, frame: frame, current: keys)
        if session.settings.convertsKeys {
            let depth = depth
            let converted = session.keyConverter.keys(of: object, in: decoder.document) { session.codingPath(depth: depth) }
            extras = KeyedContainerExtras(prefix: decoder.prefix, converted: converted)
        } else if hasPrefix {
            extras = KeyedContainerExtras(prefix: decoder.prefix)
        } else if hasExtras {
            extras = nil
        }
        hasExtras = extras != nil
        plainScalars = session.readsScalarsPlainly(valueRules: frame >= 0 && session.frames[frame].hasValueRules)
    }

    /// Keeps what the container needs to go on without `session`'s shared state: called as
    /// its frame ends while someone still holds it.
    mutating func detach(in session: DecodingSession) {
        detached = DetachedContext(copying: session, document: decoder.document, depth: depth, prefix: extras?.prefix ?? [], frame: frame)
        isDetached = true
    }
}

/// Owns a container's `KeyedContainerFields`: one per box, for as long as the box lives.
final class KeyedContainerState {
    private let storage: UncheckedStorage<KeyedContainerFields>
    var fields: CellReference<KeyedContainerFields> { storage.reference }

    init(_ fields: KeyedContainerFields) {
        storage = UncheckedStorage(fields)
    }
}

/// The keyed container over one JSON object.
///
/// A key is resolved to a value node through the object's key table (model rules,
/// call strategies, the property name), or, when no rule applies, by comparing
/// the key's UTF-8 bytes with the object's keys. Scalars whose value is of their
/// own kind and fits are read on the spot; everything else goes through the value
/// pipeline (`ValuePipeline.swift`), which also decides every repair.
///
/// The standard library's box copies the container for every key it is asked: it
/// holds one reference (each one held is a retain and a release per property) and
/// the pointer to its fields.
struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    private let state: KeyedContainerState
    private let fields: CellReference<KeyedContainerFields>

    init(_ state: KeyedContainerState) {
        self.state = state
        fields = state.fields
    }

    var decoder: DocumentDecoder { fields.value.decoder }
    var object: Int { fields.value.object }
    private var depth: Int { fields.value.depth }
    private var frame: Int { fields.value.frame }
    private var plainScalars: Bool { fields.value.plainScalars }
    private var keys: Unmanaged<KeyTable>? { fields.value.keys }
    private var extras: KeyedContainerExtras? { fields.value.hasExtras ? fields.value.extras : nil }

    /// The decoder, borrowed: `decoder`, read through the fields pointer, is retained
    /// and released around each use.
    @inline(__always)
    private func withDecoder<R>(_ body: (DocumentDecoder) throws -> R) rethrows -> R {
        // Safety: the fields hold `decoder` strongly for as long as the container lives.
        try fields.value.unretainedDecoder._withUnsafeGuaranteedRef(body)
    }

    private var prefix: [PathComponent] { extras?.prefix ?? [] }

    var codingPath: [any CodingKey] {
        if fields.value.isDetached { return fields.value.detached!.codingPath }
        return decoder.session.codingPath(depth: depth - prefix.count) + prefix.map { $0.codingKey as any CodingKey }
    }

    /// `body` run on a live container over the same object, in a session of its own
    /// (see `DetachedContext`): every call of a detached container goes through here.
    /// (Its key is a `String`, not a `Key?`: naming `Optional<Key>` in these unspecialized
    /// methods would ask the runtime for its metadata on every call, detached or not.)
    @inline(never)
    private func detachedCall<R>(key: String?, _ body: (KeyedContainer<Key>) throws -> R) throws -> R {
        let object = self.object
        return try fields.value.detached!.run(at: object, key: key.map { .key($0) }) { decoder in
            try body(KeyedContainer(KeyedContainerState(KeyedContainerFields(decoder: decoder, object: object, keyedBy: Key.self))))
        }
    }

    // The hot calls' detached paths (scalars take the generic one), out of line: the closure
    // a path makes is then no part of the call that does not take it.

    @inline(never)
    private func detachedDecode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
        try detachedCall(key: key.stringValue) { try $0.decode(T.self, forKey: key) }
    }

    @inline(never)
    private func detachedDecodeIfPresent<T: Decodable>(_: T.Type, forKey key: Key) throws -> T? {
        try detachedCall(key: key.stringValue) { try $0.decodeIfPresent(T.self, forKey: key) }
    }

    /// `detachedCall` for the calls that cannot throw: a problem there is the reader's own
    /// (none is expected), and reads as the answer for an absent key.
    @inline(never)
    private func detachedCall<R>(_ body: (KeyedContainer<Key>) -> R, orElse fallback: R) -> R {
        (try? detachedCall(key: nil, body)) ?? fallback
    }

    /// What only a hand-written `init(from:)` asks: its model gets no field plan.
    private func noteOwnDecoding() {
        let frame = frame
        withDecoder { $0.session.noteOwnDecoding(frame: frame) }
    }

    /// Runs `body` with this container's path on the session's stack. Only for
    /// containers with a prefix: a closure that captures the container costs a copy.
    private func withPrefix<R>(_ body: () throws -> R) rethrows -> R {
        try decoder.session.at(prefix, body)
    }

    @inline(__always)
    private func property<T: Decodable>(_: T.Type, forKey key: Key, at node: Int?) throws -> T {
        let site = site(key)
        if !fields.value.hasExtras || prefix.isEmpty { return try withDecoder { try $0.decodeProperty(T.self, at: node, site: site) } }
        return try withPrefix { try decoder.decodeProperty(T.self, at: node, site: site) }
    }

    @inline(__always)
    private func optionalProperty<T: Decodable>(_: T.Type, forKey key: Key, at node: Int?) throws -> T? {
        let site = site(key)
        if !fields.value.hasExtras || prefix.isEmpty { return try withDecoder { try $0.decodeOptionalProperty(T.self, at: node, site: site) } }
        return try withPrefix { try decoder.decodeOptionalProperty(T.self, at: node, site: site) }
    }

    /// The keys present in the object that `Key` can represent, in document order, each
    /// once (a repeated key reads its first value, as in `JSONDecoder`). Keys that `Key` reads
    /// as the same integer (`"1"`, `"01"` and `"+1"` for a `[Int: V]`) are all listed, so the
    /// standard library's `Dictionary` keeps the last of them. (`JSONDecoder` lists its keys
    /// in hash order, so which of them it keeps varies from run to run.)
    var allKeys: [Key] {
        if fields.value.isDetached { return detachedCall({ $0.allKeys }, orElse: []) }
        noteOwnDecoding()
        if let converted = extras?.converted { return converted.keys.compactMap { Key(stringValue: $0) } }
        let document = decoder.document
        var result: [Key] = []
        var seen: Set<String> = []
        var member = object + 1
        let end = document.nodes[object].end
        while member < end {
            let text = document.string(member)
            if seen.insert(text).inserted, let key = Key(stringValue: text) { result.append(key) }
            member = document.next(after: member + 1)
        }
        return result
    }

    /// The value node for `key`, or nil when no candidate key is present. Members
    /// are found through the session's cursor (see `MemberCursor`).
    ///
    /// The closures capture the fields they need, not `self`: this code runs
    /// unspecialized under the standard library's container box, where capturing
    /// `self` copies the container (a retain and a release per key).
    @inline(__always)
    func lookup(_ key: Key) -> Int? {
        withDecoder { decoder in lookup(key, decoder: decoder) }
    }

    @inline(__always)
    private func lookup(_ key: Key, decoder: DocumentDecoder) -> Int? {
        var name = key.stringValue
        let (session, document, object, depth) = (decoder.session, decoder.document, object, depth)
        // `hasExtras` first, though `extras` checks it too: it spares every key the
        // optional chain's load and retain.
        if fields.value.hasExtras, let converted = extras?.converted {  // JSONDecoder's keyDecodingStrategy: converted keys only
            if let node = converted[name] { return node }
            // Safety: the session (held through the decoder) owns its key tables.
            return keys.flatMap { $0._withUnsafeGuaranteedRef { keys in keys.resolveConverted(keys.entry(for: name), converted) } }
        }
        return session.member(named: &name, table: keys, in: object, of: document, depth: depth)
    }

    @inline(__always)
    private func site(_ key: Key) -> PropertySite {
        PropertySite(key: key.stringValue, object: object, depth: depth, frame: frame)
    }

    func contains(_ key: Key) -> Bool {
        if fields.value.isDetached { return detachedCall({ $0.contains(key) }, orElse: false) }
        noteOwnDecoding()
        return lookup(key) != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if fields.value.isDetached { return try detachedCall(key: key.stringValue) { try $0.decodeNil(forKey: key) } }
        noteOwnDecoding()
        guard let node = lookup(key) else { return true }
        return withDecoder { $0.document.nodes[node].kind == .null }
    }

    @inline(__always)
    private func decodeScalar<S: ScalarValue>(_: S.Type, forKey key: Key) throws -> S {
        if fields.value.isDetached { return try detachedDecode(S.self, forKey: key) }
        let node = lookup(key)
        if plainScalars, let node, let value = withDecoder({ S.read($0.document, node) }) { return value }
        return try property(S.self, forKey: key, at: node)
    }

    @inline(__always)
    private func decodeScalarIfPresent<S: ScalarValue>(_: S.Type, forKey key: Key) throws -> S? {
        if fields.value.isDetached { return try detachedDecodeIfPresent(S.self, forKey: key) }
        let node = lookup(key)
        if plainScalars, let node, let value = withDecoder({ S.read($0.document, node) }) { return value }
        return try optionalProperty(S.self, forKey: key, at: node)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decodeScalar(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decodeScalar(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decodeScalar(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decodeScalar(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decodeScalar(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decodeScalar(type, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try decodeScalar(type, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try decodeScalar(type, forKey: key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        if fields.value.isDetached { return try detachedDecode(type, forKey: key) }
        return try property(type, forKey: key, at: lookup(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try decodeScalarIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try decodeScalarIfPresent(type, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try decodeScalarIfPresent(type, forKey: key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try decodeScalarIfPresent(type, forKey: key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if fields.value.isDetached { return try detachedDecodeIfPresent(type, forKey: key) }
        return try optionalProperty(type, forKey: key, at: lookup(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        if fields.value.isDetached { return try detachedCall(key: key.stringValue) { try $0.nestedContainer(keyedBy: type, forKey: key) } }
        noteOwnDecoding()
        return try nestedDecoder(forKey: key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        if fields.value.isDetached { return try detachedCall(key: key.stringValue) { try $0.nestedUnkeyedContainer(forKey: key) } }
        noteOwnDecoding()
        return try nestedDecoder(forKey: key).unkeyedContainer()
    }

    /// As `JSONDecoder`: for an absent key, a decoder of `null` (whose containers then
    /// throw `valueNotFound` at the key's path), not an error here.
    func superDecoder() throws -> any Decoder {
        if fields.value.isDetached { return try detachedCall(key: nil) { try $0.superDecoder() } }
        noteOwnDecoding()
        return superDecoder(name: "super", node: decoder.document.member("super", in: object))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        if fields.value.isDetached { return try detachedCall(key: key.stringValue) { try $0.superDecoder(forKey: key) } }
        noteOwnDecoding()
        return superDecoder(name: key.stringValue, node: lookup(key))
    }

    private func superDecoder(name: String, node: Int?) -> DocumentDecoder {
        decoder.superDecoder(at: node, depth: depth, prefix: prefix, key: .key(name))
    }

    private func nestedDecoder(forKey key: Key) throws -> DocumentDecoder {
        try nestedDecoder(name: key.stringValue, node: lookup(key))
    }

    /// A decoder positioned at the value for a key, for hand-written `init(from:)`.
    private func nestedDecoder(name: String, node: Int?) throws -> DocumentDecoder {
        guard let node else {
            throw withPrefix { decoder.session.fail(.missing, expected: Any.self, depth: depth, key: .key(name)) }
        }
        let nested = DocumentDecoder(document: decoder.document, session: decoder.session, node: node)
        nested.prefix = prefix + [.key(name)]
        return nested
    }
}
