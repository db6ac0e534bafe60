/// The repairs of one decode, as they are filed.
///
/// Each issue's path is copied onto one list of path components shared by all of
/// them, not into an array of its own: allocating that array (through the standard
/// library's generic, unspecialized path) was a sixth of a repair's cost. Each
/// issue gets its path, a slice of that list, when the log is taken for the report.
struct IssueLog {
    private var paths: [PathComponent] = []
    /// The issues, their paths not set yet.
    private var issues: [DecodingIssue] = []
    /// Where each issue's path ends in `paths`; it starts where the previous one ends.
    private var pathEnds: [Int] = []

    /// Files an issue at the first `depth` components of `path`, then `key` if given.
    mutating func file(_ kind: DecodingIssue.Kind, path: borrowing Stack<PathComponent>, depth: Int, key: PathComponent?,
                       modelType: String, detail: String?) {
        if issues.isEmpty { reserveForMore() }
        path.appendPrefix(depth, to: &paths)
        if let key { paths.append(key) }
        pathEnds.append(paths.count)
        issues.append(DecodingIssue(components: [], kind: kind, modelType: modelType, detail: detail))
    }

    /// Room for a few dozen issues at the first: dirty data seldom has one alone, and
    /// growing three arrays from nothing reallocated each of them six times.
    @inline(never)
    private mutating func reserveForMore() {
        paths.reserveCapacity(128)
        issues.reserveCapacity(32)
        pathEnds.reserveCapacity(32)
    }

    /// The issues filed, in order, each with its path; the log keeps none of them.
    /// (Taken, not copied: making each issue anew cost ~450 instructions an issue.)
    mutating func take() -> [DecodingIssue] {
        var taken: [DecodingIssue] = []
        swap(&taken, &issues)
        var start = 0
        for index in taken.indices {
            taken[index].components = paths[start ..< pathEnds[index]]
            start = pathEnds[index]
        }
        return taken
    }
}
