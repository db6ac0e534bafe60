import Foundation

/// The `Encoder` behind `ModelEncoder.encode(_:)` when keys are not sorted: it writes
/// JSON bytes as `encode(to:)` runs, with no tree in between, through the same rules
/// as `TreeEncoder` (keys, transformers, wrappers, `keyEncodingStrategy`).
///
/// Writing in order works for what synthesized and almost all hand-written code does:
/// members and elements one after the other, nested containers filled before their
/// parent goes on. Whatever needs the whole object first is written by the tree
/// instead, for the one value that needs it:
/// - decided up front: transformers, kernel types other than the common scalars, model
///   classes with fields (`FieldLayout`);
/// - found while writing (a *fallback*): a dotted key, a `@Flat` property, a container
///   written after a sibling or the parent went on, `superEncoder`, two kinds of
///   container for one value. The value's bytes are taken back, its type is written by
///   the tree for the rest of the call, and the value is encoded again through it —
///   so a type's `encode(to:)` can run twice for one value, once partly.
final class StreamEncoder: Encoder {
    let session: StreamSession
    /// How many values deep this encoder's value is (0: the call's own encoder): its slot
    /// in the session's pool, which reuses an encoder for the next value at its level.
    let level: Int
    /// The encoder's state, behind a pointer: a class's stored properties are checked
    /// for exclusive access at run time on every access (a few per member written).
    private let frame: UnsafeMutablePointer<Frame>

    private struct Frame {
        /// The encoder of the enclosing value, the keys of the nested containers this
        /// value is in, and its own key: the coding path is made from these when asked for.
        var parent: StreamEncoder?
        var prefix: [any CodingKey] = []
        var pathKey: PathComponent?
        /// The rules of the model whose `encode(to:)` is running, if it is a model.
        var info: ModelInfo?
        /// How many containers deep the value sits in the output (for indentation).
        var depth = 0
        /// A `[String: Value]`: its keys are written as they are, whatever `keyEncodingStrategy` says.
        var keepsKeys = false
        /// No rule could change a key (`EncodeSession.ruledKey` is nil for every property).
        var plainKeys = true
        /// No transformer or value rule could apply to a scalar member: it is written on the spot.
        var writesScalars = true
        var state = State.empty
        /// Members or elements written into the value's own container.
        var rootCount = 0
        /// Nested containers still open, innermost last (empty for most values).
        var nested: [OpenContainer] = []
        var lastID = 0
    }

    /// What the value's output is so far.
    private enum State { case empty, object, array, single, finished }

    private struct OpenContainer {
        let id: Int
        let isObject: Bool
        var count = 0
    }

    /// A fresh encoder; `StreamSession.encoder(level:)` makes and reuses them.
    init(session: StreamSession, level: Int) {
        self.session = session
        self.level = level
        frame = .allocate(capacity: 1)
        frame.initialize(to: Frame())
    }

    deinit {
        frame.deinitialize(count: 1)
        frame.deallocate()
    }

    /// Sets the encoder up for a value.
    func start(parent: StreamEncoder, prefix: [any CodingKey], key: PathComponent?, info: ModelInfo?, depth: Int, keepsKeys: Bool) {
        let tree = session.tree
        frame.pointee = Frame(parent: parent, prefix: prefix, pathKey: key, info: info, depth: depth, keepsKeys: keepsKeys,
                              plainKeys: tree.plainKeys && !(info?.hasKeyRules ?? false),
                              writesScalars: tree.transformers.isEmpty && (info?.valueRules.isEmpty ?? true))
    }

    /// Lets go of the enclosing encoder once the value is written (so that it can be reused).
    func detach() {
        frame.pointee.parent = nil
        frame.pointee.state = .finished
    }

