/// Every repair made while decoding one payload.
///
/// ```swift
/// let (feed, report) = try Feed.decodeWithReport(from: data)
/// if !report.isClean { print(report) }
/// ```
public struct DecodingReport: Sendable, CustomStringConvertible {
    /// The repairs, in the order they were made: every one, or the first `reportLimit` of
    /// them when there were more (`omittedIssueCount` says how many more).
    public var issues: [DecodingIssue] {
        get { pending?.issues ?? written }
        set {
            writtenOmitted = omittedIssueCount  // the count of those left out stays
            written = newValue
            pending = nil
        }
    }
    private var written: [DecodingIssue]
    /// A decode's issues, put into words when first read (see `PendingIssues`).
    private var pending: PendingIssues?
    /// Repairs made past the report's limit (`DecodingOptions.reportLimit`,
    /// `DecodingReport.defaultLimit`): counted, not kept.
    public var omittedIssueCount: Int {
        get { pending?.omitted ?? writtenOmitted }
        set {
            written = issues
            pending = nil
            writtenOmitted = newValue
        }
    }
    private var writtenOmitted = 0
    /// Why decoding failed as a whole (malformed input, a missing designated path), if it did.
    public var failure: String?
    /// Where a document still arriving ended (`ModelDecoder.decodePartial`), such as
    /// `line 1, column 16`: what would have followed is missing from the value.
    public var endedEarly: String?
    /// The line of a JSON Lines stream (`ModelDecoder.lines(of:from:)`) whose repairs these
    /// are, counted from 1; nil for a report of a whole document.
    public var line: Int?

    /// A report, as a plugin or a test might build one.
    public init(issues: [DecodingIssue] = [], failure: String? = nil) {
        written = issues
        self.failure = failure
    }

    /// The report of a decode whose issues `FiledIssues.take` left.
    init(pending: PendingIssues?) {
        written = []
        self.pending = pending
    }

    /// No repair was needed and nothing failed.
    public var isClean: Bool { issueCount == 0 && failure == nil && endedEarly == nil }

    /// How many issues there were, kept or not, without putting them into words.
    var issueCount: Int { (pending?.count ?? written.count) + omittedIssueCount }

    /// How many issues a report keeps when the call sets no `DecodingOptions.reportLimit`:
    /// 1,000 unless the app sets another. A decode reads it when it files its first issue.
    /// Thread-safe.
    ///
    /// ```swift
    /// DecodingReport.defaultLimit = 100   // a server that logs every report
    /// ```
    public static var defaultLimit: Int {
        get { limit.withLock { $0 } }
        set { limit.withLock { $0 = newValue } }
    }
    private static let limit = Locked(1000)

    /// A tree of the repairs, grouped by model, in the order they happened.
    public var description: String {
        if isClean { return "DecodingReport: clean" }
        let total = issueCount
        var lines = ["DecodingReport: \(total) repair\(total == 1 ? "" : "s")" + (line.map { " on line \($0)" } ?? "")]
        if let failure { lines.append("failed: \(failure)") }
        if let endedEarly { lines.append("ended early at \(endedEarly): what follows is missing") }
        var groups: [(model: String, issues: [DecodingIssue])] = []
        var groupOf: [String: Int] = [:]
        for issue in issues {
            if let index = groupOf[issue.modelType] {
                groups[index].issues.append(issue)
            } else {
                groupOf[issue.modelType] = groups.count
                groups.append((issue.modelType, [issue]))
            }
        }
        for (groupIndex, group) in groups.enumerated() {
            let lastGroup = groupIndex == groups.count - 1
            lines.append((lastGroup ? "└─ " : "├─ ") + group.model)
            for (index, issue) in group.issues.enumerated() {
                let branch = index == group.issues.count - 1 ? "└─ " : "├─ "
                lines.append((lastGroup ? "   " : "│  ") + branch + "\(issue.place): \(issue.summary)")
            }
        }
        if omittedIssueCount > 0 { lines.append("… and \(omittedIssueCount) more") }
        return lines.joined(separator: "\n")
    }
}
