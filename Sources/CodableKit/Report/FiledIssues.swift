/// The repairs of one decode, as they are filed.
///
/// Each issue's path is copied onto one list of steps shared by all of them (`FiledPaths`:
/// plain numbers), not into an array of its own: allocating that array (through the
/// standard library's generic, unspecialized path) was much of a repair's cost. Each issue
/// gets its path, a slice of that list's components, when the report's issues are first read.
///
/// An issue is filed as what it is (`FiledIssue`: the problem, the types) and put
/// into words — type names, its kind, its detail — when they are taken, all at once:
/// done at each repair, that code ran between decoding loops and pushed them out of
/// the instruction cache.
///
/// A property's repair to its initial value for a value missing, null or of the wrong kind,
/// and a scalar converted to its type (`"27"` → `Int`) — what dirty data files by the
/// thousand — are filed as a few plain values (`Entry`): what it was for, the node found and
/// the node of its key, the types. Any other issue is
/// kept whole (`Filed`), and its entry says where.
///
/// At most `limit` issues are kept (`DecodingOptions.reportLimit`, else
/// `DecodingReport.defaultLimit`); the rest are only counted (`omitted`), so a payload of a
/// million bad values costs a counter, not a million paths.
struct FiledIssues {
    fileprivate struct Entry {
        /// What the repair was for; nil for an issue kept whole (in `filed`).
        var reason: PlainReason?
        /// The value found (`mismatch`, `outOfRange`), the issue's index in `filed` (`filed`), or -1.
        var node: Int
        /// The node of the found value's key where it may not be the property's name (`take`
        /// compares; a planned field's is kept only where it differs), or -1.
        var keyNode: Int
        /// The type the property was read as (`Any` where no words name it: a planned field's
        /// missing key or null).
        var expected: Any.Type
        var owner: Any.Type?
        /// Where the issue's path ends in `paths` (its steps); it starts where the previous one's ends.
        var pathEnd: Int
        /// The issue's `PendingIssues.Texts`, for the few that have any (set by `take`), or -1.
        var texts = -1
    }

    private struct Filed {
        var what: FiledIssue
        var owner: Any.Type?
        /// Said beyond what `what` says.
        var detail: String?
        var fallback: Fallback?
        var jsonKey: String?
    }

    /// What a repaired property got.
    enum Fallback {
        case initialValue
        /// The type's empty value, in words (`""`, `0`, `[]`).
        case emptyValue(String)

        var words: String {
            switch self {
            case .initialValue: "kept the initial value"
            case let .emptyValue(value): "used the empty value \(value)"
            }
        }
    }

    private var paths = FiledPaths()
    private var entries: [Entry] = []
    private var filed: [Filed] = []
    /// The call's limit (nil: the app-wide one), and the limit in force: 0 until the first
    /// issue reads it (a clean decode never does).
    private let callLimit: Int?
    private var limit = 0
    private var limitRead = false
    /// Issues filed past the limit: counted, not kept.
    private(set) var omitted = 0

    init(limit: Int? = nil) {
        callLimit = limit
    }

    /// Whether the next issue is kept; if not, it is counted.
    @inline(__always)
    private mutating func keepsNext() -> Bool {
        if entries.count < limit { return true }
        return keepsNextPastLimit()
    }

    @inline(never)
    private mutating func keepsNextPastLimit() -> Bool {
        if !limitRead {
            limitRead = true
            limit = max(callLimit ?? DecodingReport.defaultLimit, 0)
            if entries.count < limit { return true }
        }
        omitted += 1
        return false
    }
    /// The document the entries' nodes are in: the decode's (a value in JSON nested in a
    /// string, from a document of its own, is kept whole).
    private var document: JSONDocument?

