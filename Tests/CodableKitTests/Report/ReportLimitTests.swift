import Foundation
import Testing
@testable import CodableKit

/// What a decode keeps about its input is bounded whatever the input holds: a report keeps
/// its first issues and counts the rest, while every value is still repaired.
/// Serialized: one test changes the app-wide default.
@Suite(.serialized) struct ReportLimitTests {
    struct Row: CodableModel, Equatable {
        var id = 0
        var values: [Int] = []
    }

    /// `{"id": 1, "values": [null, …, 7]}`: `nulls` nulls, each an element dropped and recorded.
    static func row(nulls: Int) -> Data {
        Data((#"{"id": 1, "values": ["# + String(repeating: "null,", count: nulls) + "7]}").utf8)
    }

    @Test func aMillionRepairsKeepTheFirstThousandAndCountTheRest() throws {
        #expect(DecodingReport.defaultLimit == 1000)
        let (row, report) = try Row.decodeWithReport(from: Self.row(nulls: 1_000_000))
        #expect(row == Row(id: 1, values: [7]))
        #expect(report.issues.count == 1000)
        #expect(report.omittedIssueCount == 999_000)
        #expect(!report.isClean)
        #expect(report.issues.first?.path == "values[0]")
        #expect(report.issues.last?.path == "values[999]")
        let text = report.description
        #expect(text.hasPrefix("DecodingReport: 1000000 repairs\n"))
        #expect(text.hasSuffix("\n… and 999000 more"))
    }

    @Test func aCallSetsItsOwnLimit() throws {
        var options = DecodingOptions()
        options.reportLimit = 3
        let (row, report) = try ModelDecoder(options: options).decodeWithReport(Row.self, from: Self.row(nulls: 10))
        #expect(row.values == [7])
        #expect(report.issues.map(\.path) == ["values[0]", "values[1]", "values[2]"])
        #expect(report.omittedIssueCount == 7)
        options.reportLimit = 0
        let (_, none) = try ModelDecoder(options: options).decodeWithReport(Row.self, from: Self.row(nulls: 10))
        #expect(none.issues.isEmpty)
        #expect(none.omittedIssueCount == 10)
        #expect(!none.isClean)
        #expect(none.description == "DecodingReport: 10 repairs\n… and 10 more")
        options.reportLimit = 100
        let (_, all) = try ModelDecoder(options: options).decodeWithReport(Row.self, from: Self.row(nulls: 10))
        #expect(all.issues.count == 10)
        #expect(all.omittedIssueCount == 0)
        #expect(!all.description.contains("more"))
    }

    @Test func theAppWideDefaultAppliesWhereTheCallSetsNone() throws {
        let saved = DecodingReport.defaultLimit
        defer { DecodingReport.defaultLimit = saved }
        DecodingReport.defaultLimit = 5
        let (_, report) = try Row.decodeWithReport(from: Self.row(nulls: 8))
        #expect(report.issues.count == 5)
        #expect(report.omittedIssueCount == 3)
        var options = DecodingOptions()
        options.reportLimit = 8
        let (_, own) = try ModelDecoder(options: options).decodeWithReport(Row.self, from: Self.row(nulls: 8))
        #expect(own.issues.count == 8)
        #expect(own.omittedIssueCount == 0)
    }

    /// Rewriting a report's issues (as the stream decoders do, to put each element's index
    /// in its paths) keeps the count of those left out.
    @Test func rewrittenIssuesKeepTheOmittedCount() throws {
        var options = DecodingOptions()
        options.reportLimit = 2
        var (_, report) = try ModelDecoder(options: options).decodeWithReport(Row.self, from: Self.row(nulls: 5))
        report.issues = report.issues.map { issue in
            var issue = issue
            issue.components = ArraySlice([PathComponent.key("batch")] + issue.components)
            return issue
        }
        #expect(report.issues.map(\.path) == ["batch.values[0]", "batch.values[1]"])
        #expect(report.omittedIssueCount == 3)
        #expect(report.description.hasSuffix("… and 3 more"))
    }

    /// A declared model's planned fields file their repairs through the same limit.
    struct Planned: SynthesizedCodable, Equatable {
        var a = 0
        var b = ""
    }

    @Test func plannedRepairsAreCountedPastTheLimitToo() throws {
        let json = "[" + Array(repeating: #"{"a": "x", "b": null}"#, count: 2_000).joined(separator: ",") + "]"
        var options = DecodingOptions()
        options.reportLimit = 10
        for _ in 0 ..< 2 {  // the second decode with the type's plan learned
            let (values, report) = try ModelDecoder(options: options).decodeWithReport([Planned].self, from: Data(json.utf8))
            #expect(values.count == 2_000 && values.allSatisfy { $0 == Planned() })
            #expect(report.issues.count == 10)
            #expect(report.omittedIssueCount == 3_990)
            #expect(report.issues.map(\.path).prefix(2) == ["[0].a", "[0].b"])
        }
    }
}
