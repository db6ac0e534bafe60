import Foundation
import Synchronization
import Testing
@testable import CodableKit

/// A planned array is made in the model's own module (`DecodableModel._makeArray`) and filled
/// in its spare capacity: whatever the elements do — all decode, one is dropped by a repair,
/// one throws in strict mode at any place — the array holds exactly the elements decoded, is
/// an ordinary array afterwards, and the elements made before a throw are released with it
/// (counted by their deinit: `Tracked`).
@Suite struct PlannedArrayStorageTests {
    struct Row: CodableModel, SynthesizedDecodable, Equatable {
        var id = 0
        var name = "a name long enough to be allocated"
        var tags: [String] = []
    }

    static let unplanned: ModelDecoder = {
        var options = DecodingOptions()
        options.usesFieldPlans = false
        return ModelDecoder(options: options)
    }()

    /// `count` rows; at `broken`, `replacement` in place of the row's `id`, or of the whole row.
    static func rows(_ count: Int, broken: Int? = nil, id replacement: String? = nil, row: String? = nil) -> Data {
        let rows = (0 ..< count).map { index in
            if index == broken, let row { return row }
            let id = index == broken ? replacement ?? "\(index)" : "\(index)"
            return #"{"id": \#(id), "name": "row \#(index) with a name past fifteen bytes", "tags": ["t\#(index)", "a tag of some length \#(index)"]}"#
        }
        return Data(("[" + rows.joined(separator: ",") + "]").utf8)
    }

    /// Learns the plan (a first decode of many), so that every decode below is planned.
    static func learned() throws {
        _ = try ModelDecoder().decode([Row].self, from: rows(FieldPlan.learnInFirstDecode + 8))
        #expect(ModelInfo.of(model: Row.self).hasFieldPlan)
    }

    @Test func everyElementDecodedIsInTheArrayAndTheArrayIsAnOrdinaryOne() throws {
        try Self.learned()
        for count in [0, 1, 2, 7, 300] {
            var decoded = try ModelDecoder().decode([Row].self, from: Self.rows(count))
            #expect(decoded == (try Self.unplanned.decode([Row].self, from: Self.rows(count))))
            #expect(decoded.count == count && decoded.map(\.id) == Array(0 ..< count))
            // Grown, copied and changed as any array: the copy keeps its own elements.
            let copy = decoded
            decoded.append(Row(id: -1))
            decoded[0].name = "changed"
            #expect(copy.count == count && decoded.count == count + 1)
            if count > 0 { #expect(copy[0].name == "row 0 with a name past fifteen bytes") }
        }
    }

    @Test func anElementRepairedAwayLeavesTheOthersInOrder() throws {
        try Self.learned()
        for broken in [0, 1, 5, 9] {
            // An element that is not an object: dropped by the repair stage, as without plans.
            let data = Self.rows(10, broken: broken, row: "42")
            let planned = try ModelDecoder().decodeWithReport([Row].self, from: data)
            let unplanned = try Self.unplanned.decodeWithReport([Row].self, from: data)
            #expect(planned.value == unplanned.value, "element \(broken)")
            #expect(planned.report.issues.count == unplanned.report.issues.count)
        }
    }

    /// An instance that is counted while it lives, to see that a partial array releases its elements.
    final class Token: Codable, Sendable {
        static let live = Atomic(0)
        let value: Int
        init(_ value: Int = 0) {
            self.value = value
            Self.live.add(1, ordering: .relaxed)
        }
        required convenience init(from decoder: any Decoder) throws {
            self.init(try decoder.singleValueContainer().decode(Int.self))
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
        deinit { Self.live.subtract(1, ordering: .relaxed) }
    }

    struct Tracked: CodableModel {
        var token = Token()
    }

    struct Held: CodableModel, SynthesizedDecodable {
        var id = 0
        var tracked = Tracked()
    }

    @Test func theElementsMadeBeforeAStrictThrowAreReleased() throws {
        let held = { (count: Int, broken: Int?) in
            Data(("[" + (0 ..< count).map { #"{"id": \#($0 == broken ? #""x""# : "\($0)"), "tracked": {"token": \#($0)}}"# }.joined(separator: ",") + "]").utf8)
        }
        _ = try ModelDecoder().decode([Held].self, from: held(FieldPlan.learnInFirstDecode + 8, nil))
        #expect(ModelInfo.of(model: Held.self).hasFieldPlan)
        let before = Token.live.load(ordering: .relaxed)  // any kept by caches of initial values
        let strict = ModelDecoder(options: DecodingOptions(mode: .strict))
        for broken in [0, 1, 6, 19] {
            #expect(throws: DecodingError.self) { try strict.decode([Held].self, from: held(20, broken)) }
            #expect(Token.live.load(ordering: .relaxed) == before, "element \(broken)")
        }
        let decoded = try strict.decode([Held].self, from: held(20, nil))
        #expect(decoded.map(\.tracked.token.value) == Array(0 ..< 20) && Token.live.load(ordering: .relaxed) == before + 20)
    }

    @Test func aStrictThrowAtAnyElementIsTheUnplannedOne() throws {
        try Self.learned()
        let strict = ModelDecoder(options: DecodingOptions(mode: .strict))
        var strictUnplanned = Self.unplanned.options
        strictUnplanned.mode = .strict
        for broken in [0, 1, 4, 11] {
            let data = Self.rows(12, broken: broken, id: #""twelve""#)
            let planned = #expect(throws: DecodingError.self) { try strict.decode([Row].self, from: data) }
            let unplanned = #expect(throws: DecodingError.self) { try ModelDecoder(options: strictUnplanned).decode([Row].self, from: data) }
            #expect(planned.map { "\($0)" } == unplanned.map { "\($0)" }, "element \(broken)")
        }
    }
}