    /// Files an issue at the first `depth` components of `path` (those there are, for a
    /// container kept past its decode), then `key` if given, belonging to `owner` (nil: the root).
    mutating func file(_ what: FiledIssue, path: borrowing Stack<PathComponent>, depth: Int, key: PathComponent?,
                       owner: Any.Type?, detail: String?, fallback: Fallback? = nil, jsonKey: String? = nil) {
        guard keepsNext() else { return }
        appendPath(path, depth: depth, element: nil, key: key)
        entries.append(Entry(reason: nil, node: filed.count, keyNode: -1, expected: Any.self, owner: nil, pathEnd: paths.count))
        if filed.count == filed.capacity { filed.reserveCapacity(max(16, filed.count * 4)) }  // as `reserveForMore`
        filed.append(Filed(what: what, owner: owner, detail: detail, fallback: fallback, jsonKey: jsonKey))
    }

    /// What a property's issue was, as an entry keeps it: a repair to its initial value for a
    /// missing key, a null, or the value at a node that is not of the kind asked for; or
    /// that value converted to the property's type (`"27"` → `Int`).
    enum PlainReason: UInt8 {
        case missing, null, mismatch, outOfRange, converted

        /// Whether `take` puts it into words (a found value; the kind converted from), which
        /// name the type read (`Entry.expected`).
        var hasWords: Bool { self == .mismatch || self == .outOfRange || self == .converted }

        /// The problem a repair stands for, of a value of type `expected` (`found`: the node of
        /// the value found, or -1): what `plainReason` makes it again. Nil for a conversion.
        func problem(found: Int, expected: Any.Type, in document: JSONDocument) -> DecodingProblem? {
            switch self {
            case .missing: DecodingProblem(reason: .missing, expected: expected)
            case .null: DecodingProblem(reason: .null, expected: expected)
            case .mismatch: DecodingProblem(reason: .mismatch(found: FoundValue(node: found, in: document)), expected: expected)
            case .outOfRange: DecodingProblem(reason: .outOfRange(found: FoundValue(node: found, in: document)), expected: expected)
            case .converted: nil
            }
        }
    }

    /// `problem` as a plain reason and the node of the value found (-1: none); nil for a
    /// problem that says more (how the value was read, a plugin's words): kept whole.
    static func plainReason(of problem: DecodingProblem, in document: JSONDocument?) -> (PlainReason, Int)? {
        guard problem.reading == nil else { return nil }
        switch problem.reason {
        case .missing: return (.missing, -1)
        case .null: return (.null, -1)
        case let .mismatch(found): return document.flatMap(found.node(in:)).map { (.mismatch, $0) }
        case let .outOfRange(found): return document.flatMap(found.node(in:)).map { (.outOfRange, $0) }
        default: return nil
        }
    }

    /// Files the repair of the property at `key` (or `field`'s key in its plan) — under the
    /// element at index `element` of the path's first `depth` components, if given — to its
    /// initial value for `reason` (or its conversion), with the value found at `node` of `document` (-1: none)
    /// under the key at `keyNode` (-1: none). False, with nothing filed, when the entries keep
    /// the nodes of another document and a node would be kept (see `document`): the issue is
    /// then kept whole.
    mutating func filePlain(_ reason: PlainReason, node: Int, expected: Any.Type, path: borrowing Stack<PathComponent>,
                            depth: Int, element: Int?, key: PathComponent?, field: (plan: FieldPlan, index: Int)? = nil,
                            owner: Any.Type?, keyNode: Int, in document: JSONDocument?) -> Bool {
        if keyNode >= 0 || node >= 0 {
            guard let document, self.document == nil || self.document === document else { return false }
            if self.document == nil { self.document = document }
        }
        guard keepsNext() else { return true }
        appendPath(path, depth: depth, element: element, key: key, field: field)
        entries.append(Entry(reason: reason, node: node, keyNode: keyNode, expected: expected, owner: owner, pathEnd: paths.count))
        return true
    }

    private mutating func appendPath(_ path: borrowing Stack<PathComponent>, depth: Int, element: Int?, key: PathComponent?,
                                     field: (plan: FieldPlan, index: Int)? = nil) {
        if entries.count == entries.capacity { reserveForMore() }
        paths.append(path, depth: depth, element: element, key: key, field: field)
    }

    /// How many issues are filed, kept or not.
    var count: Int { entries.count + omitted }

    /// Where the filing stands: what `rewind(to:)` goes back to.
    struct Mark: Equatable {
        fileprivate let entries: Int
        fileprivate let filed: Int
        fileprivate let steps: Int
        fileprivate let omitted: Int
    }

