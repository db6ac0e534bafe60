/// What one streamed encode shares: the output, the tree's session (options,
/// transformers, routes), the keys of the objects still open, and the types that
/// needed the tree.
final class StreamSession {
    let tree: EncodingSession
    /// The output, written at every value, without the runtime's access check (see
    /// `DecodingSession`).
    @exclusivity(unchecked) var writer: JSONWriter
    /// The shared state, behind a pointer that the key and pool code holds.
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
    /// `PlannedKind.modelArray` of each type met in this call, without the process cache's lock.
    @exclusivity(unchecked) private var modelArrayKinds = TypeTable<PlannedKind?>()

    struct SharedState: ~Copyable {
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
        var pathDependentKeys = false
        if case .custom = options.keyEncodingStrategy { pathDependentKeys = true }
        usesPlans = options.usesEncodePlans && tree.transformers.isEmpty && !pathDependentKeys
        plainPlanKeys = tree.plainKeys && options.outputFormatting.isDisjoint(with: [.prettyPrinted, .withoutEscapingSlashes])
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
    func admit(_ hash: UInt64, into container: inout StreamEncoder.OpenContainer) -> Bool {
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

    /// The kind of `T` when it is an array of struct models, else nil (see `PlannedKind.modelArray`).
    @inline(__always)
    func modelArrayKind<T: Encodable>(_: T.Type) -> PlannedKind? {
        modelArrayKinds.value(for: ObjectIdentifier(T.self)) { PlannedKind.modelArray(T.self) }
    }

    func isTreeType(_ id: ObjectIdentifier) -> Bool {
        !state.pointer.pointee.treeTypes.isEmpty && state.pointer.pointee.treeTypes.contains(id)
    }

    func markTreeType(_ id: ObjectIdentifier) {
        state.pointer.pointee.treeTypes.insert(id)
    }
}
