import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// Field plans against the model's own `init(from:)`: every type the tests declare
/// `SynthesizedDecodable` gives, through its plan, the values, reports and errors that running
/// its `init(from:)` gives (DESIGN: with the word given, the same as through the synthesized
/// code). The generated part runs the strict differential's types, declared so; more cases
/// with `PLAN_DIFF_COUNT` (and `PLAN_DIFF_SEED`).
@Suite struct PlanDifferentialTests {
    static let decoders = PlanDifferential.Decoders(planned: { ModelDecoder(options: .init(mode: $0)) }, unplanned: { mode in
        var options = DecodingOptions(mode: mode)
        options.usesFieldPlans = false
        return ModelDecoder(options: options)
    })

    @Test func generatedDeclaredTypesDecodeAlikeThroughThePlanAndInitFrom() {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["PLAN_DIFF_COUNT"].flatMap { Int($0) } ?? 2_000
        let seed = environment["PLAN_DIFF_SEED"].flatMap { UInt64($0) } ?? 55
        let differences = PlanDifferential.run(count: count, seed: seed, decoders: Self.decoders)
        for (group, cases) in Dictionary(grouping: differences, by: \.type).sorted(by: { $0.key < $1.key }).prefix(20) {
            Issue.record("\(cases.count)× \(group)\n\(cases[0])\n")
        }
        #expect(differences.isEmpty)
        // The plans were there to compare: the generated record type had one.
        #expect(ModelInfo.of(model: PlanDifferential.planProbeType).hasFieldPlan)
    }

    /// `T` from `data` (an array of many objects, decoded twice so that the plans of the types
    /// it holds are learned) through plans and through `init(from:)`, in both modes.
    static func expectAlike<T: Decodable & Equatable>(_: T.Type, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        _ = try? ModelDecoder().decode(T.self, from: data)
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            for report in [true, false] {
                let planned = PlanDifferential.outcome(T.self, data, decoders.planned(mode), report: report)
                let unplanned = PlanDifferential.outcome(T.self, data, decoders.unplanned(mode), report: report)
                #expect(PlanDifferential.same(planned, unplanned), "\(mode), report \(report)", sourceLocation: sourceLocation)
            }
        }
    }

    /// The declared models of the other plan tests, on their own clean and dirty payloads.
    @Test func theDeclaredModelsOfThePlanTestsDecodeAlike() {
        func array(_ objects: [String]) -> Data { Data(("[" + objects.joined(separator: ",") + "]").utf8) }
        let many = FieldPlanTests.many
        Self.expectAlike([FieldPlanTests.Wide].self, array((0 ..< many).map(FieldPlanTests.wideJSON)))
        Self.expectAlike([FieldPlanTests.Swapped].self, array((0 ..< many).map { #"{"first": "f\#($0)", "second": \#($0 % 7 == 0 ? "null" : "\"s\"")}"# }))
        Self.expectAlike([FieldPlanTests.Rules].self, array((0 ..< many).map { $0 % 3 == 0 ? #"{"user_name": null, "userName": "p"}"# : #"{"user_name": \#($0)}"# }))
        Self.expectAlike([FieldPlanTests.Repaired].self, array((0 ..< many).map { index in
            index % 2 == 0 ? #"{"id": "27", "tags": [1, "x", 3], "note": null, "inner": {"areaId": true, "blockIds": []}}"#
                : #"{"id": \#(index), "name": "n", "tags": [], "inner": {"areaId": 1, "blockIds": [1]}}"#
        }))
        Self.expectAlike([PlanFallbackTests.Fallbacks].self, array(Array(repeating: PlanFallbackTests.problems, count: many / 4).flatMap { $0 }))
        Self.expectAlike([PlanFallbackTests.FlatHolder].self, array((0 ..< 8).map { _ in
            #"{"items": [\#((0 ..< 40).map { #"{"n": \#($0 % 5 == 0 ? "\"x\"" : "\($0)"), "s": \#($0 % 7 == 0 ? "{}" : "\"s\""), "xs": [1, "y"], "b": \#($0 % 3 == 0 ? "null" : "true")}"# }.joined(separator: ","))], "renamed": [{"user_name": 5}, {"age": "x"}]}"#
        }))
    }

    /// A flat element whose array of scalars converts an element (filed under the array's path,
    /// before the element is placed), then a scalar of its own: the element is decoded again with
    /// its place, and the conversion is reported where `init(from:)` reports it (found by the
    /// generated differential at 30,000 cases: the element's record had been taken for the array's).
    struct FlagFirst: CodableModel, SynthesizedDecodable, Equatable { var flags: [Bool] = [], on = false }
    struct FlagHolder: CodableModel, SynthesizedDecodable, Equatable { var items: [FlagFirst] = [] }

    @Test func anArraysConversionBeforeAFlatElementIsPlacedIsFiledUnderTheArray() throws {
        let items = (0 ..< FieldPlanTests.many).map { $0 % 3 == 0 ? #"{"on": "true", "flags": [1]}"# : #"{"flags": [true], "on": false}"# }
        let data = Data(("[" + Array(repeating: #"{"items": [\#(items.joined(separator: ","))]}"#, count: 3).joined(separator: ",") + "]").utf8)
        Self.expectAlike([FlagHolder].self, data)
        let (_, report) = try ModelDecoder().decodeWithReport([FlagHolder].self, from: data)
        #expect(report.issues.first.map(\.description) == "[0].items[0].flags[0] (FlagFirst): converted number to Bool")
    }
}