    var mark: Mark { Mark(entries: entries.count, filed: filed.count, steps: paths.count, omitted: omitted) }

    /// Takes back every issue filed since `mark` (by a flat element that is then decoded again
    /// with its place on the path, see `decodeFlat`).
    mutating func rewind(to mark: Mark) {
        omitted = mark.omitted
        guard entries.count > mark.entries else { return }
        filed.removeSubrange(mark.filed...)
        paths.removeSteps(from: mark.steps)
        entries.removeSubrange(mark.entries...)
    }

    /// Room for more issues: a few dozen at the first, since dirty data seldom has one alone,
    /// then four times as many each time, where an append doubles: dirty data files
    /// thousands, and each growth copies them all.
    @inline(never)
    private mutating func reserveForMore() {
        entries.reserveCapacity(max(32, entries.count * 4))
    }

    /// The issues filed, in order, for a report; nil when there are none. What needs the
    /// decode's document or session is made now — an issue kept whole in words, a found
    /// value's words, a JSON key that differs from the property's name — and the rest when
    /// the report's issues are first read (`PendingIssues`): a report no one reads costs
    /// little more than its filing, and none keeps the document.
    mutating func take(typeName: (Any.Type) -> String) -> PendingIssues? {
        let omitted = self.omitted
        defer { entries = []; paths = FiledPaths(); filed = []; self.document = nil; self.omitted = 0 }
        let count = entries.count
        guard count + omitted > 0 else { return nil }
        // Set when an entry keeps a node (`filePlain`), which each read below follows.
        let document = self.document
        var wholes: [DecodingIssue] = []
        wholes.reserveCapacity(filed.count)
        // Room for the texts at once: an array grown from nothing by appends reallocates (and
        // copies) a dozen times for a dirty payload's thousand.
        var texts: [PendingIssues.Texts] = []
        var withTexts = 0
        for index in 0 ..< count where entries[index].keyNode >= 0 || entries[index].reason?.hasWords != false { withTexts += 1 }
        texts.reserveCapacity(withTexts)
        var start = 0
        for index in 0 ..< count {
            let end = entries[index].pathEnd
            // Read in place: a copy of the entry is an outlined copy of its two metatypes.
            let (reason, node, keyNode) = (entries[index].reason, entries[index].node, entries[index].keyNode)
            if keyNode < 0, reason?.hasWords == false {  // nothing to put in words (most repairs)
                start = end
                continue
            }
            var text = PendingIssues.Texts()
            switch reason {
            case nil:
                let whole = filed[node]
                let (kind, detail) = whole.what.words(detail: whole.detail, typeName: typeName)
                text.whole = wholes.count
                wholes.append(DecodingIssue(components: ArraySlice((start ..< end).map(paths.component(at:))), kind: kind,
                                            modelType: whole.owner.map(typeName) ?? "(root)", detail: detail,
                                            outcome: whole.fallback?.words, jsonKey: whole.jsonKey))
            case .mismatch?, .outOfRange?:
                text.found = document!.summary(of: node)
            case .converted?:
                text.found = document!.kindName(of: node)
            case .missing?, .null?:
                break
            }
            // The key the value was read from, when it is not what the path calls the property
            // (the path's last component): the JSON key a strategy or a mapping renamed.
            if keyNode >= 0, case let .key(name) = paths.component(at: end - 1), !document!.textEquals(keyNode, name) {
                text.jsonKey = document!.string(keyNode)
            }
            if text.whole >= 0 || text.found != nil || text.jsonKey != nil {
                entries[index].texts = texts.count
                texts.append(text)
            }
            start = end
        }
        return PendingIssues(entries: entries, texts: texts, wholes: wholes, paths: paths.settled, omitted: omitted)
    }