    var info: ModelInfo? { frame.pointee.info }
    var depth: Int { frame.pointee.depth }
    var keepsKeys: Bool { frame.pointee.keepsKeys }
    var plainKeys: Bool { frame.pointee.plainKeys }
    var writesScalars: Bool { frame.pointee.writesScalars }
    private var prefix: [any CodingKey] { frame.pointee.prefix }

    private var state: State {
        get { frame.pointee.state }
        set { frame.pointee.state = newValue }
    }

    private var rootCount: Int {
        get { frame.pointee.rootCount }
        set { frame.pointee.rootCount = newValue }
    }

    private var nested: [OpenContainer] {
        unsafeAddress { UnsafePointer(frame).pointer(to: \.nested)! }
        unsafeMutableAddress { frame.pointer(to: \.nested)! }
    }

    private var lastID: Int {
        get { frame.pointee.lastID }
        set { frame.pointee.lastID = newValue }
    }

    var codingPath: [any CodingKey] {
        guard let parent = frame.pointee.parent else { return [] }
        var path = parent.codingPath + prefix
        if let pathKey = frame.pointee.pathKey { path.append(pathKey.codingKey) }
        return path
    }

    var userInfo: [CodingUserInfoKey: Any] { session.tree.options.userInfo }

    // MARK: Containers

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(StreamKeyedContainer<Key>(encoder: self, id: openRoot(object: true), prefix: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        StreamUnkeyedContainer(encoder: self, id: openRoot(object: false), prefix: [])
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        StreamSingleValueContainer(encoder: self)
    }

    /// The value's own container (id 0), opened on the first request; a request for the
    /// other kind of container, or after a single value, falls back (id -1: every write fails).
    private func openRoot(object: Bool) -> Int {
        switch state {
        case .empty:
            state = object ? .object : .array
            session.writer.open(object: object)
            return 0
        case .object where object, .array where !object:
            return 0
        case .object, .array, .single, .finished:
            session.countFallback()
            return -1
        }
    }

    /// Makes container `id` the innermost open one, closing the nested containers
    /// opened in it since; false if it is closed already (written out of order).
    @inline(__always)
    private func activate(_ id: Int) -> Bool {
        if nested.isEmpty { return id == 0 && (state == .object || state == .array) }
        return activateNested(id)
    }

    private func activateNested(_ id: Int) -> Bool {
        guard state == .object || state == .array else { return false }
        let keep: Int
        if id == 0 {
            keep = 0
        } else if let index = nested.lastIndex(where: { $0.id == id }) {
            keep = index + 1
        } else {
            return false
        }
        while nested.count > keep { closeInnermost() }
        return true
    }

    private func closeInnermost() {
        let container = nested.removeLast()
        session.writer.close(object: container.isObject, count: container.count, depth: depth + nested.count + 1)
    }

    /// Starts the next member or element of container `id` (writing its separator and,
    /// for a member, `key`); the depth of the value that follows, or nil if the container is closed.
    @inline(__always)
    func begin(in id: Int, key: String?) -> Int? {
        guard activate(id) else { return nil }
        let index: Int
        if nested.isEmpty {
            index = rootCount
            rootCount += 1
        } else {
            index = nested[nested.count - 1].count
            nested[nested.count - 1].count += 1
        }
        let valueDepth = depth + nested.count + 1
        session.writer.separate(index: index, depth: valueDepth)
        if let key { session.writer.writeKey(key) }
        return valueDepth
    }

    /// Opens a container nested in the container that `begin` just started a value in.
    func openNested(object: Bool) -> Int {
        lastID += 1
        nested.append(OpenContainer(id: lastID, isObject: object))
        session.writer.open(object: object)
        return lastID
    }

    /// The number of values written into container `id` (0 once it is closed).
    func count(of id: Int) -> Int {
        if id == 0 { return rootCount }
        return nested.last(where: { $0.id == id })?.count ?? 0
    }

    /// Starts this value's single value; false if something was written already.
    func beginSingle() -> Bool {
        guard state == .empty else { return false }
        state = .single
        return true
    }

    /// `encode(to:)` made no container and wrote no single value.
    var wroteNothing: Bool { state == .empty }

    /// Closes what `encode(to:)` left open; a value that wrote nothing is `{}`, as
    /// `JSONEncoder` writes it (and as the tree does).
    func finish() {
        switch state {
        case .empty:
            session.writer.open(object: true)
            session.writer.close(object: true, count: 0, depth: depth)
        case .object, .array:
            while !nested.isEmpty { closeInnermost() }
            session.writer.close(object: state == .object, count: rootCount, depth: depth)
        case .single, .finished: break
        }
        state = .finished
    }

    /// Counts a fallback; the error to throw from a writing call.
    func fallBack() -> StreamFallback {
        session.countFallback()
        return StreamFallback()
    }

    func superEncoder() -> any Encoder {
        session.countFallback()
        return TreeEncoder(session: session.tree)  // never read: the value is written again by the tree
    }
}

/// Thrown by a stream container for what only the tree can write; the value it is in
/// is written again (`StreamEncoder.encodeValue`). Code that catches it changes nothing:
/// the fallback is counted before it is thrown.
struct StreamFallback: Error {}

/// What one streamed encode shares: the output, the tree's session (options,
/// transformers, routes) and what fell back.
final class StreamSession {
    let tree: EncodeSession
    /// The output and the fallback count, behind pointers: a class's stored properties
    /// are checked for exclusive access at run time on every write.
    private let output: UnsafeMutablePointer<JSONWriter>
    private let state = UncheckedStorage(FallbackState())
    /// A tree encoder for kernel values and transformers: they use only its session.
    let scratch: TreeEncoder

