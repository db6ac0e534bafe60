/// The models decoded whole during a type's exact pass (`decodeOwn`), kept for its
/// tolerant pass so that their `init(from:)` and hooks run once per object, as with
/// `JSONDecoder` (DESIGN: a model's own code runs as written).
///
/// A type's own `init(from:)` first runs with `JSONDecoder`'s semantics; if it throws,
/// it runs again with conversions and repairs. A model it reached in the first pass and
/// that decoded without a problem would decode to the same value in the second, so the
/// second pass takes that value instead of running the model's code again. A model whose
/// first pass threw runs again (its code never finished); the models inside it that did
/// finish are taken from here.
///
/// Kept by the `decodeOwn` that started the exact pass, until its value is made; a nested
/// `decodeOwn` in either pass uses the same one. Clean data pays for the keeping, and only
/// a failed pass looks anything up, so keeping is an append to a log per type and
/// document; a log is indexed by node at its first lookup. The same node asked for as
/// another type is another object. A log holds its document, so that a document made for
/// JSON in a string cannot be freed and its identity reused while its models are kept.
struct ExactPass {
    /// Whether a type's own `init(from:)` is in its exact pass or the tolerant pass after it.
    private(set) var isOpen = false
    /// Whether an exact pass has failed since it opened: before that, no model can have been
    /// decoded already, and nothing is looked up.
    private(set) var hasFailed = false
    /// Made at the first model kept.
    private(set) var models: ExactPassModels?

    /// Opened by the outermost `decodeOwn`'s exact pass, and closed by it.
    mutating func open() { isOpen = true }
    mutating func noteFailure() { hasFailed = true }
    mutating func close() { self = ExactPass() }

    /// Keeps `value`, a model decoded whole at `node` of `document` in an exact pass.
    @inline(__always)
    mutating func keep<T>(_ value: T, at node: Int, in document: JSONDocument) {
        if models == nil { models = ExactPassModels() }
        models!.keep(value, at: node, in: document)
    }
}

/// The kept models themselves, by type and document. One decode, on one thread, owns them:
/// their state is `@exclusivity(unchecked)`, as the session's is (a run-time check per access
/// cost more than the append it guards).
final class ExactPassModels {
    private struct LogKey: Hashable {
        let type: ObjectIdentifier
        let document: ObjectIdentifier
    }

    @exclusivity(unchecked) private var logs: [LogKey: KeptModels] = [:]
    /// The log of the last keep: the next model is most often of the same type.
    @exclusivity(unchecked) private var last: (key: LogKey, log: KeptModels)?

    /// The `T` decoded at `node` of `document` in the exact pass, if one was.
    func model<T>(_: T.Type, at node: Int, in document: JSONDocument) -> T? {
        log(T.self, in: document, making: false)?.model(T.self, at: node)
    }

    /// Keeps `value`, decoded at `node` of `document` in the exact pass.
    @inline(__always)
    func keep<T>(_ value: T, at node: Int, in document: JSONDocument) {
        log(T.self, in: document, making: true)!.keep(value, at: node)
    }

    @inline(__always)
    private func log<T>(_: T.Type, in document: JSONDocument, making: Bool) -> KeptModels? {
        let key = LogKey(type: ObjectIdentifier(T.self), document: ObjectIdentifier(document))
        if let last, last.key == key { return last.log }
        return otherLog(T.self, key: key, in: document, making: making)
    }

    @inline(never)
    private func otherLog<T>(_: T.Type, key: LogKey, in document: JSONDocument, making: Bool) -> KeptModels? {
        let found: KeptModels
        if let log = logs[key] {
            found = log
        } else {
            guard making else { return nil }
            found = KeptModels(T.self, document)
            logs[key] = found
        }
        last = (key, found)
        return found
    }
}

/// The models of one type kept from one document, in the order they were decoded.
private final class KeptModels {
    let document: JSONDocument
    private let values: ValueLog
    @exclusivity(unchecked) private var nodes: [Int] = []
    /// Each node's last value, made at the first lookup and kept up to date after it.
    @exclusivity(unchecked) private var byNode: [Int: Int]?

    init<T>(_: T.Type, _ document: JSONDocument) {
        self.document = document
        values = ValueLog(of: T.self)
    }

    @inline(__always)
    func keep<T>(_ value: T, at node: Int) {
        byNode?[node] = values.count
        nodes.append(node)
        values.append(value)
    }

    func model<T>(_: T.Type, at node: Int) -> T? {
        if byNode == nil {
            var index = [Int: Int](minimumCapacity: nodes.count)
            for (position, node) in nodes.enumerated() { index[node] = position }
            byNode = index
        }
        return byNode![node].map { values.value(at: $0, as: T.self) }
    }
}
