import Foundation
import Testing
@testable import CodableKit
import CodableKitTestSupport

/// Field plans (`FieldPlan`): made only for models that declare `SynthesizedDecodable`,
/// learned only for what a synthesized `init(from:)` does, and
/// a planned decode gives what `init(from:)` gives — value, report, error — on clean and
/// dirty data alike. Each test decodes more objects of a type than `FieldPlan.learnAfter`,
/// so that the later ones take the plan.
@Suite struct FieldPlanTests {
    static let many = FieldPlan.learnInFirstDecode + 8

    struct Area: CodableModel, SynthesizedDecodable, Equatable { var areaId = 0, blockIds: [Int] = [] }

    /// Renamed keys, optionals, a dozen booleans, nested models, arrays, dictionaries, `JSONValue`.
    struct Wide: CodableModel, SynthesizedDecodable, Equatable {
        var id = 0, name = "", ratio = 0.0
        var a = false, b = false, c = false, d = false, e = false, f = false, g = false, h = false, i = false, j = false, k = false
        var note: String?, count: Int?, tags: [String] = [], scores: [Double] = [], flags: [Bool]? = nil
        var area = Area(), areas: [Area] = [], byName: [String: Area] = [:], maybe: Area?
        var raw: JSONValue?, extra: [JSONValue] = []
        enum CodingKeys: String, CodingKey {
            case id = "ID", name = "full_name", ratio, a, b, c, d, e, f, g, h, i, j, k, note, count, tags, scores, flags
            case area, areas, byName = "by_name", maybe, raw, extra
        }
    }

    /// Two properties whose keys are each other's names.
    struct Swapped: CodableModel, SynthesizedDecodable, Equatable {
        var first = "", second = ""
        enum CodingKeys: String, CodingKey { case first = "second", second = "first" }
    }

    static func wideJSON(_ index: Int) -> String {
        #"{"ID": \#(index), "full_name": "n\#(index)", "ratio": 0.5, "a": true, "b": false, "c": true, "d": false, "e": true,"#
            + #" "f": false, "g": true, "h": false, "i": true, "j": false, "k": true, "note": null, "count": \#(index * 2),"#
            + #" "tags": ["x", "y"], "scores": [1.5, 2], "flags": [true], "area": {"areaId": 1, "blockIds": [1, 2]},"#
            + #" "areas": [{"areaId": 2, "blockIds": []}], "by_name": {"k": {"areaId": 3, "blockIds": [3]}}, "maybe": null,"#
            + #" "raw": {"any": [1, "two", null]}, "extra": [1, {"b": false}], "unknown": {"skipped": [1, 2, 3]}}"#
    }

    @Test func aDeclaredModelGetsAPlanAndItsValuesAreJSONDecoders() throws {
        #expect(FieldPlan.learn(Area.self) != nil)
        #expect(FieldPlan.learn(Wide.self) != nil)
        let data = Data(("[" + (0 ..< Self.many).map(Self.wideJSON).joined(separator: ",") + "]").utf8)
        let (mine, report) = try ModelDecoder().decodeWithReport([Wide].self, from: data)
        #expect(report.isClean)
        #expect(mine == (try JSONDecoder().decode([Wide].self, from: data)))
        #expect(ModelInfo.of(model: Wide.self).hasFieldPlan)
        #expect(ModelInfo.of(model: Area.self).hasFieldPlan)
    }

    /// The same shape without the word: its `init(from:)` runs for every object, however many.
    struct Undeclared: CodableModel, Equatable { var areaId = 0, blockIds: [Int] = [] }