    private struct FallbackState {
        var count = 0
        /// Types that fell back once in this call: written by the tree from then on.
        var treeTypes: Set<ObjectIdentifier> = []
        /// The encoder last used at each level.
        var pool: [StreamEncoder] = []
    }

    init(options: EncodingOptions) {
        tree = EncodeSession(options: options)
        scratch = TreeEncoder(session: tree)
        output = .allocate(capacity: 1)
        output.initialize(to: JSONWriter(format: options.outputFormatting))
    }

    deinit {
        output.deinitialize(count: 1)
        output.deallocate()
        state.free()
    }

    var writer: JSONWriter {
        unsafeAddress { UnsafePointer(output) }
        unsafeMutableAddress { output }
    }

    /// Fallbacks so far (`StreamEncoder.encodeValue` takes back the ones it handled).
    var fallbacks: Int {
        get { state.pointer.pointee.count }
        set { state.pointer.pointee.count = newValue }
    }

    func countFallback() {
        state.pointer.pointee.count += 1
    }

    /// An encoder for a value `level` values deep: the one last used there, unless
    /// something still holds it (`encode(to:)` code may keep its encoder).
    func encoder(level: Int) -> StreamEncoder {
        let storage = self.state.pointer
        if level < storage.pointee.pool.count {
            if isKnownUniquelyReferenced(&storage.pointee.pool[level]) { return storage.pointee.pool[level] }
            let fresh = StreamEncoder(session: self, level: level)
            storage.pointee.pool[level] = fresh
            return fresh
        }
        let fresh = StreamEncoder(session: self, level: level)
        if level == storage.pointee.pool.count { storage.pointee.pool.append(fresh) }
        return fresh
    }

    /// Lets go of the pool (whose encoders hold the session) once the call is done.
    func finish() {
        state.pointer.pointee.pool.removeAll()
    }

    func isTreeType(_ id: ObjectIdentifier) -> Bool {
        !state.pointer.pointee.treeTypes.isEmpty && state.pointer.pointee.treeTypes.contains(id)
    }

