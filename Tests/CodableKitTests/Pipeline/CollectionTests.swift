import Foundation
import Testing
import CodableKit

/// One policy for every collection: a bad element is dropped and recorded, the rest survive.
@Suite struct CollectionTests {
    struct Item: DecodableModel, Equatable {
        var id = 0
        var name = ""
    }

    struct Holder: DecodableModel {
        var numbers: [Int] = []
        var optionals: [Int?] = []
        var nested: [[Double]] = []
        var items: [Item] = []
        var unique: Set<String> = []
        var byName: [String: Int] = [:]
        var optionalValues: [String: Int?] = [:]
    }

    @Test func invalidElementsAreDroppedAndRecorded() throws {
        let json = #"""
        {"numbers": [1, "2", "x", null, 4.5, 5],
         "optionals": [1, null, "y", 3],
         "nested": [[1, "a"], "b", [2.5]],
         "items": [{"id": 1}, null, [], "{\"id\": 2}", {"id": "3"}],
         "unique": ["a", 1, "a", null],
         "byName": {"a": 1, "b": "two", "c": "3", "d": null},
         "optionalValues": {"a": null, "b": 1, "c": {}}}
        """#
        let (holder, report) = try Holder.decodeWithReport(from: json)
        #expect(holder.numbers == [1, 2, 5])
        #expect(holder.optionals == [1, nil, 3])
        #expect(holder.nested == [[1], [2.5]])
        #expect(holder.items == [Item(id: 1), Item(id: 2), Item(id: 3)])
        #expect(holder.unique == ["a", "1"])
        #expect(holder.byName == ["a": 1, "c": 3])
        #expect(holder.optionalValues == ["a": Int?.none, "b": 1])

        let dropped = report.issues.filter { $0.kind == .elementDropped }.map(\.path)
        #expect(dropped == ["numbers[2]", "numbers[3]", "numbers[4]", "optionals[2]", "nested[0][1]", "nested[1]",
                            "items[1]", "items[2]", "unique[3]", "byName.b", "byName.d", "optionalValues.c"])
    }

    /// Elements are moved into the array's storage as they are decoded: when a later one
    /// throws (strict mode), the ones already made are released, and dropped ones never stored.
    final class Tracked: Decodable, @unchecked Sendable {
        static let alive = Locked(0)
        let id: Int
        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: AnyCodingKey.self).decode(Int.self, forKey: AnyCodingKey(stringValue: "id"))
            Self.alive.withLock { $0 += 1 }
        }
        deinit { Self.alive.withLock { $0 -= 1 } }
    }

    /// Rows of doubles take a path of their own (no generic dispatch per row); it must
    /// give what the general path gives — values, report, strict errors — for every kind
    /// of row. An unrelated per-call transformer sends the same decode the general way.
    @Test func rowsOfDoublesAgreeWithTheGeneralPath() throws {
        struct Never: ValueTransformable {
            func transformFromJSON(_: JSONValue) -> Date? { nil }
            func transformToJSON(_: Date) -> Double? { nil }
        }
        struct Shape: DecodableModel, Equatable {
            var rows: [[Double]] = []
            var grid: [[[Double]]] = []
        }
        let json = #"""
        {"rows": [[1, 2.5], [], null, "[3, 4]", [5, "6", "x", null], 7, {"a": 1}, [1e400], [-0.0, 1.7976931348623157e308],
                  [8, "9"], [1e400, 2], [[1], 2], [true, 3]],
         "grid": [[[1, 2], [3]], [[4, "y"], null], [], "z"]}
        """#
        let (fast, fastReport) = try Shape.decodeWithReport(from: json)
        let (general, generalReport) = try Shape.decodeWithReport(from: json, options: DecodingOptions(transformers: [Never()]))
        #expect(fast == general)
        #expect(fast.rows == [[1, 2.5], [], [3, 4], [5, 6], [], [-0.0, 1.7976931348623157e308], [8, 9], [2], [2], [1, 3]])  // 1e400 is no Double
        #expect(fastReport.issues.map(\.path) == generalReport.issues.map(\.path))
        #expect(fastReport.issues.map(\.kind) == generalReport.issues.map(\.kind))
        #expect(fastReport.issues.map(\.path).contains("rows[4][2]"))

        for bad in [#"{"rows": [[1], [2, "x"]]}"#, #"{"rows": [[1], null]}"#, #"{"rows": [[1], 2]}"#, #"{"grid": [[[1], ["x"]]]}"#] {
            let strict = DecodingOptions(mode: .strict)
            var transformed = strict
            transformed.transformers = [Never()]
            let fastError = #expect(throws: DecodingError.self) { try Shape.decode(from: bad, options: strict) }
            let generalError = #expect(throws: DecodingError.self) { try Shape.decode(from: bad, options: transformed) }
            #expect(fastError.map { "\($0)" } == generalError.map { "\($0)" }, "\(bad)")
        }
        // Strict, top level, against JSONDecoder: the same error case at the same path.
        for bad in ["[[1], [2, \"x\"]]", "[[1], null]", "[[1], 2]", "[[1], [true]]"] {
            let ours = #expect(throws: DecodingError.self) {
                try ModelDecoder(options: DecodingOptions(mode: .strict)).decode([[Double]].self, from: Data(bad.utf8))
            }
            let foundation = #expect(throws: DecodingError.self) { try JSONDecoder().decode([[Double]].self, from: Data(bad.utf8)) }
            #expect(ours.map(Self.caseAndPath) == foundation.map(Self.caseAndPath), "\(bad)")
        }
    }

    private static func caseAndPath(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(_, context): "typeMismatch \(context.codingPath.map(\.stringValue))"
        case let .valueNotFound(_, context): "valueNotFound \(context.codingPath.map(\.stringValue))"
        case let .keyNotFound(_, context): "keyNotFound \(context.codingPath.map(\.stringValue))"
        case let .dataCorrupted(context): "dataCorrupted \(context.codingPath.map(\.stringValue))"
        @unknown default: "other"
        }
    }

    @Test func elementsMadeBeforeAFailureAreReleased() throws {
        let json = Data(#"[{"id": 1}, {"id": 2}, {"id": "x"}, {"id": 4}]"#.utf8)
        #expect(throws: DecodingError.self) { try ModelDecoder(options: .init(mode: .strict)).decode([Tracked].self, from: json) }
        #expect(Tracked.alive.withLock { $0 } == 0)
        let tolerant = try ModelDecoder().decode([Tracked].self, from: json)  // the bad `id` is repaired to 0
        #expect(tolerant.map(\.id) == [1, 2, 0, 4] && Tracked.alive.withLock { $0 } == 4)
        let dropped = try ModelDecoder().decode([Tracked].self, from: Data(#"[{"id": 1}, 7, {"id": 3}]"#.utf8))
        #expect(dropped.map(\.id) == [1, 3])
    }

    /// Arrays of scalars take their own path (no per-element dispatch): conversions,
    /// drops, and a strict failure part-way (long strings, so that a leak or a double
    /// free would show under the sanitizers).
    @Test func scalarArraysConvertDropAndFail() throws {
        let long = String(repeating: "x", count: 40)
        let json = Data(#"["\#(long)1", 2, null, "\#(long)4", {"a": 1}, true]"#.utf8)
        let (strings, report) = try ModelDecoder().decodeWithReport([String].self, from: json)
        #expect(strings == [long + "1", "2", long + "4", "true"])
        #expect(report.issues.filter { $0.kind == .elementDropped }.map(\.path) == ["[2]", "[4]"])
        let error = #expect(throws: DecodingError.self) { try ModelDecoder(options: .init(mode: .strict)).decode([String].self, from: json) }
        if case let .typeMismatch(_, context) = error { #expect(context.codingPath.map(\.intValue) == [1]) }
        #expect(try ModelDecoder().decode([Int].self, from: Data("[1, 2.0, \"3\", 4.5, 5]".utf8)) == [1, 2, 3, 5])
    }

    @Test func topLevelArrays() throws {
        let items = try #require([Item].deserialize(from: #"[{"id": 1}, 2, {"id": "x", "name": "n"}]"#))
        #expect(items == [Item(id: 1), Item(name: "n")])
        #expect([Item].deserialize(from: #"[{"id": 1},"#) == nil)
    }

    @Test func wholeCollectionMismatchFallsBack() throws {
        let (holder, report) = try Holder.decodeWithReport(from: #"{"numbers": {"a": 1}, "byName": [1], "items": 5}"#)
        #expect(holder.numbers == [])
        #expect(holder.byName == [:])
        #expect(holder.items == [])
        #expect(report.issues.filter { if case .typeMismatch = $0.kind { true } else { false } }.map(\.path)
            == ["numbers", "items", "byName"])
    }

    @Test func jsonInsideStrings() throws {
        struct Envelope: DecodableModel {
            var item = Item()
            var list: [Int] = []
            var map: [String: String] = [:]
        }
        let (envelope, report) = try Envelope.decodeWithReport(
            from: #"{"item": "{\"id\": 7, \"name\": \"seven\"}", "list": "[1, 2]", "map": "{\"k\": \"v\"}"}"#)
        #expect(envelope.item == Item(id: 7, name: "seven"))
        #expect(envelope.list == [1, 2])
        #expect(envelope.map == ["k": "v"])
        #expect(report.issues.map(\.kind) == [.converted(from: "string", to: "object"), .converted(from: "string", to: "array"),
                                              .converted(from: "string", to: "object")])
        // A string that holds other JSON, or no JSON, is a mismatch.
        let (fallback, mismatch) = try Envelope.decodeWithReport(from: #"{"item": "[1]", "list": "not json"}"#)
        #expect(fallback.item == Item())
        #expect(fallback.list == [])
        #expect(mismatch.issues.count == 3)  // item and list mismatched; map missing
    }

    @Test func dictionariesWithIntegerKeysUseTheStandardPath() throws {
        struct Scores: Decodable { var byLevel: [Int: String] }
        let scores = try ModelDecoder().decode(Scores.self, from: Data(#"{"byLevel": {"1": "easy", "2": "hard"}}"#.utf8))
        #expect(scores.byLevel == [1: "easy", 2: "hard"])
    }
}
