import Synchronization

/// Everything one decode call shares: the options captured when it started, the
/// coding path, the models being decoded, per-type caches, and the issues found.
///
/// Its mutable state is `@exclusivity(unchecked)`: a class's stored property is
/// otherwise checked at run time on every access, and these change around every
/// decoded value. The accesses are exclusive by construction — a decode runs on one
/// thread, and each access is a short, strictly nested read or mutation.
final class DecodingSession {
    /// The call's options, for what is read rarely (strategies, `userInfo`).
    let options: DecodingOptions
    /// This decode among the process's, from 1 (`ModelInfo.fieldPlan` tells a type's first
    /// decode from later ones by it).
    let id = nextDecodeID.wrappingAdd(1, ordering: .relaxed).oldValue
    /// The mode in force: every problem is an error, with `JSONDecoder`'s case and path —
    /// in strict mode, and in tolerant mode while a type's own `init(from:)` runs its
    /// first, exact pass (see `decodeOwn`). Read wherever a problem is found; set only there.
    @exclusivity(unchecked) var strict: Bool
    /// The mode the call asked for, which the exact pass does not change.
    let callIsStrict: Bool
    let maxDepth: Int
    let keyStrategies: [any KeyStrategy]
    /// Per-call transformers over the app-wide ones, by the type they produce.
    let typeTransformers: [ObjectIdentifier: any ValueTransformable]
    let hasTypeTransformers: Bool
    /// Whether transformers apply at all (not in a plugin's own conversion).
    let appliesTransformers: Bool
    /// The stack addresses decoding may use on this thread (see `StackGuard`).
    let stackRange: ClosedRange<UInt>? = StackGuard.usableRange()

    /// The coding path, as a stack: pushing a key is an append, and the path is
    /// only turned into text or `[CodingKey]` when something is reported.
    @exclusivity(unchecked) var path = Stack<PathComponent>()
    /// The models (and other keyed types) being decoded, innermost last.
    @exclusivity(unchecked) var frames = Stack<ModelFrame>()
    /// Whether repairs are recorded: only when someone will read the report (the
    /// caller, or a `DecodingLog` handler or level). Unread, each record — its
    /// path, its type names, its words — would be much of a repair's cost for nothing.
    let recordsIssues: Bool
    /// The repairs recorded so far.
    @exclusivity(unchecked) var filedIssues = FiledIssues()
    /// A `keyDecodingStrategy` other than `.useDefaultKeys` converts the keys of each object.
    let convertsKeys: Bool
    /// No `keyDecodingStrategy` converts keys: models may be decoded by their field plans
    /// (`FieldPlan`).
    let usesPlans: Bool
    /// Converts each object's keys when `convertsKeys`.
    @exclusivity(unchecked) var keyConverter: KeyConverter
    /// Set just before a model is decoded in update mode: the value it starts from.
    var pendingBase: Any? {
        get { pending.value }
        set { pending = PendingBase(isSet: newValue != nil, value: newValue) }
    }
    /// Whether a base is pending: asked for every nested model, so read from a flag of
    /// its own (testing the optional existential itself makes an outlined copy of it).
    var hasPendingBase: Bool { pending.isSet }

