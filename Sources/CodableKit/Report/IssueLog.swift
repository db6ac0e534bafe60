/// The repairs of one decode, as they are filed.
///
/// Each issue's path is copied onto one list of path components shared by all of
/// them, not into an array of its own: allocating that array (through the standard
/// library's generic, unspecialized path) was a sixth of a repair's cost. The issues
/// are made, sharing the list, when the report is.
struct IssueLog {
    private var paths: [PathComponent] = []
    private var entries: [Entry] = []

    private struct Entry {
        /// Where this issue's path ends in `paths`; it starts where the previous one ends.
        let pathEnd: Int
        let kind: DecodingIssue.Kind
        let modelType: String
        let detail: String?
    }

    /// Files an issue at the first `depth` components of `path`, then `key` if given.
    mutating func file(_ kind: DecodingIssue.Kind, path: borrowing Stack<PathComponent>, depth: Int, key: PathComponent?,
                       modelType: String, detail: String?) {
        path.appendPrefix(depth, to: &paths)
        if let key { paths.append(key) }
        entries.append(Entry(pathEnd: paths.count, kind: kind, modelType: modelType, detail: detail))
    }

    /// The issues filed so far, in order.
    var issues: [DecodingIssue] {
        var start = 0
        return entries.map { entry in
            defer { start = entry.pathEnd }
            return DecodingIssue(components: paths[start ..< entry.pathEnd], kind: entry.kind,
                                 modelType: entry.modelType, detail: entry.detail)
        }
    }
}
