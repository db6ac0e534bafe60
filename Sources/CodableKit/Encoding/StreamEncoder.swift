import Foundation

/// The `Encoder` behind `ModelEncoder.encode(_:)` when keys are not sorted: it writes
/// JSON bytes as `encode(to:)` runs, with no tree in between, through the same rules
/// as `TreeEncoder` (keys, transformers, wrappers, `keyEncodingStrategy`).
///
/// Writing in order works for what synthesized and almost all hand-written code does:
/// members and elements one after the other, each key once, nested containers filled
/// before their parent goes on. Whatever needs the whole object is written by the tree:
/// - decided up front: transformers, kernel types other than the common scalars, model
///   classes with fields (`FieldLayout`), types that needed the tree before in this call;
/// - found while writing: a dotted key, a `@Flat` property, a key written again, a
///   container written after a sibling or the parent went on, `superEncoder`, two kinds
///   of container for one value. The value *moves* to the tree (`moveToTree`): what it
///   wrote so far is read back into a tree, and its containers write into that tree from
///   then on — so every `encode(to:)` runs once, as with `JSONEncoder`.
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
        /// No rule could change a key (`EncodingSession.ruledKey` is nil for every property).
        var plainKeys = true
        /// No transformer or value rule could apply to a scalar member: it is written on the spot.
        var writesScalars = true
        var state = State.empty
        /// Where the value's bytes begin in the output.
        var start = 0
        /// The value's own container (id 0), once opened.
        var root = OpenContainer(isObject: true, keyBase: 0)
        /// Nested containers still open, innermost last (empty for most values).
        var nested: [OpenContainer] = []
        /// Nested containers opened and tree nodes: made for the few values that have them.
        var trail: Trail?
        var writesFields = false
    }

    /// What only a value with nested containers, or one in the tree, needs.
    private final class Trail {
        /// Every nested container opened, in order (id `n` is at `n - 1`): where it sits,
        /// to find it again in the tree.
        var openings: [Opening] = []
        /// Once the value is in the tree: the tree's encoder for each container id.
        var nodes: [TreeEncoder] = []
        /// What was written into a container of this value while a value nested in it was
        /// being written (code that kept the container): by container id, taken into the
        /// tree once this value is the innermost again (`takeLateWrites`). For an array,
        /// where its elements go: before the element being written then (as `JSONEncoder`
        /// appends an element once its value is written), or at the end (nil).
        var late: [(id: Int, position: Int?, node: TreeEncoder)] = []
    }

    private var trail: Trail {
        if let trail = frame.pointee.trail { return trail }
        let trail = Trail()
        frame.pointee.trail = trail
        return trail
    }

    /// What the value's output is so far.
    private enum State { case empty, object, array, single, tree, finished }

    fileprivate struct OpenContainer {
        var id = 0
        let isObject: Bool
        var count = 0
        /// Where this object's key hashes begin in the session's stack, and the bits they set.
        var keyBase: Int
        var keyFilter = MemberKeyFilter()
    }

    /// A nested container: the id of the container it is in, its index there, its key.
    private struct Opening {
        let parent: Int
        let index: Int
        let key: PathComponent
        let isObject: Bool
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
        // Field by field, not a new `Frame`: what `detach` and `finish` leave needs no reset.
        let frame = self.frame
        frame.pointee.parent = parent
        frame.pointee.prefix = prefix
        frame.pointee.pathKey = key
        frame.pointee.info = info
        frame.pointee.depth = depth
        frame.pointee.keepsKeys = keepsKeys
        frame.pointee.plainKeys = tree.plainKeys && !(info?.hasKeyRules ?? false)
        frame.pointee.writesScalars = tree.transformers.isEmpty && (info?.valueRules.isEmpty ?? true)
        frame.pointee.state = .empty
        frame.pointee.start = session.writer.count
        if !frame.pointee.nested.isEmpty { frame.pointee.nested.removeAll() }  // a value that threw
    }

    /// Lets go of the enclosing encoder once the value is written (so that it can be reused).
    func detach() {
        frame.pointee.parent = nil
        frame.pointee.state = .finished
        if frame.pointee.trail != nil { frame.pointee.trail = nil }
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

    private var nested: [OpenContainer] {
        unsafeAddress { UnsafePointer(frame).pointer(to: \.nested)! }
        unsafeMutableAddress { frame.pointer(to: \.nested)! }
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
        guard openRoot(object: true) else { return treeContainer(keyedBy: Key.self) }
        return KeyedEncodingContainer(StreamKeyedContainer<Key>(encoder: self, id: 0, prefix: []))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard openRoot(object: false) else { return treeUnkeyedContainer() }
        return StreamUnkeyedContainer(encoder: self, id: 0, prefix: [])
    }

    @inline(never)  // off the path of every value
    private func treeContainer<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        node(0).container(keyedBy: Key.self)
    }

    @inline(never)
    private func treeUnkeyedContainer() -> any UnkeyedEncodingContainer {
        node(0).unkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        if state == .tree { return node(0).singleValueContainer() }
        return StreamSingleValueContainer(encoder: self)
    }

    /// Opens the value's own container on the first request; false (the value in the
    /// tree) for a request for the other kind of container, or after a single value.
    /// A request after the value was written gets a container whose writes fail.
    private func openRoot(object: Bool) -> Bool {
        if !isInnermost, state != .finished { return state == .object && object || state == .array && !object }
        switch state {
        case .empty:
            state = object ? .object : .array
            frame.pointee.root = OpenContainer(isObject: object, keyBase: session.keyCount)
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
        session.keyCount = container.keyBase
        session.writer.close(object: container.isObject, count: container.count, depth: depth + nested.count + 1)
    }

    /// Starts the next member or element of container `id` (writing its separator and,
    /// for a member, `key`); the depth of the value that follows. Nil when the value
    /// is in the tree (moved there now if `id` is closed or `key` may be there already):
    /// write through `node(id)`.
    @inline(__always)
    func begin(in id: Int, key: String?) -> Int? {
        guard isInnermost else { return nil }  // written through `node(id)`, a late write
        guard activate(id) else { return divert() }
        let valueDepth = depth + nested.count + 1
        if nested.isEmpty { return begin(in: &frame.pointee.root, key: key, depth: valueDepth) }
        return begin(in: &nested[nested.count - 1], key: key, depth: valueDepth)
    }

    @inline(__always)
    private func begin(in container: inout OpenContainer, key: String?, depth valueDepth: Int) -> Int? {
        let mark = session.writer.count
        session.writer.separate(index: container.count, depth: valueDepth)
        if let key {
            let hash = session.writer.writeKeyHashing(key)
            guard session.admit(hash, into: &container) else {
                session.writer.truncate(to: mark)
                return divert()
            }
        }
        container.count += 1
        return valueDepth
    }

    /// Moves the value to the tree; nil, for `begin`.
    func divert() -> Int? {
        if isInnermost { moveToTree() }
        return nil
    }

    /// Whether this encoder's value is the one being written now: not while a value nested
    /// in it is (its own `encode(to:)` may write into a container of this one that it kept).
    @inline(__always)
    var isInnermost: Bool { session.innermostLevel == level }

    /// Takes what was written into this value's containers while a nested value was being
    /// written into the tree, once this value is the innermost again: its output is then
    /// whole up to its open containers, and the tree can read it.
    func takeLateWrites() {
        guard let trail = frame.pointee.trail, !trail.late.isEmpty else { return }
        let late = trail.late
        trail.late = []
        session.lateWrites -= late.count
        moveToTree()
        guard state == .tree else { return }
        var inserted: [Int: Int] = [:]  // elements inserted so far, by container id
        for (id, position, node) in late where id < trail.nodes.count {
            let added = trail.nodes[id].absorb(node, at: position.map { $0 + inserted[id, default: 0] })
            inserted[id, default: 0] += added
        }
    }

    /// Whether something was written into a container of this value out of turn.
    var hasLateWrites: Bool { frame.pointee.trail.map { !$0.late.isEmpty } ?? false }

    /// Takes back the member or element just begun in the innermost container, with all
    /// that was written for it from `start` (where its separator went): its value threw, and
    /// `JSONEncoder` writes nothing for a value that throws (code that catches the error
    /// goes on with a valid object).
    func takeBack(from start: Int) {
        guard state == .object || state == .array else { return }
        if nested.isEmpty { takeBack(from: start, in: &frame.pointee.root) } else { takeBack(from: start, in: &nested[nested.count - 1]) }
    }

    private func takeBack(from start: Int, in container: inout OpenContainer) {
        guard container.count > 0, session.writer.count >= start else { return }
        session.writer.truncate(to: start)
        container.count -= 1
        // Each member of an object pushed one hash, and the value's own objects are closed
        // or abandoned: the stack holds this object's members from its base.
        session.keyCount = container.keyBase + (container.isObject ? container.count : 0)
    }

    /// Opens a container nested in the container that `begin` just started a value in,
    /// under `key`; its id.
    func openNested(object: Bool, key: PathComponent) -> Int {
        let parent = nested.last?.id ?? 0
        let index = (nested.last?.count ?? frame.pointee.root.count) - 1
        let trail = self.trail
        trail.openings.append(Opening(parent: parent, index: index, key: key, isObject: object))
        let id = trail.openings.count
        nested.append(OpenContainer(id: id, isObject: object, keyBase: session.keyCount))
        session.writer.open(object: object)
        return id
    }

    /// The number of values written into container `id` (0 once it is closed).
    @inline(__always)
    func count(of id: Int) -> Int {
        if id == 0, state != .tree { return frame.pointee.root.count }
        return countNested(id)
    }

    private func countNested(_ id: Int) -> Int {
        if state == .tree { return TreeUnkeyedContainer(encoder: node(id)).count }
        return nested.last(where: { $0.id == id })?.count ?? 0
    }

    /// Starts this value's single value; false (the value in the tree) if something was written already.
    func beginSingle() -> Bool {
        guard isInnermost else { return false }
        guard state == .empty else {
            moveToTree()
            return false
        }
        state = .single
        return true
    }

    /// Takes back a single value that threw.
    func takeBackSingle() {
        guard state == .single else { return }
        session.writer.truncate(to: frame.pointee.start)
        state = .empty
    }

    /// `encode(to:)` made no container and wrote no single value.
    var wroteNothing: Bool { state == .empty || (state == .tree && trail.nodes[0].wroteNothing) }

    /// Whether the value moved to the tree; `treeContent` is then what to write for it.
    var isInTree: Bool { state == .tree }
    var treeContent: EncodedContent { trail.nodes[0].finishedContent() }

    /// Closes what `encode(to:)` left open; a value that wrote nothing is `{}`, as
    /// `JSONEncoder` writes it (and as the tree does).
    func finish() {
        switch state {
        case .empty:
            session.writer.open(object: true)
            session.writer.close(object: true, count: 0, depth: depth)
        case .object, .array:
            while !nested.isEmpty { closeInnermost() }
            session.keyCount = frame.pointee.root.keyBase
            session.writer.close(object: state == .object, count: frame.pointee.root.count, depth: depth)
        case .single, .tree, .finished: break
        }
        state = .finished
    }

    /// Writes the `@ModelField`s of a model class instance once its `encode(to:)` has
    /// returned: each whose key the object does not have yet (the type's own code wins).
    /// A key the object may have already, or a dotted one, moves the value to the tree,
    /// which tells exactly and writes the fields still missing.
    func writeFields(of instance: AnyObject, layout: FieldLayout) throws {
        if state == .empty || state == .object {
            var container = self.container(keyedBy: AnyCodingKey.self)
            frame.pointee.writesFields = true
            defer { frame.pointee.writesFields = false }
            try layout.forEachField(of: instance) { field, box in
                // Once in the tree, the tree writes the fields still missing (below).
                guard state != .tree else { return }
                try box.write(into: &container, key: AnyCodingKey(stringValue: field.name))
            }
            for field in layout.observed where state != .tree {
                try field.property.write(instance, at: field.offset, into: &container, key: AnyCodingKey(stringValue: field.storageName))
            }
        } else {
            moveToTree()
        }
        if state == .tree { try trail.nodes[0].writeFields(of: instance, layout: layout) }
    }

    /// While `writeFields` runs, a member the stream cannot write (its key may be there, or
    /// is dotted) moves the value to the tree and is left to the tree's own `writeFields`.
    var writesFields: Bool { frame.pointee.writesFields }

    /// Fails for a container used after its value was written (code that kept it):
    /// what it wrote would go nowhere.
    func checkOpen(_ value: Any, at path: [any CodingKey]) throws {
        guard state == .finished else { return }
        throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription:
            "Written through a container after the value it belongs to was encoded."))
    }

    /// The tree's encoder for container `id` once the value is in the tree; an encoder
    /// that nothing reads for a container used after its value was written.
    func node(_ id: Int) -> TreeEncoder {
        if state == .tree, id < trail.nodes.count { return trail.nodes[id] }
        if state != .finished, !isInnermost { return lateNode(id) }
        return TreeEncoder(session: session.tree, codingPath: codingPath)
    }

    /// Where writes into container `id` go while a nested value is being written.
    private func lateNode(_ id: Int) -> TreeEncoder {
        let trail = self.trail
        let isObject = id == 0 ? state != .array : trail.openings[id - 1].isObject
        // The element being written is the last of the innermost open container.
        let innermost = nested.last?.id ?? 0
        let position = isObject || id != innermost ? nil : count(of: id) - 1
        if let found = trail.late.last(where: { $0.id == id }), found.position == position { return found.node }
        let node = TreeEncoder(session: session.tree, codingPath: codingPath, info: info)
        node.keepsKeys = keepsKeys
        node.content = isObject ? .object([]) : .array([])
        trail.late.append((id, position, node))
        session.lateWrites += 1
        return node
    }

    /// Reads what the value wrote so far back into a tree, and makes its containers write
    /// into that tree from now on; its bytes are written again, from the tree, when
    /// `encode(to:)` returns (`encodeValue`).
    private func moveToTree() {
        guard state != .tree, state != .finished else { return }
        var bytes = session.writer.bytes(from: frame.pointee.start)
        for container in nested.reversed() { bytes.append(container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) }
        if state == .object || state == .array {
            bytes.append(state == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            session.keyCount = frame.pointee.root.keyBase
        }
        let root = TreeEncoder(session: session.tree, codingPath: codingPath, info: info)
        root.keepsKeys = keepsKeys
        if state != .empty {
            // What this encoder wrote is JSON once its open containers are closed.
            let content = EncodedContent.parsing(bytes)
            assert(content != nil, "the stream wrote what it cannot read: \(String(decoding: bytes, as: UTF8.self))")
            root.content = content ?? .null
            root.wroteValue = state == .single
        }
        var nodes = [root]
        let trail = self.trail
        for opening in trail.openings {
            nodes.append(nodes[opening.parent].adoptContainer(at: opening.index, key: opening.key))
        }
        session.writer.truncate(to: frame.pointee.start)
        nested.removeAll()
        trail.nodes = nodes
        state = .tree
        if !trail.late.isEmpty { takeLateWrites() }  // written before whatever moves it now
    }
}