    func markTreeType(_ id: ObjectIdentifier) {
        state.pointer.pointee.treeTypes.insert(id)
    }
}

extension StreamEncoder {
    /// Writes `value` as the value just begun: the member or element `key` of a
    /// container nested in `prefix` (nil: this encoder's own single value), `depth` deep.
    /// `rule` is the property's own transformer.
    func encodeValue<T: Encodable>(_ value: T, key: PathComponent?, prefix: [any CodingKey], depth: Int,
                                   rule: (any ValueTransformable)? = nil) throws {
        let tree = session.tree
        if rule != nil || (!tree.transformers.isEmpty && tree.transformers[ObjectIdentifier(T.self)] != nil) {
            return try writeByTree(value, path: path(prefix, key), depth: depth, rule: rule)
        }
        // The commonest kernel types by identity (a pointer comparison), written on the spot.
        if T.self == String.self { return session.writer.writeString(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return session.writer.writeInteger(unsafeBitCast(value, to: Int.self)) }
        if T.self == Bool.self { return session.writer.writeBool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self {
            let number = unsafeBitCast(value, to: Double.self)
            guard number.isFinite else { return try writeByTree(value, path: path(prefix, key), depth: depth, rule: nil) }
            return session.writer.writeNumber(JSONNumberFormat.double(number))
        }
        let route = tree.route(T.self)
        if case let .kernel(kernel) = route {
            return session.writer.write(try kernel.encode(value, by: session.scratch, at: path(prefix, key)), depth: depth)
        }
        let info = route.modelInfo(of: value)
        let id = ObjectIdentifier(T.self)
        if info?.fields != nil || session.isTreeType(id) {  // a model class with fields, or a type that fell back
            return try writeByTree(value, path: path(prefix, key), depth: depth, rule: nil)
        }

        let child = session.encoder(level: level + 1)
        var keepsKeys = false
        if case .stringKeyedDictionary = route { keepsKeys = true }
        child.start(parent: self, prefix: prefix, key: key, info: info, depth: depth, keepsKeys: keepsKeys)
        defer { child.detach() }
        let start = session.writer.count
        let fallbacks = session.fallbacks
        do {
            try value.encode(to: child)
        } catch {
            if session.fallbacks == fallbacks { throw error }
        }
        if session.fallbacks == fallbacks {
            if level == 0, child.wroteNothing { throw EncodeCall.encodedNothing(value) }  // the call's own value
            return child.finish()
        }
        // Something in this value only the tree can write: take its bytes back.
        session.fallbacks = fallbacks
        session.writer.truncate(to: start)
        session.markTreeType(id)
        try writeByTree(value, path: path(prefix, key), depth: depth, rule: nil)
    }

    /// Writes `value` through a `TreeEncoder` (with `rule`, the property's transformer, if any).
    private func writeByTree<T: Encodable>(_ value: T, path: [any CodingKey], depth: Int, rule: (any ValueTransformable)?) throws {
        session.writer.write(try session.scratch.encodeValue(value, at: path, rule: rule), depth: depth)
    }

    /// The coding path of the value at `key` in the container nested in `prefix`.
    private func path(_ prefix: [any CodingKey], _ key: PathComponent?) -> [any CodingKey] {
        var path = codingPath + prefix
        if let key { path.append(key.codingKey) }
        return path
    }
}

struct StreamKeyedContainer<Key: CodingKey>: OptionalScalarsThroughGeneric {
    let encoder: StreamEncoder
    /// Which of the encoder's containers this is: 0 its own, higher nested ones, -1 none.
    let id: Int
    let prefix: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + prefix }

    /// Starts the member for `property` under its JSON key; the depth of its value.
    /// A dotted key (nested objects, merged with siblings) falls back to the tree.
    @inline(__always)
    private func begin(_ property: String) throws -> Int {
        let session = encoder.session.tree
        var key = property
        if !encoder.plainKeys, let ruled = session.ruledKey(for: property, info: encoder.info) {
            key = ruled
            if session.hasKeyEncodingStrategy, !encoder.keepsKeys {
                key = session.options.keyEncodingStrategy.convert(key, path: codingPath)
            }
            if DottedPath.isNested(key) { throw encoder.fallBack() }
        }
        guard let depth = encoder.begin(in: id, key: key) else { throw encoder.fallBack() }
        return depth
    }

    func encodeNil(forKey key: Key) throws {
        _ = try begin(key.stringValue)
        encoder.session.writer.writeNull()
    }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if case .wrapper = encoder.session.tree.route(T.self) {
            if value is any FlatWrapper { throw encoder.fallBack() }
            if let wrapper = value as? any EncodingWrapper {
                var container = self
                return try wrapper.encode(into: &container, forKey: key)
            }
        }
        let rule = encoder.info.flatMap { $0.valueRules.isEmpty ? nil : $0.valueRules[key.stringValue] }
        let name = key.stringValue
        let depth = try begin(name)
        try encoder.encodeValue(value, key: .key(name), prefix: prefix, depth: depth, rule: rule)
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
        try encodeScalar(value, forKey: key, onSpot: value.isFinite) { $0.writeNumber(JSONNumberFormat.double(value)) }
    }