    @exclusivity(unchecked) private var pending = PendingBase(isSet: false, value: nil)
    /// Per field plan: its fields' candidate keys when keys have rules or strategies (see `PlanKeyCandidates`).
    @exclusivity(unchecked) var planCandidates = TypeTable<PlanCandidatesEntry>()
    /// The two plans asked for last, with their entries: a model and the one in its array
    /// mostly alternate (an airport, its runways).
    @exclusivity(unchecked) var recentPlanCandidates: ((plan: ObjectIdentifier?, entry: PlanCandidatesEntry?),
                                                       (plan: ObjectIdentifier?, entry: PlanCandidatesEntry?)) = ((nil, nil), (nil, nil))
    /// Per field plan: which absent optionals are nil in this decode (see `AbsentNilness`).
    @exclusivity(unchecked) var planNilness = TypeTable<AbsentNilness>()
    /// Per field plan: the initial values its fields' repairs fall back on in this decode (see `PlanFallbacks`).
    @exclusivity(unchecked) var planFallbacks = TypeTable<PlanFallbacks>()
    /// Where planned decodes build their models (see `decodePlanned`).
    @exclusivity(unchecked) var scratch = ScratchStack()
    /// How each type is decoded (see `Route`).
    @exclusivity(unchecked) var routes = TypeTable<Route>()
    /// The types last known statically to be models (see `RouteHint`).
    @exclusivity(unchecked) var hint = RouteHint()
    /// Key tables by `Key` type (each the head of its `Key`'s tables for other models,
    /// see `KeyTable.table(for:strategies:)`), unretained: a container reads its table
    /// per key, and `keyTableOwners` keeps them until the session ends.
    @exclusivity(unchecked) private var keyTables = TypeTable<Unmanaged<KeyTable>>()
    @exclusivity(unchecked) private var keyTableOwners: [KeyTable] = []
    /// Keyed container pools by `Key` type (see `KeyedContainerPool`), unretained;
    /// `poolList` owns them, and empties them when the decode ends.
    @exclusivity(unchecked) var containerPools = TypeTable<Unmanaged<KeyedContainerPool>>()
    @exclusivity(unchecked) var poolList: [KeyedContainerPool] = []
    /// `decodePartial` for a `PartialStringDecodable` model: the node standing for the
    /// member string the document was cut inside (a `null`), its document's serial (JSON
    /// found in a string makes documents with node numbers of their own), and the text that
    /// arrived of it; -1 otherwise. A `String` property reads the text, any other reader
    /// finds the member missing: checked where a member's value is read (`partialProperty`,
    /// `partialValue`, `decodeDictionary`), before any type can see the `null`.
    var partialNode = -1
    var partialDocument = -1
    var partialText = ""

    /// Whether `node` of `document` is the string a partial document was cut inside.
    @inline(__always)
    func isPartial(_ node: Int, in document: JSONDocument?) -> Bool {
        node == partialNode && document?.serial == partialDocument
    }
    /// Set when the decode has ended (`releaseContainers`): nothing changes the session
    /// after that, and a container or decoder that outlives it reads in a session of its
    /// own (see `DetachedContext`).
    var ended = false
    /// The keyed containers handed out in the open frames, innermost last: checked as
    /// their frame ends (see `popFrame`).
    @exclusivity(unchecked) var handouts = Stack<Handout>()
    /// One member cursor per depth of open keyed containers (see `MemberCursor`).
    @exclusivity(unchecked) private var cursors = UnsafeMutableBufferPointer<MemberCursor>(start: nil, count: 0)

    /// Per model type: its shape and one `init()` value for this decode (see `InitialValues.swift` and `ModelShape`).
    /// Asked by every object that needs a fallback.
    @exclusivity(unchecked) var modelFallbacks = TypeTable<ModelFallbacks>()
    /// Per model type: which initial values are nil (see `initialIsNil`).
    @exclusivity(unchecked) var writtenNilness = TypeTable<WrittenNilness>()
    /// Type names for reports (`String(describing:)` demangles, so once per type):
    /// every repair names one or two types.
    @exclusivity(unchecked) private var typeNames = TypeTable<String>()
    private static let sharedTypeNames = TypeCache<String>()



    init(options: DecodingOptions, appliesTransformers: Bool = true, recordsIssues: Bool = true) {
        self.options = options
        self.recordsIssues = recordsIssues
        if case .useDefaultKeys = options.keyDecodingStrategy { convertsKeys = false } else { convertsKeys = true }
        keyConverter = KeyConverter(options.keyDecodingStrategy)
        callIsStrict = options.mode == .strict
        strict = options.mode == .strict
        maxDepth = options.maxDepth
        keyStrategies = options.keyStrategies
        usesPlans = !convertsKeys
        let transformers = appliesTransformers
            ? WhichSettingWins.typeTransformers(perCall: options.transformers, configured: options.configured) : [:]
        typeTransformers = transformers
        hasTypeTransformers = !transformers.isEmpty
        self.appliesTransformers = appliesTransformers
    }