/// What one streamed encode shares: the output, the tree's session (options,
/// transformers, routes), the keys of the objects still open, and the types that
/// needed the tree.
final class StreamSession {
    let tree: EncodingSession
    /// The output, written at every value, without the runtime's access check (see
    /// `DecodingSession`).
    @exclusivity(unchecked) var writer: JSONWriter
    /// The shared state, behind a pointer that the key and pool code holds.
    private let state = UncheckedStorage(SharedState())
    /// A tree encoder for kernel values and transformers: they use only its session.
    let scratch: TreeEncoder
    /// The level of the encoder whose value is being written now (see `StreamEncoder.isInnermost`).
    @exclusivity(unchecked) var innermostLevel = 0
    /// How many writes out of turn wait to be taken into their encoder's tree (almost always none).
    @exclusivity(unchecked) var lateWrites = 0

    private struct SharedState: ~Copyable {
        /// The key hashes of every object still open, outermost first (each object knows
        /// where its own begin): objects open and close strictly nested.
        var keyHashes = Stack<UInt64>(capacity: 64)
        /// Types that needed the tree once in this call: written by the tree from then on.
        var treeTypes: Set<ObjectIdentifier> = []
        /// The encoder last used at each level.
        var pool: [StreamEncoder] = []
    }

    init(options: EncodingOptions) {
        tree = EncodingSession(options: options)
        scratch = TreeEncoder(session: tree)
        writer = JSONWriter(format: options.outputFormatting)
    }

