import Foundation
import Testing
@testable import CodableKit

/// What the stream decoders deliver to `DecodingLog`: in `DecodingLogTests`' serialized
/// suite, since handlers are app-wide.
extension DecodingLogTests {
    struct StreamLogProbe: Codable, Equatable { var x: Int }

    /// The report of one element names it by its index in the whole array and the
    /// designated path, however the bytes were cut into chunks.
    @Test func elementReportsNameTheElementInTheWholeArray() async throws {
        let received = Locked([String]())
        DecodingLog.onReport { report in
            for issue in report.issues where issue.path.hasPrefix("feed.entries") {
                received.withLock { $0.append(issue.path) }
            }
        }
        defer { DecodingLog.removeAllHandlers() }
        let bytes = Array(#"{"feed": {"entries": [{"x": 1}, {"x": 2}, "junk", {"x": "4"}]}}"#.utf8)
        for cut in 0 ... bytes.count {
            received.withLock { $0.removeAll() }
            let values = try await StreamTests.collect(ModelDecoder().elements(of: StreamLogProbe.self, from: StreamTests.chunks(bytes, cuts: [cut]),
                                                                               designatedPath: "feed.entries"))
            #expect(values.map(\.x) == [1, 2, 4])
            #expect(received.withLock { $0 } == ["feed.entries[2]", "feed.entries[3].x"], "cut at \(cut)")
        }
        let notAnArray = Array(#"{"feed": {"entries": {"x": 1}}}"#.utf8)
        await #expect(throws: DecodingError.self) {
            try await StreamTests.collect(ModelDecoder().elements(of: StreamLogProbe.self, from: StreamTests.chunks(notAnArray, cuts: [12]),
                                                                  designatedPath: "feed.entries"))
        }
    }
}

extension DecodingLogTests {
    struct StreamLineProbe: CodableModel { var lineProbeValue = 0 }

    /// Each line's repairs, and each line skipped, reach `DecodingLog` in a report that names
    /// the line, however the bytes were cut.
    @Test func lineReportsNameTheLine() async throws {
        let received = Locked([String]())
        DecodingLog.onReport { report in
            for issue in report.issues where issue.modelType.contains("StreamLineProbe") || issue.path.hasPrefix("line ") {
                received.withLock { $0.append("\(report.line.map(String.init) ?? "-"): \(issue.path)") }
            }
        }
        defer { DecodingLog.removeAllHandlers() }
        let text = Array("{\"lineProbeValue\": 1}\n{\"lineProbeValue\": \"2\"}\n\nnot json\n{\"lineProbeValue\": [3]}\n".utf8)
        for cut in [0, 7, 30, text.count] {
            received.withLock { $0.removeAll() }
            let values = try await StreamTests.collect(ModelDecoder().lines(of: StreamLineProbe.self, from: StreamTests.chunks(text, cuts: [cut])))
            #expect(values.map(\.lineProbeValue) == [1, 2, 0])
            #expect(received.withLock { $0 } == ["2: lineProbeValue", "4: line 4", "5: lineProbeValue"], "cut at \(cut)")
        }
        var report = DecodingReport(issues: [DecodingIssue(path: "x", kind: .valueWasNull, modelType: "M")])
        report.line = 7
        #expect(report.description.hasPrefix("DecodingReport: 1 repair on line 7"))
    }
}

extension DecodingLogTests {
    struct DirtyStreamProbe: Codable, Equatable { var x: Int }

    /// A handler that ignores the reports must not make `elements` quadratic: 40,000 repaired
    /// elements take about as long with a handler as without (rebasing a report's paths copied
    /// every issue per issue: 7.5 s instead of 0.35 s for 200,000). Timed against itself, so
    /// that a sanitizer's or a debug build's slowness cancels out.
    @Test func elementsWithAReportHandlerStayLinear() async throws {
        let count = 40_000
        let bytes = Array(("[" + (0 ..< count).map { #"{"x": "\#($0)"}"# }.joined(separator: ",") + "]").utf8)
        func seconds() async throws -> Double {
            let started = ContinuousClock.now
            let values = try await StreamTests.collect(ModelDecoder().elements(of: DirtyStreamProbe.self, from: StreamTests.chunks(bytes, cuts: [bytes.count / 2])))
            #expect(values.count == count && values.last?.x == count - 1)
            let elapsed = ContinuousClock.now - started
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let without = try await seconds()
        DecodingLog.onReport { _ in }
        defer { DecodingLog.removeAllHandlers() }
        let with = try await seconds()
        // Linear: the report costs a fraction of the decode; quadratic: 10^9 issue copies.
        #expect(with < without * 4 + 1, "with a handler \(with) s, without \(without) s")
        // And the report's paths are the whole array's.
        let report = StreamErrors.rebased(DecodingReport(issues: (0 ..< count).map { DecodingIssue(path: "[\($0)].x", kind: .converted(from: "string", to: "Int"), modelType: "M") }),
                                          by: 5, under: ["feed"])
        #expect(report.issues.count == count)
    }
}