    deinit {
        scratch.deallocate()
        _ = cursors.deinitialize()
        cursors.deallocate()
    }

    /// The value node of `key` in `object`, for a keyed container at `depth`.
    @inline(__always)
    func member(_ key: UnsafeBufferPointer<UInt8>, in object: Int, of document: JSONDocument, depth: Int) -> Int? {
        if depth >= cursors.count { growCursors(toFit: depth) }
        return cursors[depth].member(key, in: object, of: document)
    }

    private func growCursors(toFit depth: Int) {
        let grown = UnsafeMutableBufferPointer<MemberCursor>.allocate(capacity: max(depth + 1, cursors.count * 2, 16))
        if let old = cursors.baseAddress {
            grown.baseAddress!.moveInitialize(from: old, count: cursors.count)
            cursors.deallocate()
        }
        (grown.baseAddress! + cursors.count).initialize(repeating: MemberCursor(), count: grown.count - cursors.count)
        cursors = grown
    }

    // MARK: Per-type caches

    /// The key table for containers keyed by `Key` in `frame`, or nil when every key
    /// is looked up as itself (no model rules and no call strategies). A table depends
    /// on the model as well as on `Key` — two classes of one hierarchy share their
    /// `CodingKeys` but not their `@ModelField`s or `mappingForKey()` — so tables are
    /// found by `Key` and then by the frame's `ModelInfo`. `current`, a table a pooled
    /// container had, is kept when it is the right one. The session keeps every table
    /// it made until it ends (containers hold them unretained).
    @inline(__always)
    func keyTable<Key: CodingKey>(for _: Key.Type, frame: Int, current: Unmanaged<KeyTable>?) -> Unmanaged<KeyTable>? {
        guard hasKeyTable(frame: frame) else { return nil }
        let info = frame >= 0 ? frames[frame].infoIdentity : nil
        // Safety: the session owns every key table (`keyTableOwners`, and each head its `next`).
        if let current, current._withUnsafeGuaranteedRef({ $0.infoIdentity == info }) { return current }
        return keyTable(for: Key.self, info: frame >= 0 ? frames[frame].info : nil)
    }

    /// Whether containers in `frame` resolve keys through a table.
    @inline(__always)
    func hasKeyTable(frame: Int) -> Bool {
        frame >= 0 && frames[frame].hasKeyRules || !keyStrategies.isEmpty
    }

    /// `keyTable(for:frame:current:)` once a table is needed: the one for `Key` and `info`.
    func keyTable<Key: CodingKey>(for _: Key.Type, info: ModelInfo?) -> Unmanaged<KeyTable> {
        let head = keyTables.value(for: ObjectIdentifier(Key.self)) {
            let table = KeyTable(info: info, strategies: keyStrategies)
            keyTableOwners.append(table)
            // Safety: `keyTableOwners` holds the table until the session ends.
            return Unmanaged.passUnretained(table)
        }
        // Safety: `keyTableOwners` holds every head until the session ends.
        return head._withUnsafeGuaranteedRef { $0.table(for: info, strategies: keyStrategies) }
    }

    // MARK: Frames