    /// The number of key hashes on the stack; set lower, it forgets the keys of closed objects.
    var keyCount: Int {
        get { state.pointer.pointee.keyHashes.count }
        set {
            let extra = state.pointer.pointee.keyHashes.count - newValue
            if extra > 0 { state.pointer.pointee.keyHashes.removeLast(extra) }
        }
    }

    /// Records the key whose hash is `hash` as a member of the open object `container`;
    /// false if the object may have it already (the hash is there), which only the tree
    /// can tell and write.
    @inline(__always)
    fileprivate func admit(_ hash: UInt64, into container: inout StreamEncoder.OpenContainer) -> Bool {
        let hashes = state.pointer
        if container.keyFilter.insert(hash), hashes.pointee.keyHashes.contains(hash, from: container.keyBase) { return false }
        hashes.pointee.keyHashes.append(hash)
        return true
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
    @inline(__always)
    func encodeValue<T: Encodable>(_ value: T, key: PathComponent?, prefix: [any CodingKey], depth: Int,
                                   rule: (any ValueTransformable)? = nil) throws {
        try encodeValueInTurn(value, key: key, prefix: prefix, depth: depth, rule: rule)
        // What the value's code wrote into this encoder's containers meanwhile goes in now,
        // before this encoder writes anything more (so a key written later still wins).
        if session.lateWrites > 0, hasLateWrites { takeLateWrites() }
    }

    private func encodeValueInTurn<T: Encodable>(_ value: T, key: PathComponent?, prefix: [any CodingKey], depth: Int,
                                                 rule: (any ValueTransformable)?) throws {
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
            let content = try outOfTurn { try kernel.encode(value, by: session.scratch, at: path(prefix, key)) }
            return session.writer.write(content, depth: depth)
        }
        let info = route.modelInfo(of: value)
        let id = ObjectIdentifier(T.self)
        if session.isTreeType(id) { return try writeByTree(value, path: path(prefix, key), depth: depth, rule: nil) }

        let child = session.encoder(level: level + 1)
        var keepsKeys = false
        if case .stringKeyedDictionary = route { keepsKeys = true }
        child.start(parent: self, prefix: prefix, key: key, info: info, depth: depth, keepsKeys: keepsKeys)
        session.innermostLevel = level + 1
        defer {
            child.detach()
            session.innermostLevel = level
        }
        try value.encode(to: child)
        if let layout = info?.fields {  // `T` is a class (only classes have a layout): one reference, no bridging
            try child.writeFields(of: unsafeBitCast(value, to: AnyObject.self), layout: layout)
        }
        if child.hasLateWrites { child.takeLateWrites() }  // its own code wrote into it out of turn
        if level == 0, child.wroteNothing { throw EncodeCall.encodedNothing(value) }  // the call's own value
        guard child.isInTree else { return child.finish() }
        session.markTreeType(id)
        session.writer.write(child.treeContent, depth: depth)
    }

