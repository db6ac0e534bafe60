import Foundation
import Synchronization
import Testing
import CodableKitTestSupport
@testable import CodableKit

/// Which initial value a planned field's repair falls back on: the key's, in each decode's
/// own `init()` value, per object where it differs between `init()` values.
extension PlanFallbackTests {
    /// `init(from:)` reads each key into the other property; `encode(to:)` is synthesized. A
    /// missing key's fallback is the initial value the repair stage finds by that key — the
    /// property `encode(to:)` writes under it — not the one the plan fills.
    struct Crossed: CodableModel, SynthesizedDecodable, Equatable {
        var on = true, off = false
        init() {}
        init(on: Bool, off: Bool) { (self.on, self.off) = (on, off) }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            off = try container.decode(Bool.self, forKey: .on)
            on = try container.decode(Bool.self, forKey: .off)
        }
    }

    @Test func aFallbackIsTheKeysInitialValueWhicheverPropertyThePlanFills() throws {
        let data = Data(("[" + (0 ..< Self.many).map { #"{"off": \#($0 % 2 == 0)}"# }.joined(separator: ",") + "]").utf8)
        let planned = try ModelDecoder().decodeWithReport([Crossed].self, from: data)
        #expect(ModelInfo.of(model: Crossed.self).hasFieldPlan)
        #expect(planned.value == (0 ..< Self.many).map { Crossed(on: $0 % 2 == 0, off: true) })
        #expect(try ModelDecoder().decode([Crossed].self, from: data) == planned.value)
        #expect(planned.report.issues.count == Self.many)
    }

    /// Two models of one coding-key type, with other initial values, in one decode: each
    /// planned model's fallbacks are its own (they are kept per plan, and a plan per model).
    enum SharedKeys: String, CodingKey { case id, label }
    struct Left: CodableModel, SynthesizedDecodable, Equatable {
        typealias CodingKeys = SharedKeys
        var id = 1, label = "left"
    }
    struct Right: CodableModel, SynthesizedDecodable, Equatable {
        typealias CodingKeys = SharedKeys
        var id = 2, label = "right"
    }
    struct Both: CodableModel, SynthesizedDecodable, Equatable { var left: [Left] = [], right: [Right] = [] }

    @Test func twoModelsOfOneKeyTypeKeepTheirOwnFallbacksInOneDecode() throws {
        let objects = Array(repeating: #"{"id": null}"#, count: Self.many).joined(separator: ",")
        let data = Data(#"{"left": [\#(objects)], "right": [\#(objects)]}"#.utf8)
        let (both, report) = try ModelDecoder(options: .keepingEveryIssue).decodeWithReport(Both.self, from: data)
        #expect(ModelInfo.of(model: Left.self).hasFieldPlan && ModelInfo.of(model: Right.self).hasFieldPlan)
        #expect(both.left == Array(repeating: Left(), count: Self.many))
        #expect(both.right == Array(repeating: Right(), count: Self.many))
        #expect(report.issues.count == Self.many * 4)
        #expect(try ModelDecoder().decode(Both.self, from: data) == both)
        #expect(both == (try Self.unplanned.decode(Both.self, from: data)))
    }

    /// A default made per object (`UUID()`) differs between two `init()` values: each repaired
    /// object gets its own, never one kept for the decode.
    struct Stamped: CodableModel, SynthesizedDecodable { var id = 0, token = UUID().uuidString }

    @Test func aFallbackMadePerObjectIsNotKept() throws {
        let data = Data(("[" + (0 ..< Self.many).map { #"{"id": \#($0)}"# }.joined(separator: ",") + "]").utf8)
        let (values, report) = try ModelDecoder().decodeWithReport([Stamped].self, from: data)
        #expect(ModelInfo.of(model: Stamped.self).hasFieldPlan)
        #expect(Set(values.map(\.token)).count == Self.many)
        #expect(report.issues.count == Self.many)
        #expect(Set(try ModelDecoder().decode([Stamped].self, from: data).map(\.token)).count == Self.many)
    }

    /// A default that reads app state, the same for every object of a decode.
    static let currentUnit = Mutex("km")

    struct Measured: CodableModel, SynthesizedDecodable, Equatable { var value = 0.0, unit = PlanFallbackTests.currentUnit.withLock { $0 } }

    @Test(.serialized, arguments: [false, true])
    func aKeptFallbackIsTheDecodesOwnAndReadAfreshInTheNext(withReport: Bool) throws {
        let data = Data(("[" + (0 ..< Self.many).map { #"{"value": \#($0)}"# }.joined(separator: ",") + "]").utf8)
        func units() throws -> [String] {
            try withReport ? ModelDecoder().decodeWithReport([Measured].self, from: data).value.map(\.unit)
                : ModelDecoder().decode([Measured].self, from: data).map(\.unit)
        }
        defer { Self.currentUnit.withLock { $0 = "km" } }
        Self.currentUnit.withLock { $0 = "km" }
        #expect(try units() == Array(repeating: "km", count: Self.many))
        Self.currentUnit.withLock { $0 = "mi" }
        #expect(try units() == Array(repeating: "mi", count: Self.many))
        #expect(ModelInfo.of(model: Measured.self).hasFieldPlan)
    }
}