    /// A repair filed as an `Entry`, in words: what `DecodingProblem.issueKind` and `detail`
    /// make of its problem (which has no `reading`: nothing more to say), without making it;
    /// a conversion as `FiledIssue.words` puts `converted` (no outcome: the value was kept).
    fileprivate static func repair(_ entry: Entry, texts: PendingIssues.Texts, components: ArraySlice<PathComponent>) -> DecodingIssue {
        let kind: DecodingIssue.Kind = switch entry.reason {
        case .mismatch?, .outOfRange?: .typeMismatch(expected: TypeCaches.sharedTypeName(entry.expected), found: texts.found ?? "")
        case .converted?: .converted(from: texts.found ?? "", to: TypeCaches.sharedTypeName(entry.expected))
        case .null?: .valueWasNull
        case .missing?, nil: .keyNotFound
        }
        return DecodingIssue(components: components, kind: kind, modelType: entry.owner.map(TypeCaches.sharedTypeName) ?? "(root)",
                             outcome: entry.reason == .converted ? nil : keptInitialValue, jsonKey: texts.jsonKey)
    }

    fileprivate static let keptInitialValue = Fallback.initialValue.words
}

/// What an issue is, as the repair stage files it.
enum FiledIssue {
    /// A value replaced (a property's fallback, the root's empty value): the problem says which kind.
    case problem(DecodingProblem)
    /// A value converted to `type` (`target` names it when not the type's name).
    case converted(from: String, to: Any.Type, target: String?)
    /// An issue already in words.
    case kind(DecodingIssue.Kind)

    /// The issue's kind and detail (`detail`, what the filer added, after the problem's own).
    func words(detail: String?, typeName: (Any.Type) -> String) -> (DecodingIssue.Kind, String?) {
        switch self {
        case let .problem(problem):
            guard let detail else { return (problem.issueKind(typeName: typeName), problem.detail) }
            return (problem.issueKind(typeName: typeName), problem.detail.map { $0 + "; " + detail } ?? detail)
        case let .converted(kind, type, target):
            return (.converted(from: kind, to: target ?? typeName(type)), detail)
        case let .kind(kind):
            return (kind, detail)
        }
    }
}

/// A decode's issues as `take` left them, made into `DecodingIssue`s when the report's
/// issues are first read, once, whichever thread reads them (a log handler, the caller).
/// Holds plain values, strings and types only: never the document or the session.
final class PendingIssues: @unchecked Sendable {  // immutable but for `made`, which `made` guards
    /// What `take` made of an entry that has any: its words kept whole, or a repair's found
    /// value (a conversion's kind converted from) and JSON key (most repairs have none: a
    /// missing key, a null).
    struct Texts {
        var whole = -1
        var found: String?
        var jsonKey: String?
    }

    private let entries: [FiledIssues.Entry]
    private let texts: [Texts]
    private let wholes: [DecodingIssue]
    private let paths: FiledPaths
    /// Issues past the report's limit, counted and not kept.
    let omitted: Int
    /// Behind `Locked` (a pthread mutex, which ThreadSanitizer follows; it does not see the
    /// futex under `Synchronization.Mutex` on Linux order the cache's accesses).
    private let made = Locked<[DecodingIssue]?>(nil)

    fileprivate init(entries: [FiledIssues.Entry], texts: [Texts], wholes: [DecodingIssue], paths: FiledPaths, omitted: Int) {
        self.omitted = omitted
        self.entries = entries
        self.texts = texts
        self.wholes = wholes
        self.paths = paths
    }

    var count: Int { entries.count }

    /// The issues, in order (made at the first call).
    var issues: [DecodingIssue] {
        made.withLock { made in
            if let made { return made }
            let components = paths.components()
            let issues = [DecodingIssue](unsafeUninitializedCapacity: entries.count) { issues, initialized in
                var start = 0
                for index in entries.indices {
                    let end = entries[index].pathEnd
                    let text = entries[index].texts >= 0 ? texts[entries[index].texts] : Texts()
                    let issue = text.whole >= 0 ? wholes[text.whole]
                        : FiledIssues.repair(entries[index], texts: text, components: components[start ..< end])
                    // Safety: one issue per entry, at its index, below the capacity of `entries.count`.
                    (issues.baseAddress! + index).initialize(to: issue)
                    initialized = index + 1
                    start = end
                }
            }
            made = issues
            return issues
        }
    }
}