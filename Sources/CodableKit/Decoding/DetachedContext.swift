/// What a container or decoder needs once the decode that made it has moved on: the
/// document, the call's options, its full coding path, and the model it belongs to.
///
/// A decode's containers read the session's shared state — the coding path, the model
/// frames, the member cursors, the container pools — which belong to the decode's one
/// thread and change as it goes. A lazy or deferred-decoding wrapper may keep a container
/// and read it later: after its model's frame has ended (while a sibling decodes, say),
/// after the whole decode, or on other threads at once. Such a container is detached when
/// its frame ends (see `DecodingSession.popFrame`), while the path and the frame are still
/// there to be copied; from then on each of its calls runs in a session of its own, made
/// for that call and dropped after it (`run`). So it reads with its own model's rules and
/// fallbacks, names its whole coding path, throws only `DecodingError`s, shares nothing
/// between threads, and holds no pool that could hold it back (no reference cycle).
///
/// Repairs made by such a call are reported to `DecodingLog`: the decode's own report
/// was delivered when the decode ended.
final class DetachedContext: @unchecked Sendable {  // immutable; `ModelInfo`s are immutable and live for the process
    let document: JSONDocument
    let options: DecodingOptions
    let appliesTransformers: Bool
    /// The coding path to the container's value (a nested container's keys included).
    let path: [PathComponent]
    /// The model frame the container read in, if any: the type, the model, its rules.
    let frameType: Any.Type?
    let model: (any DecodableModel.Type)?
    let info: ModelInfo?

    init(document: JSONDocument, options: DecodingOptions, appliesTransformers: Bool, path: [PathComponent],
         frameType: Any.Type?, model: (any DecodableModel.Type)?, info: ModelInfo?) {
        self.document = document
        self.options = options
        self.appliesTransformers = appliesTransformers
        self.path = path
        self.frameType = frameType
        self.model = model
        self.info = info
    }

    /// What `session` has of a container made at `depth` (its `prefix` included) in
    /// `frame`: called while that path and frame are still the session's.
    convenience init(copying session: DecodingSession, document: JSONDocument, depth: Int, prefix: [PathComponent], frame: Int) {
        var components: [PathComponent] = []
        session.path.appendPrefix(min(max(depth - prefix.count, 0), session.path.count), to: &components)
        self.init(copying: session, document: document, path: components + prefix, frame: frame)
    }

    /// `session`'s options and `frame` (if it is still open), with `path`.
    convenience init(copying session: DecodingSession, document: JSONDocument, path: [PathComponent], frame: Int) {
        let live = frame >= 0 && frame < session.frames.count
        self.init(document: document, options: session.options, appliesTransformers: session.settings.appliesTransformers, path: path,
                  frameType: live ? session.frames[frame].type : nil, model: live ? session.frames[frame].model : nil,
                  info: live ? session.frames[frame].info : nil)
    }

    var codingPath: [any CodingKey] { path.map(\.codingKey) }

    /// `body` with a decoder at `node` in a session of its own, set up as the container's
    /// was: its path pushed, its model's frame open. Whatever `body` returns that still
    /// holds the session (a nested container) is detached before the session is dropped.
    /// - Throws: `DecodingError` only: a problem tolerant mode would have repaired further
    ///   up becomes `JSONDecoder`'s error at the container's path (plus `key`).
    func run<R>(at node: Int, key: PathComponent? = nil, _ body: (DocumentDecoder) throws -> R) throws -> R {
        let session = DecodingSession(options: options, appliesTransformers: appliesTransformers,
                                      recordsIssues: DecodingLog.isListening)
        session.path.append(contentsOf: path)
        let decoder = DocumentDecoder(document: document, session: session, node: node)
        defer {
            session.releaseContainers()
            if session.settings.recordsIssues {
                DecodingLog.deliver(DecodingReport(pending: session.filedIssues.take(typeName: session.typeName)),
                                    modelType: frameType.map(typeName) ?? "a kept container")
            }
        }
        do {
            return try CurrentSession.with(session) {
                guard let frameType else { return try body(decoder) }
                session.pushFrame(frameType, model: model, info: info)
                defer { session.popFrame() }
                return try body(decoder)
            }
        } catch let problem as DecodingProblem {
            throw problem.decodingError(path: problem.path ?? codingPath + (key.map { [$0.codingKey] } ?? []))
        } catch let abort as DecodingAbort {
            throw abort.error
        }
    }
}
