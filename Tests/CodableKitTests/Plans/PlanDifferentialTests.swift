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
    /// it holds are learned) through plans and through `init(from:)`, in both modes, with the
    /// call's `keyStrategies`.
    static func expectAlike<T: Decodable & Equatable>(_: T.Type, _ data: Data, keyStrategies: [any KeyStrategy] = [],
                                                      sourceLocation: SourceLocation = #_sourceLocation) {
        func decoder(_ mode: DecodingOptions.Mode, plans: Bool) -> ModelDecoder {
            var options = DecodingOptions(mode: mode, keyStrategies: keyStrategies)
            options.usesFieldPlans = plans
            return ModelDecoder(options: options)
        }
        _ = try? decoder(.tolerant, plans: true).decode(T.self, from: data)
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            for report in [true, false] {
                let planned = PlanDifferential.outcome(T.self, data, decoder(mode, plans: true), report: report)
                let unplanned = PlanDifferential.outcome(T.self, data, decoder(mode, plans: false), report: report)
                #expect(PlanDifferential.same(planned, unplanned), "\(mode), report \(report)", sourceLocation: sourceLocation)
            }
        }
    }

    struct Account: CodableModel, SynthesizedDecodable, Equatable {
        var userName = "", homePage: String? = "default", loginCount = 0, isActive = false, lastSeenAt: Double? = nil
    }

    /// Under a key strategy each field has two candidates (`user_name`, then `userName`): objects
    /// with either, both in either order, nulls, repeats, members out of the fields' order,
    /// values to convert and values to repair, through the plan's in-order walk and its general
    /// walk, against each object's `init(from:)`. Another seed with `KEY_DIFF_SEED`.
    @Test func keyStrategyObjectsInAnyOrderDecodeAlikeThroughThePlanAndInitFrom() {
        var random = SeededGenerator(seed: ProcessInfo.processInfo.environment["KEY_DIFF_SEED"].flatMap { UInt64($0) } ?? 69)
        let fields: [(snake: String, camel: String, values: [String])] = [
            ("user_name", "userName", [#""ann""#, "null", "7", #""a name past fifteen bytes""#]),
            ("home_page", "homePage", [#""h""#, "null", "[]"]),
            ("login_count", "loginCount", ["3", "null", #""12""#, "1.5"]),
            ("is_active", "isActive", ["true", "null", "1", #""yes""#]),
            ("last_seen_at", "lastSeenAt", ["1.25", "null", #""2.5""#, "{}"]),
        ]
        for round in 0 ..< 6 {
            let objects = (0 ..< FieldPlanTests.many).map { index -> String in
                var members: [String] = []
                for field in fields {
                    let value = { field.values[Int.random(in: 0 ..< field.values.count, using: &random)] }
                    // Mostly the best key alone, in order (the in-order walk); else the others.
                    switch round == 0 ? 0 : Int.random(in: 0 ..< 8, using: &random) {
                    case 0, 1, 2: members.append(#""\#(field.snake)": \#(value())"#)
                    case 3: members.append(#""\#(field.camel)": \#(value())"#)
                    case 4: members += [#""\#(field.snake)": \#(value())"#, #""\#(field.camel)": \#(value())"#]
                    case 5: members += [#""\#(field.camel)": \#(value())"#, #""\#(field.snake)": \#(value())"#]
                    case 6: members += [#""\#(field.snake)": \#(value())"#, #""\#(field.snake)": \#(value())"#]
                    default: break  // absent
                    }
                }
                if round > 1, index % 5 == 0 { members.shuffle(using: &random) }
                if round > 2, index % 7 == 0 { members.insert(#""unknown_\#(index)": [1]"#, at: Int.random(in: 0 ... members.count, using: &random)) }
                return "{" + members.joined(separator: ", ") + "}"
            }
            Self.expectAlike([Account].self, Data(("[" + objects.joined(separator: ",") + "]").utf8), keyStrategies: [FieldPlanTests.Snake()])
        }
        #expect(ModelInfo.of(model: Account.self).hasFieldPlan)
    }

    /// Key rules where one key is a candidate of two fields (`id` is `first`'s best and
    /// `second`'s second; `name` is `second`'s best and `third`'s second): the plan finds every
    /// field's member before it decodes (`PlanKeyCandidates.members`), as the container would.
    struct Overlapping: CodableModel, SynthesizedDecodable, Equatable {
        var first = 0, second = "", third: Int? = nil
        struct Keys: KeyStrategy {
            let keys: [String]
            func decodingKeys(for _: String) -> [String] { keys }
            func encodingKey(for _: String) -> String { keys[0] }
        }
        static func mappingForKey() -> [KeyMapping]? {
            [KeyMapping(propertyName: "first", strategy: Keys(keys: ["id", "first_id"])),
             KeyMapping(propertyName: "second", strategy: Keys(keys: ["name", "id"])),
             KeyMapping(propertyName: "third", strategy: Keys(keys: ["third", "name"]))]
        }
    }

    @Test func keyRulesSharingAKeyDecodeAlikeThroughThePlanAndInitFrom() {
        var random = SeededGenerator(seed: ProcessInfo.processInfo.environment["KEY_DIFF_SEED"].flatMap { UInt64($0) } ?? 69)
        let keys = ["id", "first_id", "name", "third", "other"], values = ["1", #""x""#, "null", #""7""#, "2.5", "[]"]
        for _ in 0 ..< 4 {
            let objects = (0 ..< FieldPlanTests.many).map { _ -> String in
                let members = (0 ..< Int.random(in: 0 ... 6, using: &random)).map { _ in
                    #""\#(keys.randomElement(using: &random)!)": \#(values.randomElement(using: &random)!)"#
                }
                return "{" + members.joined(separator: ", ") + "}"
            }
            Self.expectAlike([Overlapping].self, Data(("[" + objects.joined(separator: ",") + "]").utf8))
        }
        #expect(ModelInfo.of(model: Overlapping.self).hasFieldPlan)
    }

    /// A key repeated, null first: the container takes its first occurrence (null: the initial
    /// value, or nil), and so does the plan, which took the later value once (found by the test above).
    @Test func aKeyRepeatedNullFirstIsTheNullThroughThePlanToo() throws {
        let object = #"{"user_name": null, "user_name": "ann", "home_page": null, "home_page": "h", "is_active": null, "is_active": true}"#
        let data = Data(("[" + Array(repeating: object, count: FieldPlanTests.many).joined(separator: ",") + "]").utf8)
        Self.expectAlike([Account].self, data, keyStrategies: [FieldPlanTests.Snake()])
        let accounts = try ModelDecoder(options: DecodingOptions(keyStrategies: [FieldPlanTests.Snake()])).decode([Account].self, from: data)
        #expect(ModelInfo.of(model: Account.self).hasFieldPlan)
        #expect(accounts.allSatisfy { $0.userName == "" && $0.homePage == nil && !$0.isActive })
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