    func pushFrame(_ type: Any.Type, model: (any DecodableModel.Type)?, info: ModelInfo?) {
        if !hasPendingBase {  // the common case, without copying the existential in and out
            frames.append(ModelFrame(type: type, model: model, depth: path.count, info: info,
                                     hasValueRules: info?.hasValueRules ?? false, hasKeyRules: info?.hasKeyRules ?? false,
                                     isObservable: info?.isObservable ?? false, isUpdate: false, fallback: nil))
            return
        }
        let base = pendingBase
        pendingBase = nil
        let fallback = base.flatMap { base in model.map { FallbackSource(base: base, shape: ModelShape.of($0)) } }
        frames.append(ModelFrame(type: type, model: model, depth: path.count, info: info,
                                 hasValueRules: info?.hasValueRules ?? false, hasKeyRules: info?.hasKeyRules ?? false,
                                 isObservable: info?.isObservable ?? false, isUpdate: base != nil,
                                 fallback: fallback))
    }

    /// Ends the innermost frame. A keyed container made in it that someone still holds
    /// (a lazy wrapper kept it) is detached first, while its path and frame are here to be
    /// copied (see `DetachedContext`).
    @inline(__always)
    func popFrame() {
        if handouts.count > 0, handouts.last.frame == frames.count - 1 { checkHandouts(of: frames.count - 1) }
        frames.removeLast()
    }

    /// Takes the containers handed out in `frame` off `handouts`, detaching those still held.
    @inline(__always)
    func checkHandouts(of frame: Int) {
        while handouts.count > 0, handouts.last.frame == frame {
            let handout = handouts.last
            handouts.removeLast()
            // Safety: `poolList` holds every pool until the session ends.
            handout.pool._withUnsafeGuaranteedRef { $0.detachIfHeld(handout.index, session: self) }
        }
    }

    /// A keyed container of `frame` was asked what only a hand-written `init(from:)` asks,
    /// or kept past its frame: its model gets no field plan (`ModelInfo.noteOwnDecoding`).
    @inline(never)
    func noteOwnDecoding(frame: Int) {
        guard isLive(frame: frame), frames[frame].model != nil, let info = frames[frame].info else { return }
        info.noteOwnDecoding()
    }

    /// The name of `site`'s property in coding paths and reports: an `@Observable` class's
    /// `_name` by its declared name (the site's key still finds its initial value).
    @inline(__always)
    func pathName(_ site: PropertySite) -> String {
        guard isLive(frame: site.frame), frames[site.frame].isObservable, let info = frames[site.frame].info else { return site.key }
        return info.declaredName(site.key)
    }

    @inline(__always)
    func pathKey(_ site: PropertySite) -> PathComponent { .key(pathName(site)) }

    /// Whether `frame` is a model frame still open: a container kept past its decode (as
    /// `JSONDecoder`'s may be) has a frame index that no longer names one, and reads
    /// without model rules.
    @inline(__always)
    func isLive(frame: Int) -> Bool {
        frame >= 0 && frame < frames.count
    }

    /// A type's name from the process's cache, for words made after the decode (`PendingIssues`).
    static func sharedTypeName(_ type: Any.Type) -> String {
        sharedTypeNames.value(for: type) { CodableKit.typeName(type) }
    }

    func typeName(_ type: Any.Type) -> String {
        typeNames.value(for: ObjectIdentifier(type)) {
            Self.sharedTypeNames.value(for: type) { CodableKit.typeName(type) }
        }
    }

    // MARK: Paths

    /// `body` with `component` on the coding path: pushed before it runs, popped however it
    /// ends. The one way the decoder moves down the path (as Foundation's `with(value:path:)`).
    @inline(__always)
    func at<R>(_ component: PathComponent, _ body: () throws -> R) rethrows -> R {
        path.append(component)
        defer { path.removeLast() }
        return try body()
    }

    /// `body` with `components` on the coding path (a hand-written `init(from:)`'s nested keys).
    @inline(__always)
    func at<R>(_ components: [PathComponent], _ body: () throws -> R) rethrows -> R {
        path.append(contentsOf: components)
        defer { path.removeLast(components.count) }
        return try body()
    }