    @Test func aModelWithoutTheWordIsNeverPlannedNorProbed() throws {
        let data = Data(("[" + (0 ..< Self.many).map { #"{"areaId": \#($0), "blockIds": [\#($0)]}"# }.joined(separator: ",") + "]").utf8)
        for _ in 0 ..< 3 {
            #expect(try ModelDecoder().decode([Undeclared].self, from: data) == (try JSONDecoder().decode([Undeclared].self, from: data)))
        }
        #expect(!ModelInfo.of(model: Undeclared.self).hasFieldPlan)
    }

    /// The word given from another module than the model's is not seen: its `init(from:)` runs.
    @Test func theWordFromAnotherModuleIsNotSeen() throws {
        func word(_ model: any DecodableModel.Type) -> Bool { model._isSynthesizedDecodable }  // as the decoder asks it
        #expect(!word(ForeignModel.self) && word(Area.self) && !word(Undeclared.self))
        let data = Data(("[" + (0 ..< Self.many).map { #"{"id": \#($0)}"# }.joined(separator: ",") + "]").utf8)
        for _ in 0 ..< 3 { #expect(try ModelDecoder().decode([ForeignModel].self, from: data).map(\.id) == Array(0 ..< Self.many)) }
        #expect(!ModelInfo.of(model: ForeignModel.self).hasFieldPlan)
    }

    struct Learned: CodableModel, SynthesizedDecodable, Equatable { var id = 0, name = "" }

    /// A first decode of a type pays for learning its plan only when it holds enough objects
    /// to earn it back; a later decode learns it after a few.
    @Test func aPlanIsLearnedInAFirstDecodeOfManyObjectsOrInALaterOne() throws {
        func objects(_ count: Int) -> Data {
            Data(("[" + (0 ..< count).map { #"{"id": \#($0), "name": "n"}"# }.joined(separator: ",") + "]").utf8)
        }
        let few = FieldPlan.learnInFirstDecode / 2
        _ = try ModelDecoder().decode([Learned].self, from: objects(few))
        #expect(!ModelInfo.of(model: Learned.self).hasFieldPlan)
        let values = try ModelDecoder().decode([Learned].self, from: objects(FieldPlan.learnAfter * 2))
        #expect(ModelInfo.of(model: Learned.self).hasFieldPlan)
        #expect(values == (try JSONDecoder().decode([Learned].self, from: objects(FieldPlan.learnAfter * 2))))
        // Within a first decode: enough arrays of `Counted` in one payload.
        _ = try ModelDecoder().decode([Holder].self, from: Data(("[" + Array(repeating: #"{"items": [{"count": 1}]}"#,
                                                                                       count: Self.many).joined(separator: ",") + "]").utf8))
        #expect(ModelInfo.of(model: Counted.self).hasFieldPlan)
    }

    struct Counted: CodableModel, SynthesizedDecodable { var count = 0 }
    struct Holder: CodableModel, SynthesizedDecodable { var items: [Counted] = [] }

    @Test func keysThatAreOtherPropertiesNamesGoWhereInitFromPutsThem() throws {
        #expect(FieldPlan.learn(Swapped.self) != nil)
        let data = Data(("[" + (0 ..< Self.many).map { #"{"first": "f\#($0)", "second": "s\#($0)"}"# }.joined(separator: ",") + "]").utf8)
        let mine = try ModelDecoder().decode([Swapped].self, from: data)
        #expect(mine == (try JSONDecoder().decode([Swapped].self, from: data)))
        #expect(mine.last == Swapped(first: "s\(Self.many - 1)", second: "f\(Self.many - 1)"))
    }

    /// A hand-written `init(from:)` that fills each property from one key, unchanged, is
    /// what a plan stands for, whichever key fills which property.
    struct SwappingValues: CodableModel, SynthesizedDecodable, Equatable {
        var on = false, off = false
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            off = try container.decode(Bool.self, forKey: .on)
            on = try container.decode(Bool.self, forKey: .off)
        }
    }

    @Test func aPlanFillsEachPropertyFromTheKeyInitFromReads() throws {
        #expect(FieldPlan.learn(SwappingValues.self) != nil)
        let data = Data(("[" + (0 ..< Self.many).map { #"{"on": true, "off": \#($0 % 2 == 0)}"# }.joined(separator: ",") + "]").utf8)
        let mine = try ModelDecoder().decode([SwappingValues].self, from: data)
        #expect(mine == (try JSONDecoder().decode([SwappingValues].self, from: data)))
        #expect(mine.allSatisfy { $0.off })
        #expect(ModelInfo.of(model: SwappingValues.self).hasFieldPlan)
    }

    struct Rules: CodableModel, SynthesizedDecodable, Equatable {
        var userName = ""
        static func mappingForKey() -> [KeyMapping]? { [KeyMapping(propertyName: "userName", strategy: UserName())] }
        struct UserName: KeyStrategy {
            func decodingKeys(for _: String) -> [String] { ["user_name"] }
            func encodingKey(for _: String) -> String { "user_name" }
        }
    }

    /// Key rules and strategies: each field's member is found through the key table, as the
    /// container finds it (the rule's key first, the property's name last).
    @Test func modelsWithKeyRulesFindTheirMembersAsTheContainerDoes() throws {
        let objects = (0 ..< Self.many).map { index in
            index % 2 == 0 ? #"{"user_name": "u\#(index)", "userName": "plain"}"# : #"{"userName": "p\#(index)", "user_name": null}"#
        }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let names = try ModelDecoder().decode([Rules].self, from: data).map(\.userName)
        #expect(names == (0 ..< Self.many).map { $0 % 2 == 0 ? "u\($0)" : "p\($0)" })
        #expect(ModelInfo.of(model: Rules.self).hasFieldPlan)
    }

    struct Ordered: CodableModel, SynthesizedDecodable, Equatable { var a = 0, b = 0, c = 0, d: Int? = nil }

    /// Members in another order than the model's: repairs are made, and reported, in the
    /// order `init(from:)` asks for the keys, before and after the plan.
    @Test func repairsFollowTheModelsOrderWhateverTheMembersOrder() throws {
        let object = #"{"d": "4", "c": "3", "b": true, "a": "1"}"#
        let data = Data(("[" + Array(repeating: object, count: Self.many).joined(separator: ",") + "]").utf8)
        let (values, report) = try ModelDecoder(options: .keepingEveryIssue).decodeWithReport([Ordered].self, from: data)
        #expect(ModelInfo.of(model: Ordered.self).hasFieldPlan)
        #expect(values.allSatisfy { $0 == Ordered(a: 1, b: 1, c: 3, d: 4) })
        let last = report.issues.suffix(4).map(\.path)
        let index = Self.many - 1
        #expect(last == ["[\(index)].a", "[\(index)].b", "[\(index)].c", "[\(index)].d"])
        #expect(report.issues.prefix(4).map(\.path) == ["[0].a", "[0].b", "[0].c", "[0].d"])
    }

    /// `firstName` → `first_name` (this target does not link the key strategies plugin).
    struct Snake: KeyStrategy {
        func decodingKeys(for propertyName: String) -> [String] { [encodingKey(for: propertyName)] }
        func encodingKey(for propertyName: String) -> String {
            propertyName.reduce(into: "") { $0 += $1.isUppercase ? "_" + $1.lowercased() : String($1) }
        }
    }

    struct Person: CodableModel, SynthesizedDecodable, Equatable { var firstName = "", lastName: String? = nil, yearsOld = 0 }

    /// A call's key strategy: each field's candidates (`first_name`, then `firstName`) found
    /// in one walk, the best present and not null winning, as the container's lookups do.
    @Test func keyStrategiesFindTheKeysTheContainerWould() throws {
        let objects = (0 ..< Self.many).map { index in
            switch index % 3 {
            case 0: #"{"first_name": "f\#(index)", "firstName": "no", "last_name": null, "lastName": "l", "years_old": \#(index)}"#
            case 1: #"{"firstName": "f\#(index)", "first_name": null, "years_old": "\#(index)", "last_name": "x", "last_name": "y"}"#
            default: #"{"years_old": \#(index), "first_name": "f\#(index)"}"#
            }
        }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let options = DecodingOptions(keyStrategies: [Snake()])
        let (people, report) = try ModelDecoder(options: options).decodeWithReport([Person].self, from: data)
        #expect(ModelInfo.of(model: Person.self).hasFieldPlan)
        #expect(people.map(\.firstName) == (0 ..< Self.many).map { "f\($0)" })
        #expect(people.map(\.lastName) == (0 ..< Self.many).map { $0 % 3 == 0 ? "l" : $0 % 3 == 1 ? "x" : nil })
        #expect(people.map(\.yearsOld) == Array(0 ..< Self.many))
        #expect(report.issues.map(\.path) == (0 ..< Self.many).filter { $0 % 3 == 1 }.map { "[\($0)].yearsOld" })
    }

    /// The walk in the fields' order (`fillInOrder`) takes a field's best candidate only when
    /// it is not null: a null one there leaves the field to the container's lookup, which
    /// takes a worse candidate present later, or the null when there is none.
    @Test func aNullBestCandidateInOrderLeavesTheFieldToALaterCandidate() throws {
        let objects = (0 ..< Self.many).map { index in
            index % 2 == 0 ? #"{"first_name": "f", "last_name": null, "lastName": "l\#(index)", "years_old": 1}"#
                : #"{"first_name": "f", "last_name": null, "years_old": 1}"#
        }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let decoder = ModelDecoder(options: DecodingOptions(keyStrategies: [Snake()]))
        _ = try decoder.decode([Person].self, from: data)  // learns the plan, which an array uses from its start
        #expect(ModelInfo.of(model: Person.self).hasFieldPlan)
        let people = try decoder.decode([Person].self, from: data)
        #expect(people.map(\.lastName) == (0 ..< Self.many).map { $0 % 2 == 0 ? "l\($0)" : nil })
        #expect(people.allSatisfy { $0.firstName == "f" && $0.yearsOld == 1 })
    }

    /// A model whose `init(from:)` was seen asking `contains` is never run against a probe.
    // MARK: Dirty data: what init(from:) gives, report and errors included

    struct Repaired: CodableModel, SynthesizedDecodable, Equatable {
        var id = 0, name = "none", tags: [Int] = [9], note: String? = "kept", inner = Area()
    }

    @Test func repairsAreTheSameBeforeAndAfterThePlan() throws {
        // Every object has the same problems: a number in a string, a missing key, a null,
        // a bad element, a wrong kind in a nested model.
        let object = #"{"id": "27", "tags": [1, "x", 3], "note": null, "inner": {"areaId": true, "blockIds": []}}"#
        let data = Data(("[" + Array(repeating: object, count: Self.many).joined(separator: ",") + "]").utf8)
        let (values, report) = try ModelDecoder(options: .keepingEveryIssue).decodeWithReport([Repaired].self, from: data)
        #expect(values.allSatisfy { $0 == values[0] })
        #expect(values.first == Repaired(id: 27, name: "none", tags: [1, 3], note: nil, inner: Area(areaId: 1, blockIds: [])))
        let perObject = report.issues.count / Self.many
        #expect(perObject >= 4 && report.issues.count == perObject * Self.many)
        // Each issue's path without its element index, and its kind, in order.
        func shape(_ issue: DecodingIssue) -> String { "\(issue.kind) " + issue.path.drop { $0 != "]" } }
        #expect(report.issues.prefix(perObject).map(shape) == report.issues.suffix(perObject).map(shape))
        #expect(report.issues.last?.path.hasPrefix("[\(Self.many - 1)]") == true)
    }

    struct Cell: CodableModel, SynthesizedDecodable, Equatable { var areaId = 0, blockIds: [Int] = [] }

    struct Node: CodableModel, SynthesizedDecodable, Equatable { var value = 0, children: [Node] = [] }

    /// A repair deep inside planned objects is made where it is, once: no level decodes its
    /// subtree again (a plan that handed such objects back to `init(from:)` at every level
    /// would decode the leaf 2^depth times).
    @Test(.timeLimit(.minutes(1))) func aDeepRepairIsMadeOnce() throws {
        let depth = 60
        let chain = String(repeating: #"{"value": 1, "children": ["#, count: depth) + #"{"value": "2"}"# + String(repeating: "]}", count: depth)
        let data = Data(("[" + Array(repeating: chain, count: 3).joined(separator: ",") + "]").utf8)
        let (nodes, report) = try ModelDecoder().decodeWithReport([Node].self, from: data)
        #expect(ModelInfo.of(model: Node.self).hasFieldPlan)
        #expect(report.issues.count == 6)  // per chain: the leaf's "2" converted, its `children` missing
        var leaf = nodes[2]
        while let child = leaf.children.first { leaf = child }
        #expect(leaf.value == 2)
    }

    /// Scalars and arrays of scalars only: elements are tried without their path and frame.
    struct Flat: CodableModel, SynthesizedDecodable, Equatable { var n = 0, xs: [Int] = [], label: String? = "x" }

    @Test func aFlatElementThatNeedsARepairIsReportedAsBeforeThePlan() throws {
        #expect(try #require(FieldPlan.learn(Flat.self)).isFlat)
        var objects = Array(repeating: #"{"n": 1, "xs": [1, 2], "label": null}"#, count: Self.many)
        for index in [1, Self.many - 1] { objects[index] = #"{"n": "5", "xs": [1, "a", 3]}"# }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let (values, report) = try ModelDecoder().decodeWithReport([Flat].self, from: data)
        #expect(ModelInfo.of(model: Flat.self).hasFieldPlan)
        #expect(values[Self.many - 1] == Flat(n: 5, xs: [1, 3], label: "x"))
        #expect(values[1] == values[Self.many - 1] && values[0] == Flat(n: 1, xs: [1, 2], label: nil))
        #expect(try ModelDecoder().decode([Flat].self, from: data) == values)  // unrecorded repairs: the same values
        #expect(report.issues.map(\.path) == ["[1].n", "[1].xs[1]", "[\(Self.many - 1)].n", "[\(Self.many - 1)].xs[1]"])
    }

    @Test func strictErrorsAreJSONDecodersAfterThePlanToo() throws {
        var objects = (0 ..< Self.many).map { #"{"areaId": \#($0), "blockIds": [\#($0)]}"# }
        objects[Self.many - 2] = #"{"areaId": 1, "blockIds": [1, "two"]}"#
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        _ = try ModelDecoder().decode([Cell].self, from: Data(("[" + objects.prefix(Self.many - 2).joined(separator: ",") + "]").utf8))
        #expect(ModelInfo.of(model: Cell.self).hasFieldPlan)
        let strict = ModelDecoder(options: DecodingOptions(mode: .strict))
        let mine = try #require(throws: DecodingError.self) { try strict.decode([Cell].self, from: data) }
        let theirs = try #require(throws: DecodingError.self) { try JSONDecoder().decode([Cell].self, from: data) }
        #expect(DecodingErrorShape(mine) == DecodingErrorShape(theirs))
    }

    /// Counts the instances alive, to see that a planned array that throws part way frees the
    /// elements made before it threw.
    final class Tracked: Decodable {
        static let live = Locked(0)
        init(from decoder: any Decoder) throws {
            _ = try decoder.singleValueContainer().decode(Int.self)
            Self.live.withLock { $0 += 1 }
        }
        deinit { Self.live.withLock { $0 -= 1 } }
    }

    struct TrackedHolder: SynthesizedDecodable { var n = 0, tracked: [Tracked] = [] }

    @Test func aPlannedArrayThatThrowsPartWayFreesTheElementsItMade() throws {
        var objects = (0 ..< Self.many).map { #"{"n": \#($0), "tracked": [\#($0)]}"# }
        _ = try ModelDecoder().decode([TrackedHolder].self, from: Data(("[" + objects.joined(separator: ",") + "]").utf8))
        #expect(ModelInfo.of(model: TrackedHolder.self).hasFieldPlan)
        #expect(Tracked.live.withLock { $0 } == 0)
        objects[Self.many - 2] = #"{"n": "two", "tracked": [2]}"#
        let strict = ModelDecoder(options: DecodingOptions(mode: .strict))
        #expect(throws: DecodingError.self) { try strict.decode([TrackedHolder].self, from: Data(("[" + objects.joined(separator: ",") + "]").utf8)) }
        #expect(Tracked.live.withLock { $0 } == 0)
    }

    struct DefaultedOptional: CodableModel, SynthesizedDecodable, Equatable { var id = 0, label: String? = "default" }

    @Test func anAbsentOptionalKeepsItsInitialValueInTolerantModeAndIsNilInStrict() throws {
        let data = Data(("[" + (0 ..< Self.many).map { #"{"id": \#($0)}"# }.joined(separator: ",") + "]").utf8)
        #expect(try ModelDecoder().decode([DefaultedOptional].self, from: data).allSatisfy { $0.label == "default" })
        let strict = try ModelDecoder(options: DecodingOptions(mode: .strict)).decode([DefaultedOptional].self, from: data)
        #expect(strict.allSatisfy { $0.label == nil })
        #expect(strict == (try JSONDecoder().decode([DefaultedOptional].self, from: data)))
    }

    @Test func aRepeatedKeyReadsItsFirstValueAsTheContainerDoes() throws {
        let data = Data(("[" + (0 ..< Self.many).map { #"{"areaId": \#($0), "areaId": -1, "blockIds": []}"# }.joined(separator: ",") + "]").utf8)
        #expect(try ModelDecoder().decode([Area].self, from: data).map(\.areaId) == Array(0 ..< Self.many))
    }

    @Test func escapedKeysAreMatchedByTheirText() throws {
        let data = Data(("[" + (0 ..< Self.many).map { #"{"area\u0049d": \#($0), "blockIds": []}"# }.joined(separator: ",") + "]").utf8)
        #expect(try ModelDecoder().decode([Area].self, from: data).map(\.areaId) == Array(0 ..< Self.many))
    }

    struct Finishing: CodableModel, SynthesizedDecodable, Equatable {
        var value = 0, doubled = 0
        mutating func didFinishMapping() { doubled = value * 2 }
    }

    @Test func didFinishMappingRunsOnPlannedObjects() throws {
        let data = Data(("[" + (0 ..< Self.many).map { #"{"value": \#($0)}"# }.joined(separator: ",") + "]").utf8)
        #expect(try ModelDecoder().decode([Finishing].self, from: data).allSatisfy { $0.doubled == $0.value * 2 })
    }

    struct Raced: CodableModel, SynthesizedDecodable, Equatable { var id = 0, name = "", nested: [Area] = [] }

    @Test func threadsLearningOneTypeAtOnceAgree() async throws {
        let data = Data(("[" + (0 ..< Self.many).map { #"{"id": \#($0), "name": "n", "nested": [{"areaId": \#($0), "blockIds": [1]}]}"# }
            .joined(separator: ",") + "]").utf8)
        let expected = try JSONDecoder().decode([Raced].self, from: data)
        let results = try await withThrowingTaskGroup(of: [Raced].self) { group in
            for _ in 0 ..< 8 { group.addTask { try ModelDecoder().decode([Raced].self, from: data) } }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.allSatisfy { $0 == expected })
        #expect(ModelInfo.of(model: Raced.self).hasFieldPlan)
    }
}

/// A `DecodingError`'s case and coding path, to compare two decoders' errors.
private struct DecodingErrorShape: Equatable {
    let kind: String
    let path: [String]

    init(_ error: DecodingError) {
        switch error {
        case let .typeMismatch(_, context): (kind, path) = ("typeMismatch", context.codingPath.map(\.stringValue))
        case let .valueNotFound(_, context): (kind, path) = ("valueNotFound", context.codingPath.map(\.stringValue))
        case let .keyNotFound(key, context): (kind, path) = ("keyNotFound", (context.codingPath + [key]).map(\.stringValue))
        case let .dataCorrupted(context): (kind, path) = ("dataCorrupted", context.codingPath.map(\.stringValue))
        @unknown default: (kind, path) = ("unknown", [])
        }
    }
}

extension ForeignModel: SynthesizedDecodable {}
