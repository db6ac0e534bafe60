/// What one streamed encode shares: the output, the tree's session (options,
/// transformers, routes), the keys of the objects still open, and the types that
/// needed the tree.
final class StreamSession: KeyBytes {
    let tree: EncodingSession
    /// The output, written at every value, without the runtime's access check (see
    /// `DecodingSession`).
    @exclusivity(unchecked) var writer: JSONWriter
    /// The shared state, in a cell of its own (`UncheckedStorage`): read and changed without
    /// the runtime's exclusivity checks.
    let state = UncheckedStorage(SharedState())
    /// A tree encoder for kernel values and transformers: they use only its session.
    let scratch: TreeEncoder
    /// The level of the encoder whose value is being written now (see `StreamEncoder.isInnermost`).
    @exclusivity(unchecked) var innermostLevel = 0
    /// How many writes out of turn wait to be taken into their encoder's tree (almost always none).
    @exclusivity(unchecked) var lateWrites = 0
    /// Encode plans write declared models (`EncodeFieldPlan`): no transformer of the call could
    /// change a value a plan writes itself, and no key depends on its coding path (`.custom`).
    let usesPlans: Bool
    /// A plan's own keys (`EncodeFieldPlan.plainKeys`) are the keys written, for a model without key rules.
    let plainPlanKeys: Bool
    /// Each plan's keys as this call writes them, where they are not the plan's own (nil: none can be).
    @exclusivity(unchecked) var preparedKeys: [ObjectIdentifier: PreparedKeys?] = [:]
    /// `PlannedKind.collection` of each type met in this call, without the process cache's lock.
    @exclusivity(unchecked) private var collectionKinds = TypeTable<PlannedKind?>()
    /// The encoder planned models' `willEncode(to:)` hooks get (made on first need).
    private(set) lazy var plannedModelHook = PlannedModelHook()

    /// A member's key as written: its `KeyHash`, and where its text (escaped, between its
    /// quotes) is in the output: the same key is written as the same bytes, and no two keys alike.
    struct WrittenKey {
        let hash: UInt64
        let start: Int
        let end: Int
    }

    struct SharedState: ~Copyable {
        /// The keys of every object still open, outermost first (each object knows where
        /// its own begin): objects open and close strictly nested.
        var keys = Stack<WrittenKey>(capacity: 64)
        /// Types that needed the tree once in this call: written by the tree from then on.
        var treeTypes: Set<ObjectIdentifier> = []
        /// The encoder last used at each level.
        var pool: [StreamEncoder] = []
    }

    init(options: EncodingOptions) {
        tree = EncodingSession(options: options)
        scratch = TreeEncoder(session: tree)
        writer = JSONWriter(format: options.outputFormatting)
        var pathDependentKeys = false
        if case .custom = options.keyEncodingStrategy { pathDependentKeys = true }
        usesPlans = options.usesEncodePlans && tree.transformers.isEmpty && !pathDependentKeys
        plainPlanKeys = tree.plainKeys && options.outputFormatting.isDisjoint(with: [.prettyPrinted, .withoutEscapingSlashes])
    }

    /// The number of keys on the stack; set lower, it forgets the keys of closed objects.
    var keyCount: Int {
        get { state.value.keys.count }
        set {
            let extra = state.value.keys.count - newValue
            if extra > 0 { state.value.keys.removeLast(extra) }
        }
    }

    /// How many keys an object checks a new key against one by one (by hash, then bytes)
    /// before it keeps its keys in a `HashSlots`.
    static let keysScanned = 16

    /// Records the key just written from output offset `start` (its opening quote), whose `KeyHash` is `hash`, as
    /// a member of the open object `container`; false if the object has that key already,
    /// which only the tree can write (the last member of a key is the one kept).
    ///
    /// The object's filter clears most keys of a small object at once. Past `keysScanned`
    /// keys the filter says "maybe" to almost everything, so a wide object keeps its keys
    /// in a `HashSlots`: O(1) a key whatever the keys are.
    @inline(__always)
    func admit(_ hash: UInt64, writtenFrom start: Int, into container: inout StreamEncoder.OpenContainer) -> Bool {
        // The key's text between its quotes, before the colon (`" : "` when pretty-printed).
        state.value.keys.append(WrittenKey(hash: hash, start: start + 1, end: writer.count - (writer.prettyPrinted ? 4 : 2)))
        if container.keyFilter.insert(hash) || container.keyTable != nil, isRepeated(state.value.keys.count - 1, in: &container) {
            state.value.keys.removeLast()
            return false
        }
        return true
    }

    /// Whether the key at `position` on the stack (the last) is one of the keys of
    /// `container` before it; in a wide object, adds it to the object's table.
    @inline(never)
    private func isRepeated(_ position: Int, in container: inout StreamEncoder.OpenContainer) -> Bool {
        let base = container.keyBase
        if container.keyTable == nil {
            if position - base < Self.keysScanned {
                let hash = state.value.keys[position].hash
                for index in base ..< position where state.value.keys[index].hash == hash {
                    if withKey(at: index, { earlier in withKey(at: position) { equalBytes($0, earlier) } }) { return true }
                }
                return false
            }
            var table = HashSlots(capacity: 2 * (position - base))
            for index in base ..< position { withKey(at: index) { _ = table.insert(index, key: $0, in: self) } }
            container.keyTable = table
        }
        return withKey(at: position) { container.keyTable!.insert(position, key: $0, in: self) } != nil
    }

    /// An encoder for a value `level` values deep: the one last used there, unless
    /// something still holds it (`encode(to:)` code may keep its encoder).
    func encoder(level: Int) -> StreamEncoder {
        if level < state.value.pool.count {
            if isKnownUniquelyReferenced(&state.value.pool[level]) { return state.value.pool[level] }
            let fresh = StreamEncoder(session: self, level: level)
            state.value.pool[level] = fresh
            return fresh
        }
        let fresh = StreamEncoder(session: self, level: level)
        if level == state.value.pool.count { state.value.pool.append(fresh) }
        return fresh
    }

    /// The text of the key at `position` on the key stack, as written.
    func withKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let key = state.value.keys[position]
        return body(writer.bytes.buffer(key.start ..< key.end))
    }

    /// Lets go of the pool (whose encoders hold the session) once the call is done.
    func finish() {
        state.value.pool.removeAll()
    }

    /// The kind of `T` when it is an array or a `[String: Value]`, else nil (see `PlannedKind.collection`).
    @inline(__always)
    func collectionKind<T: Encodable>(_: T.Type) -> PlannedKind? {
        collectionKinds.value(for: ObjectIdentifier(T.self)) { PlannedKind.collection(T.self) }
    }

    func isTreeType(_ id: ObjectIdentifier) -> Bool {
        !state.value.treeTypes.isEmpty && state.value.treeTypes.contains(id)
    }

    func markTreeType(_ id: ObjectIdentifier) {
        state.value.treeTypes.insert(id)
    }
}