    /// Writes `value` through a `TreeEncoder` (with `rule`, the property's transformer, if any).
    private func writeByTree<T: Encodable>(_ value: T, path: [any CodingKey], depth: Int, rule: (any ValueTransformable)?) throws {
        let content = try outOfTurn { try session.scratch.encodeValue(value, at: path, rule: rule) }
        session.writer.write(content, depth: depth)
    }

    /// `body`, which runs code that may write into this encoder's containers (a tree encoding
    /// a value nested in this one), with this encoder not the innermost: such writes wait
    /// for the value (`takeLateWrites`), whose place in the stream is already begun.
    @inline(__always)
    private func outOfTurn<R>(_ body: () throws -> R) rethrows -> R {
        session.innermostLevel = level + 1
        defer { session.innermostLevel = level }
        return try body()
    }

    /// The coding path of the value at `key` in the container nested in `prefix`.
    private func path(_ prefix: [any CodingKey], _ key: PathComponent?) -> [any CodingKey] {
        var path = codingPath + prefix
        if let key { path.append(key.codingKey) }
        return path
    }
}

struct StreamKeyedContainer<Key: CodingKey>: NilAsNullForOptionalScalars {
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
        switch encoder.session.tree.route(T.self) {
        case .ignored: return
        case .wrapper:
            if value is any FlatWrapper {
                _ = encoder.divert()
                return try tree(writing: value, forKey: key).encode(value, forKey: key)
            }
            if let wrapper = value as? any EncodingWrapper {
                var container = self
                return try wrapper.encode(into: &container, forKey: key)
            }
        default: break
        }
        let rule = encoder.info.flatMap { $0.valueRules.isEmpty ? nil : $0.valueRules[key.stringValue] }
        let name = key.stringValue
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

struct StreamUnkeyedContainer: UnkeyedEncodingContainer {
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

struct StreamSingleValueContainer: SingleValueEncodingContainer {
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
