/// Everything one decode call shares, as a few named parts it owns: the call's settings,
/// the coding path and the models being decoded, the issues filed, what it learns per type
/// and per field plan, the containers it hands out, and a partial document's cut.
///
/// Its mutable state is `@exclusivity(unchecked)`: a class's stored property is
/// otherwise checked at run time on every access, and these change around every
/// decoded value. The accesses are exclusive by construction — a decode runs on one
/// thread, and each access is a short, strictly nested read or mutation.
final class DecodingSession {
    /// What the call asked for (see `CallSettings`).
    let settings: CallSettings
    /// The mode in force: every problem is an error, with `JSONDecoder`'s case and path —
    /// in strict mode, and in tolerant mode while a type's own `init(from:)` runs its
    /// first, exact pass (see `decodeOwn`). Read wherever a problem is found; set only there.
    @exclusivity(unchecked) var strict: Bool
    /// The coding path, as a stack: pushing a key is an append, and the path is
    /// only turned into text or `[CodingKey]` when something is reported.
    @exclusivity(unchecked) var path = Stack<PathComponent>()
    /// The models (and other keyed types) being decoded, innermost last.
    @exclusivity(unchecked) var frames = Stack<ModelFrame>()
    /// The value the next model starts from in update mode, with a flag read per object.
    @exclusivity(unchecked) private var pending = PendingBase(isSet: false, value: nil)
    /// The repairs recorded so far (when `settings.recordsIssues`).
    @exclusivity(unchecked) var filedIssues = FiledIssues()
    /// Converts each object's keys when `settings.convertsKeys`.
    @exclusivity(unchecked) var keyConverter: KeyConverter
    /// What the decode learns per type (see `TypeCaches`).
    @exclusivity(unchecked) var types = TypeCaches()
    /// What the decode keeps per field plan (see `PlanCaches`).
    @exclusivity(unchecked) var plans = PlanCaches()
    /// The keyed containers handed out, and the member cursors (see `HandedOutContainers`).
    @exclusivity(unchecked) var containers = HandedOutContainers()
    /// Where a partial document was cut (see `PartialCut`).
    var cut = PartialCut()
    /// The models a type's own `init(from:)` decoded in its exact pass (see `ExactPass`).
    @exclusivity(unchecked) var exactPass = ExactPass()

    init(options: DecodingOptions, appliesTransformers: Bool = true, recordsIssues: Bool = true) {
        settings = CallSettings(options: options, appliesTransformers: appliesTransformers, recordsIssues: recordsIssues)
        strict = settings.callIsStrict
        keyConverter = KeyConverter(options.keyDecodingStrategy)
        filedIssues = FiledIssues(limit: options.reportLimit)
    }

    /// The call's options, for what is read rarely (strategies, `userInfo`).
    var options: DecodingOptions { settings.options }
    /// Whether the decode has ended (see `HandedOutContainers.ended`).
    var ended: Bool { containers.ended }

    /// Set just before a model is decoded in update mode: the value it starts from.
    var pendingBase: Any? {
        get { pending.value }
        set { pending = PendingBase(isSet: newValue != nil, value: newValue) }
    }
    /// Whether a base is pending: asked for every nested model, so read from a flag of
    /// its own (testing the optional existential itself makes an outlined copy of it).
    var hasPendingBase: Bool { pending.isSet }

    /// Whether `node` of `document` is the string a partial document was cut inside.
    @inline(__always)
    func isPartial(_ node: Int, in document: JSONDocument?) -> Bool {
        cut.contains(node, in: document)
    }

    /// The value node of `key` in `object`, for a keyed container at `depth`.
    @inline(__always)
    func member(_ key: UnsafeBufferPointer<UInt8>, in object: Int, of document: JSONDocument, depth: Int) -> Int? {
        containers.member(key, in: object, of: document, depth: depth)
    }

