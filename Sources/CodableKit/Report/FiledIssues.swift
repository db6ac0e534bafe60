/// The repairs of one decode, as they are filed.
///
/// Each issue's path is copied onto one list of path components shared by all of
/// them, not into an array of its own: allocating that array (through the standard
/// library's generic, unspecialized path) is much of a repair's cost. Each
/// issue gets its path, a slice of that list, when they are taken for the report.
///
/// An issue is filed as what it is (`FiledIssue`: the problem, the types) and put
/// into words — type names, its kind, its detail — when they are taken, all at once:
/// done at each repair, that code ran between decoding loops and pushed them out of
/// the instruction cache.
struct FiledIssues {
    private struct Entry {
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

    private var paths: [PathComponent] = []
    private var entries: [Entry] = []
    /// Where each issue's path ends in `paths`; it starts where the previous one ends.
    private var pathEnds: [Int] = []

    /// Files an issue at the first `depth` components of `path` (those there are, for a
    /// container kept past its decode), then `key` if given, belonging to `owner` (nil: the root).
    mutating func file(_ what: FiledIssue, path: borrowing Stack<PathComponent>, depth: Int, key: PathComponent?,
                       owner: Any.Type?, detail: String?, fallback: Fallback? = nil, jsonKey: String? = nil) {
        if entries.isEmpty { reserveForMore() }
        path.appendPrefix(min(depth, path.count), to: &paths)
        if let key { paths.append(key) }
        pathEnds.append(paths.count)
        entries.append(Entry(what: what, owner: owner, detail: detail, fallback: fallback, jsonKey: jsonKey))
    }

    /// How many issues are filed.
    var count: Int { entries.count }

    /// Takes back every issue after the first `count` (a planned decode that the model's
    /// own `init(from:)` does again, see `decodePlanned`).
    mutating func keepFirst(_ count: Int) {
        guard entries.count > count else { return }
        paths.removeSubrange((count == 0 ? 0 : pathEnds[count - 1])...)
        pathEnds.removeSubrange(count...)
        entries.removeSubrange(count...)
    }

    /// Room for a few dozen issues at the first: dirty data seldom has one alone, and
    /// growing three arrays from nothing reallocated each of them six times.
    @inline(never)
    private mutating func reserveForMore() {
        paths.reserveCapacity(128)
        entries.reserveCapacity(32)
        pathEnds.reserveCapacity(32)
    }

    /// The issues filed, in order, each in words and with its path (`typeName` names
    /// types); the log keeps none of them.
    ///
    /// Entries are read in place and each issue is made where it ends up: copying each
    /// entry out (its problem, its found value) and each issue in cost as much as the words.
    mutating func take(typeName: (Any.Type) -> String) -> [DecodingIssue] {
        defer { entries = []; pathEnds = []; paths = [] }
        let count = entries.count
        guard count > 0 else { return [] }
        return entries.withUnsafeBufferPointer { entries in
            pathEnds.withUnsafeBufferPointer { pathEnds in
                [DecodingIssue](unsafeUninitializedCapacity: count) { issues, initialized in
                    var start = 0
                    for index in 0 ..< count {
                        let end = pathEnds[index]
                        let entry = entries.baseAddress! + index
                        let (kind, detail) = entry.pointee.what.words(detail: entry.pointee.detail, typeName: typeName)
                        (issues.baseAddress! + index).initialize(to: DecodingIssue(
                            components: paths[start ..< end], kind: kind,
                            modelType: entry.pointee.owner.map(typeName) ?? "(root)", detail: detail,
                            outcome: entry.pointee.fallback?.words, jsonKey: entry.pointee.jsonKey))
                        initialized = index + 1
                        start = end
                    }
                }
            }
        }
    }
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
