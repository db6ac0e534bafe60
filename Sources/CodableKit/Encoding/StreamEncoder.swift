#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    let frame = UncheckedStorage(Frame())

    struct Frame {
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
    final class Trail {
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

    var trail: Trail {
        if let trail = frame.value.trail { return trail }
        let trail = Trail()
        frame.value.trail = trail
        return trail
    }

    /// What the value's output is so far.
    enum State { case empty, object, array, single, tree, finished }

    struct OpenContainer {
        var id = 0
        let isObject: Bool
        var count = 0
        /// Where this object's keys begin in the session's stack, the bits their hashes set,
        /// and, once the object is wide, a table of them (`StreamSession.admit`).
        var keyBase: Int
        var keyFilter = KeyFilter()
        var keyTable: HashSlots?
    }

    /// A nested container: the id of the container it is in, its index there, its key.
    struct Opening {
        let parent: Int
        let index: Int
        let key: PathComponent
        let isObject: Bool
    }

    /// A fresh encoder; `StreamSession.encoder(level:)` makes and reuses them.
    init(session: StreamSession, level: Int) {
        self.session = session
        self.level = level
    }


    /// Sets the encoder up for a value.
    func start(parent: StreamEncoder, prefix: [any CodingKey], key: PathComponent?, info: ModelInfo?, depth: Int, keepsKeys: Bool) {
        let tree = session.tree
        // Field by field, not a new `Frame`: what `detach` and `finish` leave needs no reset.
        let frame = self.frame.reference
        frame.value.parent = parent
        frame.value.prefix = prefix
        frame.value.pathKey = key
        frame.value.info = info
        frame.value.depth = depth
        frame.value.keepsKeys = keepsKeys
        frame.value.plainKeys = tree.plainKeys && !(info?.hasKeyRules ?? false)
        frame.value.writesScalars = tree.transformers.isEmpty && (info?.valueRules.isEmpty ?? true)
        frame.value.state = .empty
        frame.value.start = session.writer.count
        if !frame.value.nested.isEmpty { frame.value.nested.removeAll() }  // a value that threw
    }

    /// Lets go of the enclosing encoder once the value is written (so that it can be reused).
    func detach() {
        frame.value.parent = nil
        frame.value.state = .finished
        if frame.value.trail != nil { frame.value.trail = nil }
    }

    var info: ModelInfo? { frame.value.info }
    var depth: Int { frame.value.depth }
    var keepsKeys: Bool { frame.value.keepsKeys }
    var plainKeys: Bool { frame.value.plainKeys }
    var writesScalars: Bool { frame.value.writesScalars }
    var prefix: [any CodingKey] { frame.value.prefix }

    var state: State {
        get { frame.value.state }
        set { frame.value.state = newValue }
    }

    var nested: [OpenContainer] {
        _read { yield frame.value.nested }
        _modify { yield &frame.value.nested }
    }

    var codingPath: [any CodingKey] {
        guard let parent = frame.value.parent else { return [] }
        var path = parent.codingPath + prefix
        if let pathKey = frame.value.pathKey { path.append(pathKey.codingKey) }
        return path
    }

    var userInfo: [CodingUserInfoKey: Any] { session.tree.options.userInfo }

    /// Makes container `id` the innermost open one, closing the nested containers
    /// opened in it since; false if it is closed already (written out of order).
    @inline(__always)
    func activate(_ id: Int) -> Bool {
        if nested.isEmpty { return id == 0 && (state == .object || state == .array) }
        return activateNested(id)
    }

    func activateNested(_ id: Int) -> Bool {
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

    func closeInnermost() {
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
        if nested.isEmpty { return begin(in: &frame.value.root, key: key, depth: valueDepth) }
        return begin(in: &nested[nested.count - 1], key: key, depth: valueDepth)
    }

    @inline(__always)
    func begin(in container: inout OpenContainer, key: String?, depth valueDepth: Int) -> Int? {
        let mark = session.writer.count
        session.writer.separate(index: container.count, depth: valueDepth)
        if let key {
            let keyStart = session.writer.count
            let hash = session.writer.writeKeyHashing(key)
            guard session.admit(hash, writtenFrom: keyStart, into: &container) else {
                session.writer.truncate(to: mark)
                return divert()
            }
        }
        container.count += 1
        return valueDepth
    }

    /// Takes back the member or element just begun in the innermost container, with all
    /// that was written for it from `start` (where its separator went): its value threw, and
    /// `JSONEncoder` writes nothing for a value that throws (code that catches the error
    /// goes on with a valid object).
    func takeBack(from start: Int) {
        guard state == .object || state == .array else { return }
        if nested.isEmpty { takeBack(from: start, in: &frame.value.root) } else { takeBack(from: start, in: &nested[nested.count - 1]) }
    }

    func takeBack(from start: Int, in container: inout OpenContainer) {
        guard container.count > 0, session.writer.count >= start else { return }
        session.writer.truncate(to: start)
        container.count -= 1
        container.keyTable = nil  // it may hold the key taken back: made again if needed
        // Each member of an object pushed one hash, and the value's own objects are closed
        // or abandoned: the stack holds this object's members from its base.
        session.keyCount = container.keyBase + (container.isObject ? container.count : 0)
    }

    /// Opens a container nested in the container that `begin` just started a value in,
    /// under `key`; its id.
    func openNested(object: Bool, key: PathComponent) -> Int {
        let parent = nested.last?.id ?? 0
        let index = (nested.last?.count ?? frame.value.root.count) - 1
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
        if id == 0, state != .tree { return frame.value.root.count }
        return countNested(id)
    }

    func countNested(_ id: Int) -> Int {
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
        session.writer.truncate(to: frame.value.start)
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
            session.keyCount = frame.value.root.keyBase
            session.writer.close(object: state == .object, count: frame.value.root.count, depth: depth)
        case .single, .tree, .finished: break
        }
        state = .finished
    }

}
