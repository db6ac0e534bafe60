import Foundation
import Synchronization
import Testing
import CodableKitTestSupport
@testable import CodableKit

/// A planned decode repairs a field from the fallback it kept at the field's first repair in
/// the decode (`PlanFallbacks`): the values and the report must be the repair stage's, issue
/// for issue, whatever the field's type, the problem, and whether a report is made.
@Suite struct PlanFallbackTests {
    static let many = FieldPlan.learnInFirstDecode + 8

    struct Cell: CodableModel, SynthesizedDecodable, Equatable { var areaId = 1, blockIds: [Int] = [2] }

    struct Fallbacks: CodableModel, SynthesizedDecodable, Equatable {
        var name = "none", count = 7, ratio = 0.5, on = true, coordinates: [Double] = [1, 2]
        var cells: [Cell] = [Cell()], inner = Cell(), note: String? = "n"
    }

    /// Each object with one problem: a key missing, a null, or a value of the wrong kind, for
    /// each property in turn (and a string `"12"` where a number is: a conversion).
    static let problems: [String] = {
        let clean: [(String, String)] = [("name", #""a""#), ("count", "3"), ("ratio", "2.5"), ("on", "false"),
                                         ("coordinates", "[3, 4]"), ("cells", #"[{"areaId": 5, "blockIds": []}]"#),
                                         ("inner", #"{"areaId": 6, "blockIds": [6]}"#), ("note", #""b""#)]
        let wrong = [#"{}"#, #""12""#, "[1]", #""yes""#, #""n/a""#, "5", "[]", "{}"]
        var objects: [String] = []
        for (index, _) in clean.enumerated() {
            for variant in 0 ..< 3 {
                let members = clean.enumerated().compactMap { other, member -> String? in
                    guard other == index else { return #""\#(member.0)": \#(member.1)"# }
                    switch variant {
                    case 0: return nil
                    case 1: return #""\#(member.0)": null"#
                    default: return #""\#(member.0)": \#(wrong[index])"#
                    }
                }
                objects.append("{" + members.joined(separator: ", ") + "}")
            }
        }
        return objects
    }()

    /// The same decode without plans: every model's `init(from:)` runs.
    /// Reports keep every issue in this suite: the two decodes are compared issue for issue.
    static let planned = ModelDecoder(options: .keepingEveryIssue)

    static let unplanned: ModelDecoder = {
        var options = DecodingOptions.keepingEveryIssue
        options.usesFieldPlans = false
        return ModelDecoder(options: options)
    }()

    /// `data` as `[T]` by a strict decode with plans and by one without: for each, `success`
    /// of the values, or the error thrown.
    static func strictResults<T: CodableModel>(_: [T].Type, _ data: Data, success: ([T]) -> String) -> [String] {
        var strictUnplanned = unplanned.options
        strictUnplanned.mode = .strict
        return [ModelDecoder(options: DecodingOptions(mode: .strict)), ModelDecoder(options: strictUnplanned)].map { decoder in
            do { return success(try decoder.decode([T].self, from: data)) } catch { return "\(error)" }
        }
    }

    /// `data` as `[T]` with plans (a first decode learns them: an array uses a plan only from
    /// its start) and without, each with its report.
    static func plannedAndUnplanned<T: CodableModel>(_: [T].Type, _ data: Data) throws
        -> (planned: (value: [T], report: DecodingReport), expected: (value: [T], report: DecodingReport)) {
        _ = try ModelDecoder().decode([T].self, from: data)
        return (try Self.planned.decodeWithReport([T].self, from: data),
                try unplanned.decodeWithReport([T].self, from: data))
    }

    @Test func aPlannedRepairIsTheRepairStagesIssueForIssue() throws {
        // Over and over, so that each problem is met again once the plan and the fallbacks are known.
        let objects = Array(repeating: Self.problems, count: Self.many / Self.problems.count + 2).flatMap { $0 }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        #expect(objects.count > FieldPlan.learnInFirstDecode + Self.problems.count)
        let planned = try Self.planned.decodeWithReport([Fallbacks].self, from: data)
        #expect(ModelInfo.of(model: Fallbacks.self).hasFieldPlan)
        let expected = try Self.unplanned.decodeWithReport([Fallbacks].self, from: data)
        #expect(planned.value == expected.value)
        #expect(planned.report.issues.map(\.description) == expected.report.issues.map(\.description))
        #expect(planned.report.issues.count > objects.count / 2)
        // Without a report to make, the same values (flat elements then skip their path and frame).
        #expect(try ModelDecoder().decode([Fallbacks].self, from: data) == expected.value)
        #expect(try ModelDecoder().decode([Fallbacks].self, from: data).suffix(Self.problems.count) == planned.value.prefix(Self.problems.count))
    }

    /// Scalars and arrays of scalars only: its elements are first tried without path and frame.
    struct FlatFallbacks: CodableModel, SynthesizedDecodable, Equatable { var n = 3, s = "s", d = 1.5, b = false, xs: [Int] = [4] }

    @Test func aFlatElementIsRepairedAsTheRepairStageWouldWithAndWithoutAReport() throws {
        #expect(try #require(FieldPlan.learn(FlatFallbacks.self)).isFlat)
        let variants = [#"{"n": 1, "s": "t", "d": 2, "b": true, "xs": []}"#, #"{"s": "t", "d": 2, "b": true, "xs": []}"#,
                        #"{"n": null, "s": null, "d": null, "b": null, "xs": null}"#, #"{"n": "9", "s": 5, "d": {}, "b": [], "xs": "x"}"#,
                        #"{"n": 1.5, "s": "t", "d": "inf", "b": "true"}"#]
        let objects = (0 ..< Self.many * 2).map { variants[$0 % variants.count] }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let planned = try Self.planned.decodeWithReport([FlatFallbacks].self, from: data)
        #expect(ModelInfo.of(model: FlatFallbacks.self).hasFieldPlan)
        let expected = try Self.unplanned.decodeWithReport([FlatFallbacks].self, from: data)
        #expect(planned.value == expected.value)
        #expect(planned.report.issues.map(\.description) == expected.report.issues.map(\.description))
        #expect(try ModelDecoder().decode([FlatFallbacks].self, from: data) == expected.value)
        #expect(expected.value[1] == FlatFallbacks(n: 3, s: "t", d: 2, b: true, xs: []))
    }

    struct FlatHolder: CodableModel, SynthesizedDecodable, Equatable { var id = 0, items: [FlatFallbacks] = [], renamed: [Renamed] = [] }

    /// A flat element's repairs filed under the place it would have, without being put there
    /// (`recordPlanned`), and those after a conversion put it there: in arrays nested in
    /// another array's elements, each issue's path, owner, found value and JSON key are the
    /// repair stage's.
    @Test func aFlatElementFilesItsRepairsUnderItsPlaceAsTheRepairStageDoes() throws {
        let items = [#"{"n": 1, "s": "t", "d": 2, "b": true, "xs": []}"#, #"{"s": "t", "d": 2, "b": true, "xs": [5]}"#,
                     #"{"n": null, "s": {}, "d": 2, "b": true, "xs": "x"}"#, #"{"n": "9", "s": null, "d": [], "b": true}"#,
                     #"{"n": 1, "s": "t", "d": 2, "b": 7, "xs": null}"#]
        let renamed = [#"{"user_name": {}, "age": null}"#, #"{"age": "x"}"#, #"{"user_name": "u", "age": 1}"#]
        let holders = (0 ..< Self.many).map { index in
            let shift = index % items.count  // each problem at each place in the array
            let rotated = items[shift...] + items[..<shift]
            return #"{"id": \#(index), "items": [\#(rotated.joined(separator: ","))], "renamed": [\#(renamed.joined(separator: ","))]}"#
        }
        let data = Data(("[" + holders.joined(separator: ",") + "]").utf8)
        let (planned, expected) = try Self.plannedAndUnplanned([FlatHolder].self, data)
        #expect(ModelInfo.of(model: FlatFallbacks.self).hasFieldPlan)
        #expect(planned.value == expected.value)
        #expect(planned.report.issues.map(\.description) == expected.report.issues.map(\.description))
        let paths = Set(planned.report.issues.map(\.path))
        #expect(paths.isSuperset(of: ["[0].items[1].n", "[0].items[2].s", "[0].items[2].xs", "[0].items[3].n", "[0].items[4].b",
                                      "[1].items[0].n", "[7].renamed[0].userName", "[7].renamed[1].age"]))
        let mismatch = try #require(planned.report.issues.first { $0.path == "[0].items[2].s" })
        #expect(mismatch.kind == .typeMismatch(expected: "String", found: "an object") && mismatch.modelType.hasSuffix("FlatFallbacks"))
        #expect(planned.report.issues.first { $0.path == "[7].renamed[0].userName" }?.jsonKey == "user_name")
        #expect(planned.report.issues.first { $0.path == "[0].items[1].n" }?.jsonKey == nil)
    }

    struct K0: CodableModel, SynthesizedDecodable, Equatable { var k0 = 0 }
    struct K1: CodableModel, SynthesizedDecodable, Equatable { var k1 = 1 }
    struct K2: CodableModel, SynthesizedDecodable, Equatable { var k2 = 2 }
    struct K3: CodableModel, SynthesizedDecodable, Equatable { var k3 = 3 }
    struct K4: CodableModel, SynthesizedDecodable, Equatable { var k4 = 4 }
    struct K5: CodableModel, SynthesizedDecodable, Equatable { var k5 = 5 }
    struct K6: CodableModel, SynthesizedDecodable, Equatable { var k6 = 6 }
    struct K7: CodableModel, SynthesizedDecodable, Equatable { var k7 = 7 }
    struct K8: CodableModel, SynthesizedDecodable, Equatable { var k8 = 8 }
    struct K9: CodableModel, SynthesizedDecodable, Equatable { var k9 = 9, note = "" }
    struct TenModels: CodableModel, SynthesizedDecodable, Equatable {
        var m0: [K0] = [], m1: [K1] = [], m2: [K2] = [], m3: [K3] = [], m4: [K4] = []
        var m5: [K5] = [], m6: [K6] = [], m7: [K7] = [], m8: [K8] = [], m9: [K9] = []
    }

    /// Ten planned models repaired in turn, over and over (more plans than the filed paths
    /// keep the keys of at once, `FiledPaths`): each path names its own model's key.
    @Test func theKeysOfManyPlannedModelsStayTheirOwnInTheReport() throws {
        let wrong = ["null", "{}", #""x""#, "[]"]
        let holders = (0 ..< 3).map { round in
            let members = (0 ..< 10).map { model in
                let note = model == 9 ? #", "note": "n""# : ""  // K9's second key, always there
                let elements = (0 ..< Self.many).map { index in
                    let value = index % 3 == 0 ? wrong[(index + round) % wrong.count] : "\(index)"
                    return #"{"k\#(model)": \#(value)\#(note)}"#
                }
                return #""m\#(model)": [\#(elements.joined(separator: ","))]"#
            }
            return "{" + members.joined(separator: ",") + "}"
        }
        let data = Data(("[" + holders.joined(separator: ",") + "]").utf8)
        let (planned, expected) = try Self.plannedAndUnplanned([TenModels].self, data)
        #expect(ModelInfo.of(model: K9.self).hasFieldPlan)
        #expect(planned.value == expected.value)
        #expect(planned.report.issues.map(\.description) == expected.report.issues.map(\.description))
        for issue in planned.report.issues {  // `[r].mK[i].kK`
            let parts = issue.path.split(separator: ".")
            #expect(parts.count == 3 && parts[1].dropFirst().prefix { $0 != "[" } == parts[2].dropFirst(), "\(issue.path)")
        }
        #expect(planned.report.issues.count == 3 * 10 * ((Self.many + 2) / 3))
    }

    /// A flat element read whole by the plain walk (`decodePlain`) when its members are clean
    /// and in order; otherwise by `decodeFlat`, which also takes what an array's elements filed
    /// without the element's place (a conversion, a dropped element) and decodes it again with it.
    @Test func aFlatElementReadPlainlyOrNotIsTheUnplannedDecode() throws {
        let variants = [#"{"n": 1, "s": "t", "d": 2, "b": true, "xs": [1, 2, 3]}"#,
                        #"{"n": 1, "s": "t", "d": 2, "b": true, "xs": [1, "2", null, 3]}"#,
                        #"{"n": 1, "s": "t", "d": 2, "b": true, "xs": [4], "extra": [1]}"#,
                        #"{"s": "t", "n": 1, "d": 2, "b": true, "xs": [5]}"#,
                        #"{"n": 1, "s": "t", "d": 2, "b": true}"#,
                        #"{"n": 1, "n": 2, "s": "t", "d": 2, "b": true, "xs": [6]}"#,
                        #"{"n": 1, "s": "t", "d": 2, "b": true, "xs": [1.5, true, "x"]}"#]
        let objects = (0 ..< Self.many * 2).map { variants[$0 % variants.count] }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let (planned, expected) = try Self.plannedAndUnplanned([FlatFallbacks].self, data)
        #expect(ModelInfo.of(model: FlatFallbacks.self).hasFieldPlan)
        #expect(planned.value == expected.value)
        #expect(planned.report.issues.map(\.description) == expected.report.issues.map(\.description))
        #expect(try ModelDecoder().decode([FlatFallbacks].self, from: data) == expected.value)
        #expect(expected.value.prefix(6).map(\.xs) == [[1, 2, 3], [1, 2, 3], [4], [5], [4], [6]])
        #expect(planned.report.issues.contains { $0.path.hasSuffix("].xs[1]") })
        let errors = Self.strictResults([FlatFallbacks].self, data) { _ in "" }
        #expect(!errors[0].isEmpty && errors[0] == errors[1])
    }

    /// Fields that read arrays only: a member of any other kind is repaired where the plan
    /// meets it (`repairPlannedArray`); a string that opens an array is JSON in a string, read
    /// (and recorded) by the collection's own decode, or its problem when it is not JSON; an
    /// array is read through the field's `PlanArraySlot`, its bad elements dropped at their paths.
    struct Lists: CodableModel, SynthesizedDecodable, Equatable {
        var ints: [Int] = [1], names: [String] = ["a"], tags: Set<String> = ["t"], cells: [Cell] = [Cell()]
        var rows: [[Double]] = [[0]], maybe: [Int]? = [9]
    }

    @Test func anArrayFieldOfTheWrongKindIsRepairedAsTheRepairStageWould() throws {
        let wrong = ["null", "5", "true", "{}", #""n/a""#, #""  [3, 4]""#, #""[oops""#, #""""#, "[]", #"[1, "x", null, {}, [2]]"#]
        let keys = ["ints", "names", "tags", "cells", "rows", "maybe"]
        let objects = (0 ..< Self.many * 2).map { index in
            "{" + keys.enumerated().map { #""\#($1)": \#(wrong[(index + $0) % wrong.count])"# }.joined(separator: ", ") + "}"
        }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let planned = try Self.planned.decodeWithReport([Lists].self, from: data)
        #expect(ModelInfo.of(model: Lists.self).hasFieldPlan)
        let expected = try Self.unplanned.decodeWithReport([Lists].self, from: data)
        #expect(planned.value == expected.value)
        #expect(planned.report.issues.map(\.description) == expected.report.issues.map(\.description))
        #expect(try ModelDecoder().decode([Lists].self, from: data) == expected.value)
        // Each kind met: kept initial values, JSON in a string read as an array, a null, a mismatch.
        #expect(planned.value.contains { $0.ints == [3, 4] } && planned.value.contains { $0.ints == [1] })
        #expect(planned.report.issues.contains { $0.kind == .valueWasNull })
        #expect(planned.report.issues.contains { if case .typeMismatch = $0.kind { true } else { false } })
        #expect(planned.report.issues.contains { $0.path.hasSuffix("].cells[0]") })
        // Strict mode throws what the unplanned decode throws.
        let errors = Self.strictResults([Lists].self, data) { _ in "" }
        #expect(!errors[0].isEmpty && errors[0] == errors[1])
    }

    /// Every kind of field, for the walk of members in the fields' order (`fillInOrder`) and
    /// the general walk it hands over to: unknown keys between known ones, a key repeated
    /// (the first wins) or out of order, a conversion, a null or a wrong kind in the middle of
    /// an object, a nested value that needs a repair. Values, report and strict error must
    /// be the unplanned decode's, however far the in-order walk got.
    struct Mixed: CodableModel, SynthesizedDecodable, Equatable {
        var id = 1, name: String? = "n", inner = Cell(), scores: [Double] = [1], extra: Cell? = nil
        var cells: [Cell] = [], tags: [String: Int] = [:], flag = false, ids: [Int] = [7]
    }

    @Test func theInOrderWalkHandsOverWhereTheGeneralWalkMustDecide() throws {
        let clean = [("id", "5"), ("name", #""x""#), ("inner", #"{"areaId": 2, "blockIds": []}"#), ("scores", "[]"),
                     ("extra", "null"), ("cells", #"[{"areaId": 3, "blockIds": [4]}]"#), ("tags", #"{"a": 1}"#),
                     ("flag", "true"), ("ids", "[]")]
        func object(_ members: [(String, String)]) -> String {
            "{" + members.map { #""\#($0.0)": \#($0.1)"# }.joined(separator: ", ") + "}"
        }
        var variants = [object(clean), object(clean.map { ($0.0 == "name" || $0.0 == "extra") ? ($0.0, "null") : $0 })]
        for position in 0 ... clean.count {
            var unknown = clean
            unknown.insert(("unknown", #"{"id": [1, 2]}"#), at: position)
            variants.append(object(unknown))
        }
        let wrong = ["id": #""12""#, "name": "5", "inner": "[]", "scores": #""n/a""#, "extra": "3", "cells": "{}",
                     "tags": "[]", "flag": "null", "ids": #"[1, "2", null]"#]
        for (index, member) in clean.enumerated() {
            var changed = clean
            changed[index].1 = wrong[member.0]!
            variants.append(object(changed))
            var repeated = clean  // the first of a repeated key wins, the second is skipped
            repeated.insert((member.0, wrong[member.0]!), at: index + 1)
            variants.append(object(repeated))
            var early = clean  // a key ahead of its turn
            early.insert(early.remove(at: index), at: 0)
            variants.append(object(early))
            variants.append(object(clean.filter { $0.0 != member.0 }))
        }
        variants.append(object(clean.map { $0.0 == "inner" ? ($0.0, #"{"areaId": "9", "blockIds": {}}"#) : $0 }))
        let objects = (0 ..< Self.many * 2).map { variants[$0 % variants.count] }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let (planned, expected) = try Self.plannedAndUnplanned([Mixed].self, data)
        #expect(ModelInfo.of(model: Mixed.self).hasFieldPlan)
        #expect(planned.value == expected.value)
        #expect(planned.report.issues.map(\.description) == expected.report.issues.map(\.description))
        #expect(try ModelDecoder().decode([Mixed].self, from: data) == expected.value)
        #expect(expected.value[0] == Mixed(id: 5, name: "x", inner: Cell(areaId: 2, blockIds: []), scores: [], extra: nil,
                                           cells: [Cell(areaId: 3, blockIds: [4])], tags: ["a": 1], flag: true, ids: []))
        #expect(planned.report.issues.count > objects.count / 4)
        for index in [0, 1, 2, variants.count - 1] {
            let one = Data(("[" + (Array(repeating: variants[0], count: Self.many) + [variants[index]]).joined(separator: ",") + "]").utf8)
            let results = Self.strictResults([Mixed].self, one) { "\($0.last!)" }
            #expect(results[0] == results[1])
        }
    }

    /// Keys with rules where one key is a candidate of two fields (`title` for both): not
    /// walked in order, each field's member found as the container finds it, for flat
    /// elements too.
    struct Shared: CodableModel, SynthesizedDecodable, Equatable {
        var name = "", label = "", count = 0
        static func mappingForKey() -> [KeyMapping]? {
            [KeyMapping(propertyName: "name", strategy: Keys(keys: ["name", "title"])),
             KeyMapping(propertyName: "label", strategy: Keys(keys: ["label", "title"]))]
        }
        struct Keys: KeyStrategy {
            let keys: [String]
            func decodingKeys(for _: String) -> [String] { keys }
            func encodingKey(for _: String) -> String { keys[0] }
        }
    }

    @Test func aKeyTwoFieldsShareIsFoundAsTheContainerFindsIt() throws {
        let variants = [#"{"title": "t", "count": 1}"#, #"{"name": "n", "title": "t", "count": 2}"#,
                        #"{"title": "t", "label": "l", "count": 3}"#, #"{"label": "l", "name": "n", "count": 4}"#]
        let objects = (0 ..< Self.many * 2).map { variants[$0 % variants.count] }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        _ = try ModelDecoder().decode([Shared].self, from: data)  // learns the plan, which an array uses from its start
        #expect(ModelInfo.of(model: Shared.self).hasFieldPlan)
        let planned = try Self.planned.decodeWithReport([Shared].self, from: data)
        #expect(planned.value.prefix(4) == [Shared(name: "t", label: "t", count: 1), Shared(name: "n", label: "t", count: 2),
                                            Shared(name: "t", label: "l", count: 3), Shared(name: "n", label: "l", count: 4)])
        #expect(planned.value == (0 ..< objects.count).map { planned.value[$0 % variants.count] })
        #expect(planned.report.isClean)
    }

    /// A key rule: the report names the JSON key a repaired value was read from.
    struct Renamed: CodableModel, SynthesizedDecodable, Equatable {
        var userName = "anon", age = 0
        static func mappingForKey() -> [KeyMapping]? { [KeyMapping(propertyName: "userName", strategy: UserName())] }
        struct UserName: KeyStrategy {
            func decodingKeys(for _: String) -> [String] { ["user_name"] }
            func encodingKey(for _: String) -> String { "user_name" }
        }
    }

    @Test func aRepairThroughAKeyRuleNamesTheJSONKeyAsTheRepairStageDoes() throws {
        let variants = [#"{"user_name": 5, "age": null}"#, #"{"user_name": null, "age": "x"}"#, #"{"age": 3}"#,
                        #"{"userName": [], "age": {}}"#, #"{"user_name": "u", "age": 1}"#]
        let objects = (0 ..< Self.many * 2).map { variants[$0 % variants.count] }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let planned = try Self.planned.decodeWithReport([Renamed].self, from: data)
        #expect(ModelInfo.of(model: Renamed.self).hasFieldPlan)
        let expected = try Self.unplanned.decodeWithReport([Renamed].self, from: data)
        #expect(planned.value == expected.value)
        #expect(planned.report.issues.map(\.description) == expected.report.issues.map(\.description))
        // A number where the rule's key holds a string, and a key looked for in vain: the JSON key is the rule's.
        #expect(planned.report.issues.compactMap(\.jsonKey)
            == objects.filter { $0 == variants[0] || $0 == variants[2] }.map { _ in "user_name" })
    }
}