    func encode(_ value: Float, forKey key: Key) throws {
        try encodeScalar(value, forKey: key, onSpot: value.isFinite) { $0.writeNumber(JSONNumberFormat.float(value)) }
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
        _ = try begin(key.stringValue)
        write(&encoder.session.writer)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(encoder: encoder, id: openNested(key, object: true),
                                                               prefix: prefix + [key]))
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        StreamUnkeyedContainer(encoder: encoder, id: openNested(key, object: false), prefix: prefix + [key])
    }

    /// Starts member `key` as a nested container; -1 (after counting a fallback) if this container is closed.
    private func openNested(_ key: Key, object: Bool) -> Int {
        guard (try? begin(key.stringValue)) != nil else { return -1 }
        return encoder.openNested(object: object)
    }

    func superEncoder() -> any Encoder { encoder.superEncoder() }

    func superEncoder(forKey _: Key) -> any Encoder { encoder.superEncoder() }
}

struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: StreamEncoder
    /// As in `StreamKeyedContainer`.
    let id: Int
    let prefix: [any CodingKey]

    var codingPath: [any CodingKey] { encoder.codingPath + prefix }
    var count: Int { encoder.count(of: id) }

    /// Starts the next element; the depth of its value.
    @inline(__always)
    private func begin() throws -> Int {
        guard let depth = encoder.begin(in: id, key: nil) else { throw encoder.fallBack() }
        return depth
    }

    mutating func encodeNil() throws {
        _ = try begin()
        encoder.session.writer.writeNull()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let index = count
        let depth = try begin()
        try encoder.encodeValue(value, key: .index(index), prefix: prefix, depth: depth)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let index = count
        return KeyedEncodingContainer(StreamKeyedContainer<NestedKey>(encoder: encoder, id: openNested(object: true),
                                                                      prefix: prefix + [AnyCodingKey(index: index)]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let index = count
        return StreamUnkeyedContainer(encoder: encoder, id: openNested(object: false), prefix: prefix + [AnyCodingKey(index: index)])
    }

    private func openNested(object: Bool) -> Int {
        guard (try? begin()) != nil else { return -1 }
        return encoder.openNested(object: object)
    }

    mutating func superEncoder() -> any Encoder { encoder.superEncoder() }
}

struct StreamSingleValueContainer: SingleValueEncodingContainer {
    let encoder: StreamEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil() throws {
        guard encoder.beginSingle() else { throw encoder.fallBack() }
        encoder.session.writer.writeNull()
    }

    func encode<T: Encodable>(_ value: T) throws {
        guard encoder.beginSingle() else { throw encoder.fallBack() }
        try encoder.encodeValue(value, key: nil, prefix: [], depth: encoder.depth)
    }
}