    /// The value node of the property `name` in `object`, as a keyed container at `depth`
    /// finds it (`KeyedContainer.lookup`, `PlanKeys.member`): through `table` when keys have
    /// rules or strategies — its first candidate when that is present and not null (most
    /// keys), else `KeyTable.resolve` — and by the name itself otherwise.
    @inline(__always)
    func member(named name: inout String, table: Unmanaged<KeyTable>?, in object: Int, of document: JSONDocument, depth: Int) -> Int? {
        guard let table else { return name.withUTF8 { containers.member($0, in: object, of: document, depth: depth) } }
        // Safety: the session owns its key tables until it ends.
        let (entry, key) = table._withUnsafeGuaranteedRef { $0.firstCandidate(for: name) }
        if let key, let node = containers.member(key, in: object, of: document, depth: depth), document.nodes[node].kind != .null { return node }
        return table._withUnsafeGuaranteedRef { $0.resolve(entry: entry, in: document, object: object, session: self, depth: depth) }
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
        // Safety: the session owns every key table (`TypeCaches`, and each head its `next`).
        if let current, current._withUnsafeGuaranteedRef({ $0.infoIdentity == info }) { return current }
        return keyTable(for: Key.self, info: frame >= 0 ? frames[frame].info : nil)
    }

    /// Whether containers in `frame` resolve keys through a table.
    @inline(__always)
    func hasKeyTable(frame: Int) -> Bool {
        frame >= 0 && frames[frame].hasKeyRules || settings.hasKeyStrategies
    }

    /// `keyTable(for:frame:current:)` once a table is needed: the one for `Key` and `info`.
    func keyTable<Key: CodingKey>(for _: Key.Type, info: ModelInfo?) -> Unmanaged<KeyTable> {
        types.keyTable(for: Key.self, info: info, strategies: settings.keyStrategies)
    }

    @inline(__always)
    func route<T>(_: T.Type) -> Route {
        types.route(T.self)
    }

    func typeName(_ type: Any.Type) -> String {
        types.typeName(type)
    }

    // MARK: Frames

    func pushFrame(_ type: Any.Type, model: (any DecodableModel.Type)?, info: ModelInfo?) {
        if !hasPendingBase {  // the common case, without copying the existential in and out
            frames.append(ModelFrame(type: type, model: model, depth: path.count, info: info, isUpdate: false, fallback: nil))
            return
        }
        let base = pendingBase
        pendingBase = nil
        let fallback = base.flatMap { base in model.map { FallbackSource(base: base, shape: ModelShape.of($0)) } }
        frames.append(ModelFrame(type: type, model: model, depth: path.count, info: info, isUpdate: base != nil, fallback: fallback))
    }

    /// Ends the innermost frame. A keyed container made in it that someone still holds
    /// (a lazy wrapper kept it) is detached first, while its path and frame are here to be
    /// copied (see `DetachedContext`).
    @inline(__always)
    func popFrame() {
        if containers.handouts.count > 0, containers.handouts.last.frame == frames.count - 1 {
            containers.checkHandouts(of: frames.count - 1, in: self)
        }
        frames.removeLast()
    }

    /// Ends the decode: every container still held is detached, and the pools are emptied.
    func releaseContainers() {
        containers.release(in: self)
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

    /// The pool of `KeyedContainer<Key>` boxes for this decode.
    @inline(__always)
    func containerPool<Key: CodingKey>(for _: Key.Type) -> Unmanaged<KeyedContainerPool> {
        containers.pool(for: Key.self)
    }

    // MARK: The stack guard

    /// Stops decoding while the stack still has room for the error path.
    /// - Throws: `DecodingAbort` wrapping `DecodingError.dataCorrupted` with the path.
    /// An address outside the thread's stack (AddressSanitizer keeps locals on a heap
    /// "fake stack") says nothing about the stack, and stops nothing.
    @inline(__always)
    func checkStack() throws {
        guard let stackRange = settings.stackRange else { return }
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

    /// Whether a scalar found as its own kind is read as it is, past the value pipeline: no
    /// transformer of the call or the app is registered by type, and the model that holds it
    /// has no value rules (`valueRules`: its `mappingForValue`, its `@ModelField` transformers;
    /// false for an element or a root value). The one rule for every fast path that reads a
    /// scalar in place: the keyed and single-value containers, collections, planned fields.
    @inline(__always)
    func readsScalarsPlainly(valueRules: Bool) -> Bool {
        !settings.hasTypeTransformers && !valueRules
    }
}

/// The value the next model starts from in update mode, with a flag read per object.
struct PendingBase {
    var isSet: Bool
    var value: Any?
}
