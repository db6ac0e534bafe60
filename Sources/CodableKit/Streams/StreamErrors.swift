/// Errors and skipped values of the stream decoders.
enum StreamErrors {
    /// `error` with where it happened in the stream said first (its case and path unchanged:
    /// the path is the value's own, as decoding that value alone gives).
    static func at(line: Int, _ error: DecodingError) -> DecodingError {
        mapping(error) {
            .init(codingPath: $0.codingPath, debugDescription: "Line \(line): " + $0.debugDescription, underlyingError: $0.underlyingError)
        }
    }

    /// `error`, its context changed by `change`.
    private static func mapping(_ error: DecodingError, _ change: (DecodingError.Context) -> DecodingError.Context) -> DecodingError {
        switch error {
        case let .typeMismatch(type, context): return .typeMismatch(type, change(context))
        case let .valueNotFound(type, context): return .valueNotFound(type, change(context))
        case let .keyNotFound(key, context): return .keyNotFound(key, change(context))
        case let .dataCorrupted(context): return .dataCorrupted(change(context))
        @unknown default: return error
        }
    }

    /// `error` from decoding a batch of elements as one array: its first path component
    /// (the index in the batch) made the index in the whole array (`base` more), under `path`.
    static func reindexed(_ error: DecodingError, by base: Int, under path: [any CodingKey]) -> DecodingError {
        mapping(error) { context in
            var keys = context.codingPath
            if let first = keys.first, let index = first.intValue { keys[0] = AnyCodingKey(index: base + index) }
            return .init(codingPath: path + keys, debugDescription: context.debugDescription, underlyingError: context.underlyingError)
        }
    }

    /// `report` from decoding a batch of elements as one array, its paths made the whole
    /// array's as `reindexed` makes an error's.
    static func rebased(_ report: DecodingReport, by base: Int, under path: [String]) -> DecodingReport {
        var report = report
        // Taken out once and put back once: `issues` is computed (put into words when first
        // read), so setting through it per issue copied every issue per issue.
        var issues = report.issues
        let prefix = path.map(PathComponent.key)
        for index in issues.indices {
            var components = Array(issues[index].components)
            if case let .index(first)? = components.first { components[0] = .index(base + first) }
            issues[index].components = ArraySlice(prefix + components)
        }
        report.issues = issues
        return report
    }

    /// A line tolerant mode left out of a stream, in a report `DecodingLog` receives.
    static func recordSkipped(line: Int, _ type: Any.Type, _ error: DecodingError) {
        var issue = DecodingIssue(path: "line \(line)", kind: .elementDropped, modelType: typeName(type))
        issue.detail = "\(error)"
        var report = DecodingReport(issues: [issue])
        report.line = line
        DecodingLog.deliver(report, modelType: typeName(type))
    }
}
