import CodableKit

extension DecodingOptions {
    /// Options whose reports keep every issue: for tests that count or compare thousands of
    /// repairs (a report keeps its first `DecodingReport.defaultLimit` otherwise).
    public static var keepingEveryIssue: DecodingOptions {
        var options = DecodingOptions()
        options.reportLimit = .max
        return options
    }
}