    /// The first `depth` keys of the path, then `key`. A container kept past its decode
    /// asks for more keys than the path still has (it is empty once the decode ends):
    /// it gets those there are.
    func codingPath(depth: Int, appending key: PathComponent? = nil) -> [any CodingKey] {
        var keys: [any CodingKey] = (0 ..< min(depth, path.count)).map { path[$0].codingKey }
        if let key { keys.append(key.codingKey) }
        return keys
    }

    // MARK: Containers handed out

    /// The pool of `KeyedContainer<Key>` boxes for this decode.
    @inline(__always)
    func containerPool<Key: CodingKey>(for _: Key.Type) -> Unmanaged<KeyedContainerPool> {
        let pool = containerPools.value(for: ObjectIdentifier(Key.self)) {
            let pool = KeyedContainerPool()
            poolList.append(pool)
            // Safety: `poolList` holds the pool until the session ends.
            return Unmanaged.passUnretained(pool)
        }
        return pool
    }

    /// Empties every pool (their boxes hold the decoder, which holds this session), once
    /// every container someone still holds is detached.
    func releaseContainers() {
        while handouts.count > 0 { checkHandouts(of: handouts.last.frame) }
        for pool in poolList { pool.releaseAll() }
        ended = true
    }

    // MARK: The stack guard

    /// Stops decoding while the stack still has room for the error path.
    /// - Throws: `DecodingAbort` wrapping `DecodingError.dataCorrupted` with the path.
    /// An address outside the thread's stack (AddressSanitizer keeps locals on a heap
    /// "fake stack") says nothing about the stack, and stops nothing.
    @inline(__always)
    func checkStack() throws {
        guard let stackRange else { return }
        let address = StackGuard.currentAddress()
        guard address < stackRange.lowerBound, address + StackGuard.reserve >= stackRange.lowerBound else { return }
        throw DecodingAbort(error: .dataCorrupted(.init(
            codingPath: Self.elided(codingPath(depth: path.count)),
            debugDescription: "Nesting too deep for this thread's stack at \(path.count) levels: decoding stopped with \(StackGuard.reserve / 1024) KB of stack left. Decode on a thread with a larger stack, or lower DecodingOptions.maxDepth.")))
    }

    /// A path of thousands of keys, as a too-deep document has, with its middle replaced by
    /// one key that counts what was left out (`…1489 keys…`): its printed error would
    /// otherwise run to pages, and the ends are what locate it.
    static func elided(_ path: [any CodingKey], keeping ends: Int = 12) -> [any CodingKey] {
        guard path.count > 3 * ends else { return path }
        let left = path.count - 2 * ends
        return Array(path.prefix(ends)) + [AnyCodingKey(stringValue: "…\(left) keys…")]
            + Array(path.suffix(ends))
    }

    // MARK: Value rules of the frame

    /// The model's own transformer for the property in `site`, if it has one.
    @inline(__always)
    func valueRule(for site: PropertySite) -> (any ValueTransformable)? {
        hasValueRules(site) ? frames[site.frame].info!.valueRules[site.key] : nil
    }

    /// Whether the model of the property in `site` has transformers at all: asked for
    /// every property before `valueRule`, whose optional existential, even nil, had a
    /// cost of its own.
    @inline(__always)
    func hasValueRules(_ site: PropertySite) -> Bool {
        isLive(frame: site.frame) && frames[site.frame].hasValueRules
    }

    // MARK: Routes

    @inline(__always)
    func route<T>(_: T.Type) -> Route {
        routes.value(for: ObjectIdentifier(T.self)) { Route.of(T.self, hint: hint) }
    }
}

/// A keyed container handed out in a frame: the pool that holds its box, and where.
struct Handout {
    let pool: Unmanaged<KeyedContainerPool>
    let index: Int
    let frame: Int
}

/// The value the next model starts from in update mode, with a flag read per object.
struct PendingBase {
    var isSet: Bool
    var value: Any?
}

/// The next `DecodingSession.id`.
private let nextDecodeID = Atomic<UInt>(1)
