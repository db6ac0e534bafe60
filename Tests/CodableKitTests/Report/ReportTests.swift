import Foundation
import Testing
@testable import CodableKit

@Suite struct ReportTests {
    struct Runway: DecodableModel {
        var direction = ""
        var distance = 0
    }

    struct Airport: DecodableModel {
        var name = ""
        var runways: [Runway] = []
    }

    @Test func issuesCarryPathKindAndModel() throws {
        let json = #"[{"name": "A", "runways": [{"direction": "N", "distance": 1}, {"direction": "S", "distance": "far"}]}, {"name": null, "runways": []}]"#
        let (_, report) = try ModelDecoder().decodeWithReport([Airport].self, from: Data(json.utf8))
        #expect(report.issues.map(\.path) == ["[0].runways[1].distance", "[1].name"])
        #expect(report.issues.map(\.kind) == [.typeMismatch(expected: "Int", found: #"a string "far""#), .valueWasNull])
        #expect(report.issues.map(\.modelType) == ["Runway", "Airport"])
        #expect(report.issues[0].description == #"[0].runways[1].distance (Runway): expected Int, found a string "far"; kept the initial value"#)
    }

    /// A report's issues are put into words when first read: the same words however often,
    /// from however many threads, and an issue set on the report replaces them.
    @Test func issuesReadOnceOrManyTimesFromManyThreadsAreTheSame() async throws {
        let json = "[" + (0 ..< 200).map { #"{"name": \#($0 % 3 == 0 ? "null" : "{}"), "runways": [{"direction": 5, "distance": "x"}]}"# }
            .joined(separator: ",") + "]"
        let (_, report) = try ModelDecoder().decodeWithReport([Airport].self, from: Data(json.utf8))
        #expect(!report.isClean)
        let seen = await withTaskGroup(of: [String].self) { group in
            for _ in 0 ..< 8 { group.addTask { report.issues.map(\.description) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(seen.count == 8 && seen.allSatisfy { $0 == seen[0] })
        #expect(seen[0].count == 600 && seen[0] == report.issues.map(\.description))
        #expect(seen[0][0] == "[0].name (Airport): value was null; kept the initial value")
        #expect(seen[0][3] == "[1].name (Airport): expected String, found an object; kept the initial value")
        var edited = report
        edited.issues.removeFirst()
        #expect(edited.issues.count == 599 && report.issues.count == 600)
    }

    @Test func descriptionIsATreeGroupedByModel() throws {
        let (_, report) = try Airport.decodeWithReport(from: #"{"name": 1, "runways": [{"distance": "x", "direction": "N"}, 5]}"#)
        #expect(report.description == """
        DecodingReport: 3 repairs
        ├─ Airport
        │  ├─ name: converted number to String
        │  └─ runways[1]: element could not be decoded; left out of the collection (expected Runway, found the number 5)
        └─ Runway
           └─ runways[0].distance: expected Int, found a string "x"; kept the initial value
        """)
    }

    struct Counter: DecodableModel, Equatable {
        var count = 0
        var label = ""
    }

    struct Holder: DecodableModel, Equatable {
        var n = 0
        var inner = Counter()
        var after = 0
    }

    /// A converted scalar is filed as a few plain values when its node is in the document the
    /// report's entries keep, and whole when it is in another (JSON in a string, parsed on its
    /// own): the same words, paths and owners either way, whichever document is met first.
    @Test func conversionsReadTheSameInEitherDocument() throws {
        let nestedFirst = #"{"n": 5, "inner": "{\"count\": \"27\", \"label\": null}", "after": true}"#
        let (value, report) = try Holder.decodeWithReport(from: nestedFirst)
        #expect(value == Holder(n: 5, inner: Counter(count: 27, label: ""), after: 1))
        #expect(report.issues.map(\.description) == [
            "inner (Holder): converted string to object", "inner.count (Counter): converted string to Int",
            "inner.label (Counter): value was null; kept the initial value", "after (Holder): converted bool to Int",
        ])
        let outerFirst = #"{"n": "5", "inner": "{\"count\": \"27\", \"label\": 3}", "after": "8"}"#
        let (second, secondReport) = try Holder.decodeWithReport(from: outerFirst)
        #expect(second == Holder(n: 5, inner: Counter(count: 27, label: "3"), after: 8))
        #expect(secondReport.issues.map(\.description) == [
            "n (Holder): converted string to Int", "inner (Holder): converted string to object",
            "inner.count (Counter): converted string to Int", "inner.label (Counter): converted number to String",
            "after (Holder): converted string to Int",
        ])
        #expect(secondReport.issues.map(\.kind)[2] == .converted(from: "string", to: "Int"))
    }

    /// A string found where a number was expected is quoted and escaped as Swift's
    /// `debugDescription` does, and cut after 40 characters, counted as characters.
    @Test func foundStringsAreQuotedEscapedAndCut() throws {
        let texts = ["far", #"say "hi""#, #"back\slash"#, "tab\there", "line\nbreak", "bell\u{7}", "café", "東京タワー 🗼",
                     String(repeating: "a", count: 40), String(repeating: "é", count: 30), String(repeating: "b", count: 41)]
        for text in texts {
            let json = #"{"direction": "N", "distance": "# + String(decoding: try JSONEncoder().encode(text), as: UTF8.self) + "}"
            let (_, report) = try Runway.decodeWithReport(from: json)
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            #expect(report.issues.map(\.kind) == [.typeMismatch(expected: "Int", found: "a string " + shown.debugDescription)],
                    "\(text.debugDescription)")
        }
    }

    @Test func cleanInputGivesACleanReport() throws {
        let (_, report) = try Airport.decodeWithReport(from: #"{"name": "A", "runways": [{"direction": "N", "distance": 1}]}"#)
        #expect(report.isClean)
        #expect(report.description == "DecodingReport: clean")
    }

    /// The issues of one decode share one list of path components: each path must start
    /// where the previous one ended, whatever the depths, and outlive the decode.
    @Test func pathsOfManyIssuesAtMixedDepthsAreEachTheirOwn() throws {
        let json = #"""
        [{"name": 1, "runways": [{"distance": "x"}, 5, {"direction": []}]}, {}, {"runways": [{"distance": null}]}]
        """#
        let (_, report) = try ModelDecoder().decodeWithReport([Airport].self, from: Data(json.utf8))
        let second = try ModelDecoder().decodeWithReport([Airport].self, from: Data(#"[{"name": []}]"#.utf8)).report
        #expect(report.issues.map(\.path) == [
            "[0].name", "[0].runways[0].direction", "[0].runways[0].distance", "[0].runways[1]",
            "[0].runways[2].direction", "[0].runways[2].distance", "[1].name", "[1].runways",
            "[2].name", "[2].runways[0].direction", "[2].runways[0].distance",
        ])
        #expect(second.issues.map(\.path) == ["[0].name", "[0].runways"])
    }

    /// A decode whose report no one reads makes the same repairs, unrecorded.
    @Test func unrecordedRepairsGiveTheSameValues() throws {
        let json = #"[{"name": 1, "runways": [{"distance": "x"}, 5, {"direction": []}]}, {}, {"runways": [{"distance": null}]}]"#
        let (reported, report) = try [Airport].decodeWithReport(from: Data(json.utf8))
        #expect(report.issues.count == 11)
        let session = DecodingSession(options: .init(), recordsIssues: false)
        defer { session.releaseContainers() }
        let document = try JSONParser.parse(Array(json.utf8), maxDepth: 512)
        let unrecorded = try DocumentDecoder(document: document, session: session, node: 0).decodeRoot([Airport].self, at: 0)
        #expect(session.filedIssues.take(typeName: session.typeName) == nil)
        #expect(unrecorded.map(\.name) == reported.map(\.name))
        #expect(unrecorded.map { $0.runways.map(\.direction) } == reported.map { $0.runways.map(\.direction) })
        #expect(unrecorded.map { $0.runways.map(\.distance) } == reported.map { $0.runways.map(\.distance) })
    }

    @Test func missingKeysAreRecorded() throws {
        let (_, report) = try Airport.decodeWithReport(from: #"{"runways": []}"#)
        #expect(report.issues.map(\.kind) == [.keyNotFound])
        #expect(report.issues.map(\.path) == ["name"])
    }
}

/// App-wide delivery. Serialized: the log is shared by the whole process, and
/// handlers only look at this suite's own model type.
@Suite(.serialized) struct DecodingLogTests {
    struct LogProbe: DecodableModel {
        var value = 0
    }

    @Test func handlersReceiveReportsWithRepairsOnly() throws {
        let received = Locked([DecodingReport]())
        DecodingLog.onReport { report in
            if report.issues.contains(where: { $0.modelType == "LogProbe" }) || report.failure?.contains("LogProbe") == true {
                received.withLock { $0.append(report) }
            }
        }
        defer { DecodingLog.removeAllHandlers() }
        _ = LogProbe.deserialize(from: #"{"value": 1}"#)
        _ = LogProbe.deserialize(from: #"{"value": "x"}"#)
        let reports = received.withLock { $0 }
        #expect(reports.count == 1)
        #expect(reports.first?.issues.first?.path == "value")
    }

    /// The calls that return the value alone make no report unless someone listens:
    /// with a handler, each delivers the whole report.
    @Test func everyCallWithoutAReportDeliversToHandlers() throws {
        let json = #"{"value": "x"}"#
        let calls: [(String, () throws -> Void)] = [
            ("deserialize(from: Data)", { _ = LogProbe.deserialize(from: Data(json.utf8)) }),
            ("deserialize(from: String)", { _ = LogProbe.deserialize(from: json) }),
            ("deserialize(from: [String: Any])", { _ = LogProbe.deserialize(from: ["value": "x"] as [String: Any]) }),
            ("decode(from: Data)", { _ = try LogProbe.decode(from: Data(json.utf8)) }),
            ("decode(from: String)", { _ = try LogProbe.decode(from: json) }),
            ("decode(from: [String: Any])", { _ = try LogProbe.decode(from: ["value": "x"] as [String: Any]) }),
            ("[T].deserialize(from: Data)", { _ = [LogProbe].deserialize(from: Data("[\(json)]".utf8)) }),
            ("[T].deserialize(from: [Any])", { _ = [LogProbe].deserialize(from: [["value": "x"]] as [Any]) }),
            ("[T].decode(from: Data)", { _ = try [LogProbe].decode(from: Data("[\(json)]".utf8)) }),
            ("ModelDecoder.decode", { _ = try ModelDecoder().decode(LogProbe.self, from: Data(json.utf8)) }),
            ("update(from:)", { var probe = LogProbe(); probe.update(from: json) }),
        ]
        let received = Locked([String]())
        DecodingLog.onReport { report in
            for issue in report.issues where issue.modelType == "LogProbe" {
                received.withLock { $0.append(issue.description.replacingOccurrences(of: "[0].", with: "")) }  // arrays' paths start with it
            }
        }
        defer { DecodingLog.removeAllHandlers() }
        for (name, call) in calls {
            received.withLock { $0.removeAll() }
            try call()
            #expect(received.withLock { $0 } == [#"value (LogProbe): expected Int, found a string "x"; kept the initial value"#], "\(name)")
        }
    }

    /// Whether a decode that drops its report records it: only when a handler or a level listens.
    @Test func listensOnlyWithAHandlerOrALevel() {
        #expect(!DecodingLog.isListening)
        DecodingLog.level = .alert
        #expect(DecodingLog.isListening)
        DecodingLog.level = .none
        DecodingLog.onReport { _ in }
        #expect(DecodingLog.isListening)
        DecodingLog.removeAllHandlers()
        #expect(!DecodingLog.isListening)
    }

    @Test func malformedInputIsReported() throws {
        let failures = Locked([String]())
        DecodingLog.onReport { report in
            if let failure = report.failure, failure.contains("column 11") { failures.withLock { $0.append(failure) } }
        }
        defer { DecodingLog.removeAllHandlers() }
        #expect(LogProbe.deserialize(from: #"{"value": }"#) == nil)
        #expect(failures.withLock { $0.count } == 1)
    }

    @Test func levelDefaultsToNoneAndCanBeSet() {
        #expect(DecodingLog.level == .none)
        DecodingLog.level = .alert
        #expect(DecodingLog.level == .alert)
        DecodingLog.level = .none
    }
}
