import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// Declared models (`SynthesizedEncodable`) are written by encode plans: the bytes must be
/// those of `encode(to:)` through the container path, in every configuration, and those of
/// `JSONEncoder` with sorted keys; models without the word keep their own `encode(to:)`.
@Suite struct EncodePlanTests {
    enum Kind: String, Codable { case small, large }

    struct Leaf: CodableModel, SynthesizedCodable, Equatable {
        var id = 0, name = "", score = 0.0
        var tags: [String] = []
    }

    struct Everything: CodableModel, SynthesizedCodable, Equatable {
        var text = "", int = 0, flag = false, double = 0.0, float: Float = 0
        var int8: Int8 = 0, int32: Int32 = 0, uint64: UInt64 = 0
        var maybeText: String?, maybeInt: Int?, maybeFlag: Bool?, maybeDouble: Double?, maybeLeaf: Leaf?
        var leaf = Leaf(), leaves: [Leaf] = [], grid: [[Double]] = [], maybes: [Int?] = [], ids: [Int] = []
        var byName: [String: String] = [:], counts: [String: Int] = [:], leafByName: [String: Leaf] = [:], lists: [String: [Int]] = [:]
        var date = Date(timeIntervalSince1970: 0), url: URL?, data = Data(), decimal = Decimal(0), json: JSONValue = .null, kind = Kind.small
        var renamed = "", omitted = "kept out"
        enum CodingKeys: String, CodingKey {
            case text, int, flag, double, float, int8, int32, uint64, maybeText, maybeInt, maybeFlag, maybeDouble, maybeLeaf
            case leaf, leaves, grid, maybes, ids, byName, counts, leafByName, lists, date, url, data, decimal, json, kind
            case renamed = "re/named \"key\""
        }
    }

    static func sample(_ index: Int) -> Everything {
        var value = Everything()
        value.text = "line \(index)\n\t\"quoted\" / é 🎉"
        value.int = index * 7919 - 40_000
        value.flag = index % 2 == 0
        value.double = Double(index) * 0.1 - 3
        value.float = Float(index) / 3
        value.int8 = Int8(truncatingIfNeeded: index * 31)
        value.int32 = Int32(truncatingIfNeeded: index * 1_000_003)
        value.uint64 = UInt64(index) &* 0x9E37_79B9_7F4A_7C15
        if index % 3 != 0 {
            value.maybeText = "m\(index)"
            value.maybeInt = index
            value.maybeFlag = true
            value.maybeDouble = 1e-7 * Double(index)
            value.maybeLeaf = Leaf(id: index, name: "maybe", score: 2.5, tags: ["a"])
        }
        value.leaf = Leaf(id: index, name: "leaf \(index)", score: Double(index) / 7, tags: (0 ..< index % 4).map { "t\($0)" })
        value.leaves = (0 ..< index % 5).map { Leaf(id: $0, name: "n\($0)", score: 1e21 * Double($0), tags: []) }
        value.grid = (0 ..< index % 3).map { row in (0 ..< 3).map { Double(row) * 1.5 + Double($0) } }
        value.maybes = [1, nil, index]
        value.ids = (0 ..< index % 4).map { $0 * 1_000_003 - index }  // empty, one, several, negative
        value.byName = ["a": "x", "b/c": "y\(index)"]
        value.counts = ["one": 1, "many": index]
        value.leafByName = index % 2 == 0 ? ["first": Leaf(id: 1, name: "f", score: 0, tags: ["z"])] : [:]
        value.lists = ["ids": [index, index + 1]]
        value.date = Date(timeIntervalSince1970: Double(index) * 86400.5)
        value.url = index % 2 == 0 ? URL(string: "https://example.com/\(index)?q=a/b") : nil
        value.data = Data([UInt8(index & 0xFF), 1, 2])
        value.decimal = Decimal(index) / 4
        value.json = index % 2 == 0 ? .object(["k": .array([.int(1), .string("s")])]) : .double(0.5)
        value.kind = index % 2 == 0 ? .small : .large
        value.renamed = "r\(index)"
        value.omitted = "never written \(index)"
        return value
    }

    /// The bytes of `value` by plan and by `encode(to:)`, for `configure`d encoders.
    static func bothWays<T: Encodable>(_ value: T, _ configure: (inout EncodingOptions) -> Void = { _ in }) throws -> (planned: Data, container: Data) {
        var options = EncodingOptions()
        configure(&options)
        let planned = try ModelEncoder(options: options).encode(value)
        options.usesEncodePlans = false
        return (planned, try ModelEncoder(options: options).encode(value))
    }

    static let values = (0 ..< 40).map(sample)

    @Test func aPlanWritesTheBytesOfTheContainerPath() throws {
        let (planned, container) = try Self.bothWays(Self.values)
        #expect(String(decoding: planned, as: UTF8.self) == String(decoding: container, as: UTF8.self))
        #expect(ModelInfo.of(Everything.self).encodePlans.hasPlan)
        #expect(ModelInfo.of(Leaf.self).encodePlans.hasPlan)
        #expect(try ModelDecoder().decode([Everything].self, from: planned).map(\.leaf) == Self.values.map(\.leaf))
    }

    @Test(arguments: ["snake", "strategies", "nilAsNull", "pretty", "slashes", "dates", "floats"])
    func aPlanWritesTheBytesOfTheContainerPathInEveryConfiguration(_ configuration: String) throws {
        var values = Self.values
        if configuration == "floats" { values[3].double = .infinity; values[5].grid = [[.nan]]; values[7].maybeDouble = -.infinity }
        let (planned, container) = try Self.bothWays(values) { options in
            switch configuration {
            case "snake": options.keyEncodingStrategy = .convertToSnakeCase
            case "strategies": options.keyStrategies = [UpperCased()]
            case "nilAsNull": options.nilAsNull = true
            case "pretty": options.outputFormatting = .prettyPrinted
            case "slashes": options.outputFormatting = .withoutEscapingSlashes
            case "dates": options.dateEncodingStrategy = .iso8601
            default: options.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
            }
        }
        #expect(String(decoding: planned, as: UTF8.self) == String(decoding: container, as: UTF8.self))
    }

    struct UpperCased: KeyStrategy {
        func decodingKeys(for propertyName: String) -> [String] { [propertyName.uppercased()] }
        func encodingKey(for propertyName: String) -> String { propertyName.uppercased() }
    }

    @Test func aPlanWritesWhatJSONEncoderWritesWithSortedKeys() throws {
        let sorted = ModelEncoder()
        sorted.outputFormatting = .sortedKeys
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        // The planned bytes, read back and written sorted, are JSONEncoder's for the same values.
        let planned = try ModelEncoder().encode(Self.values)
        let reread = try JSONSerialization.jsonObject(with: planned) as! [Any]
        let viaFoundation = try JSONSerialization.jsonObject(with: foundation.encode(Self.values)) as! [Any]
        #expect(NSArray(array: reread).isEqual(to: viaFoundation))
        #expect(try sorted.encode(Self.values) == foundation.encode(Self.values))
    }

    /// A member's comma and key are one stored run (compact output): the first member written
    /// has none, whichever field it is — leading nils left out — and keys of every length
    /// around the 16 bytes copied as two words come out whole: the container path's bytes, and
    /// `JSONEncoder`'s objects.
    @Test func keysOfEveryLengthAfterLeadingNilsAreJSONEncoders() throws {
        struct Sparse: CodableModel, SynthesizedCodable {
            var a: Int?, bb: String?, key_of_twelve: Int?, exactly_fifteen: Int?, sixteen_bytes_ok: Int?, longer_than_sixteen: Int?
            var a_key_long_enough_to_take_the_memcpy_path: String?, z: Bool?
        }
        var values: [Sparse] = []
        for mask in 0 ..< 256 {
            var value = Sparse()
            if mask & 1 != 0 { value.a = mask }
            if mask & 2 != 0 { value.bb = "b\(mask)" }
            if mask & 4 != 0 { value.key_of_twelve = -mask }
            if mask & 8 != 0 { value.exactly_fifteen = mask * 3 }
            if mask & 16 != 0 { value.sixteen_bytes_ok = 16 }
            if mask & 32 != 0 { value.longer_than_sixteen = 17 }
            if mask & 64 != 0 { value.a_key_long_enough_to_take_the_memcpy_path = "long/\(mask)" }
            if mask & 128 != 0 { value.z = mask % 3 == 0 }
            values.append(value)
        }
        for format in [[], JSONEncoder.OutputFormatting.prettyPrinted, .withoutEscapingSlashes] {
            for _ in 0 ..< 3 {  // past the point where the plan is learned
                let (planned, container) = try Self.bothWays(values) { $0.outputFormatting = format }
                #expect(String(decoding: planned, as: UTF8.self) == String(decoding: container, as: UTF8.self))
                // JSONEncoder orders an object's keys its own way: compared as objects.
                let foundation = JSONEncoder()
                foundation.outputFormatting = format
                let ours = try JSONSerialization.jsonObject(with: planned) as! [Any]
                #expect(NSArray(array: ours).isEqual(to: try JSONSerialization.jsonObject(with: foundation.encode(values)) as! [Any]))
            }
        }
        #expect(ModelInfo.of(Sparse.self).encodePlans.hasPlan)
    }

    @Test func aNonFiniteNumberThrowsTheContainerPathsError() throws {
        var values = Self.values
        values[2].leaves = [Leaf(id: 0, name: "", score: .nan, tags: [])]
        let planned = #expect(throws: EncodingError.self) { try ModelEncoder().encode(values) }
        var options = EncodingOptions()
        options.usesEncodePlans = false
        let container = #expect(throws: EncodingError.self) { try ModelEncoder(options: options).encode(values) }
        guard case let .invalidValue(_, plannedContext)? = planned, case let .invalidValue(_, containerContext)? = container else { return }
        #expect(plannedContext.codingPath.map(\.stringValue) == ["Index 2", "leaves", "Index 0", "score"])
        #expect(plannedContext.codingPath.map(\.stringValue) == containerContext.codingPath.map(\.stringValue))
        #expect(plannedContext.debugDescription == containerContext.debugDescription)
    }

    /// A kernel value is written in place by a plan and in a collection, its coding path made
    /// only when asked: a date strategy that refuses one sees the container path's path.
    struct Dated: CodableModel, SynthesizedCodable, Equatable { var name = "", when = Date(timeIntervalSince1970: 0), extra: JSONValue? = nil }

    @Test func aKernelValueThatThrowsHasTheContainerPathsPath() throws {
        let fine = ["a": [Dated(), Dated(name: "b", when: Date(timeIntervalSince1970: 1), extra: .array([.int(1)]))]]
        let (planned, container) = try Self.bothWays(fine) { $0.dateEncodingStrategy = .secondsSince1970 }
        #expect(planned == container)
        #expect(String(decoding: planned, as: UTF8.self) == #"{"a":[{"name":"","when":0},{"name":"b","when":1,"extra":[1]}]}"#)
        let (dates, containerDates) = try Self.bothWays([[Date(timeIntervalSince1970: 1)], []]) { $0.dateEncodingStrategy = .secondsSince1970 }
        #expect(dates == containerDates && String(decoding: dates, as: UTF8.self) == "[[1],[]]")
        var broken = fine
        broken["a"]![1].when = Date(timeIntervalSince1970: 7)
        var paths: [[String]] = []
        for usesPlans in [true, false] {
            var options = EncodingOptions()
            options.usesEncodePlans = usesPlans
            options.dateEncodingStrategy = .custom { date, encoder in
                guard date.timeIntervalSince1970 != 7 else {
                    throw EncodingError.invalidValue(date, .init(codingPath: encoder.codingPath, debugDescription: "seven"))
                }
                var single = encoder.singleValueContainer()
                try single.encode(date.timeIntervalSince1970)
            }
            for value in [broken as any Encodable, ["k": [Date(timeIntervalSince1970: 1), Date(timeIntervalSince1970: 7)]]] {
                let error = #expect(throws: EncodingError.self) { try ModelEncoder(options: options).encode(value) }
                guard case let .invalidValue(_, context)? = error else { continue }
                paths.append(context.codingPath.map(\.stringValue))
            }
        }
        #expect(paths == [["a", "Index 1", "when"], ["k", "Index 1"], ["a", "Index 1", "when"], ["k", "Index 1"]])
    }

    /// Rules of the model's own: a key rule, a value rule, an omitted and a renamed key.
    struct Ruled: CodableModel, SynthesizedCodable, Equatable {
        var userName = "", when = Date(timeIntervalSince1970: 0), plain = 1
        static func mappingForKey() -> [KeyMapping]? { [KeyMapping(propertyName: "userName", strategy: Fixed(key: "user_name"))] }
        static func mappingForValue() -> [ValueMapping]? { [CodingKeys.when <--- Seconds()] }
    }

    struct Fixed: KeyStrategy {
        let key: String
        func decodingKeys(for _: String) -> [String] { [key] }
        func encodingKey(for _: String) -> String { key }
    }

    struct Seconds: ValueTransformable {
        func transformFromJSON(_ value: JSONValue) -> Date? { value.converted(to: Double.self).map(Date.init(timeIntervalSince1970:)) }
        func transformToJSON(_ value: Date) -> Double? { value.timeIntervalSince1970 }
    }

    /// An optional property with a value rule: nil leaves the key out, a value goes through the rule.
    struct RuledOptional: CodableModel, SynthesizedCodable, Equatable {
        var when: Date?, plain = 1
        static func mappingForValue() -> [ValueMapping]? { [CodingKeys.when <--- Seconds()] }
    }

    @Test func anOptionalPropertysRuleAppliesAsThroughItsContainer() throws {
        let values = (0 ..< 6).map { RuledOptional(when: $0 % 2 == 0 ? Date(timeIntervalSince1970: Double($0)) : nil, plain: $0) }
        for nilAsNull in [false, true] {
            let (planned, container) = try Self.bothWays(values) { $0.nilAsNull = nilAsNull }
            #expect(String(decoding: planned, as: UTF8.self) == String(decoding: container, as: UTF8.self))
        }
        #expect(String(decoding: try Self.bothWays(values).planned, as: UTF8.self).hasPrefix(#"[{"when":0,"plain":0},{"plain":1}"#))
        #expect(ModelInfo.of(RuledOptional.self).encodePlans.hasPlan)
    }

    @Test func aModelsOwnRulesApplyAsThroughItsContainer() throws {
        let values = (0 ..< 5).map { Ruled(userName: "u\($0)", when: Date(timeIntervalSince1970: Double($0)), plain: $0) }
        let (planned, container) = try Self.bothWays(values)
        #expect(String(decoding: planned, as: UTF8.self) == String(decoding: container, as: UTF8.self))
        #expect(String(decoding: planned, as: UTF8.self).hasPrefix(#"[{"user_name":"u0","when":0,"plain":0}"#))
    }

    /// A model whose `encode(to:)` is its own, not declared: it runs for every value, as written.
    final class Counter: @unchecked Sendable { var calls = 0 }
    struct Scaled: CodableModel, Equatable {
        static let counter = Counter()
        var value = 0
        func encode(to encoder: any Encoder) throws {
            Self.counter.calls += 1
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value * 10, forKey: .value)
        }
    }

    @Test func aModelWithoutTheWordRunsItsOwnEncodeForEveryValue() throws {
        let before = Scaled.counter.calls
        let data = try ModelEncoder().encode((0 ..< 300).map { Scaled(value: $0) })
        #expect(Scaled.counter.calls - before == 300)
        #expect(data == (try JSONEncoder().encode((0 ..< 300).map { Scaled(value: $0) })))
        #expect(!ModelInfo.of(Scaled.self).encodePlans.hasPlan)
    }

    /// A declared model whose `encode(to:)` shows the probe what synthesized code never does
    /// keeps it (the check behind the word).
    struct Misdeclared: CodableModel, SynthesizedEncodable, Equatable {
        var value = 3
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value + 1, forKey: .value)
        }
    }

    @Test func aDeclaredModelThatShowsItsOwnCodeKeepsIt() throws {
        let data = try ModelEncoder().encode([Misdeclared(value: 3), Misdeclared(value: 5)])
        #expect(String(decoding: data, as: UTF8.self) == #"[{"value":4},{"value":6}]"#)
        #expect(!ModelInfo.of(Misdeclared.self).encodePlans.hasPlan)
    }

    /// A model met first in an empty array is learned from its first element, not from the
    /// empty array's storage (found in twitter.json: `urls` is empty in the first statuses).
    struct Item: CodableModel, SynthesizedCodable, Equatable { var name = "", size = 0 }
    struct Basket: CodableModel, SynthesizedCodable, Equatable { var items: [Item] = [] }

    @Test func aModelMetFirstInAnEmptyArrayIsLearnedFromAnElement() throws {
        let baskets = [Basket(), Basket(items: [Item(name: "a", size: 1), Item(name: "b", size: 2)])]
        let (planned, container) = try Self.bothWays(baskets)
        #expect(String(decoding: planned, as: UTF8.self) == #"[{"items":[]},{"items":[{"name":"a","size":1},{"name":"b","size":2}]}]"#)
        #expect(planned == container)
        #expect(ModelInfo.of(Item.self).encodePlans.hasPlan)
    }

    /// An array of declared models is written element by element in place wherever the
    /// container path meets it (the call's value, a member of a model's own `encode(to:)`, a
    /// dictionary's value, an optional's), with the bytes and errors of `Array.encode(to:)`.
    struct Shelf: CodableModel, Equatable {  // its own encode(to:), not declared
        var label = "", items: [Item] = [], spare: [Item]? = nil, byName: [String: [Item]] = [:], score = 0.0
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(label.uppercased(), forKey: .label)
            try container.encode(items, forKey: .items)
            try container.encodeIfPresent(spare, forKey: .spare)
            try container.encode(byName, forKey: .byName)
            try container.encode(score, forKey: .score)
        }
    }

    struct Scored: CodableModel, SynthesizedCodable, Equatable { var score = 0.0 }

    @Test func anArrayOfDeclaredModelsIsWrittenInPlaceWhereverItIsMet() throws {
        #expect(PlannedKind.collection([Item].self)?.shape == .modelArray)
        #expect(PlannedKind.collection([Item].self)?.info === ModelInfo.of(Item.self))
        #expect(PlannedKind.collection([String].self)?.shape == .stringArray && PlannedKind.collection([[Item]].self)?.shape == .array)
        #expect(PlannedKind.collection([String: [Item]].self)?.shape == .dictionary)
        #expect(PlannedKind.collection(Item.self) == nil && PlannedKind.collection([Int: Item].self) == nil)
        #expect(PlannedKind.collection([Scaled].self)?.shape == .modelArray)  // undeclared: its elements' encode(to:) still runs (above)
        let items = (0 ..< 40).map { Item(name: "i/\($0)", size: $0) }
        let shelves = [Shelf(label: "a", items: items, spare: [items[1]], byName: ["x": items, "y": []]), Shelf(), Shelf(items: [items[0]])]
        for format in [JSONEncoder.OutputFormatting(), .prettyPrinted, .sortedKeys, [.sortedKeys, .prettyPrinted]] {
            for (planned, container) in [try Self.bothWays(items) { $0.outputFormatting = format },
                                         try Self.bothWays([items, [], items]) { $0.outputFormatting = format },
                                         try Self.bothWays(shelves) { $0.outputFormatting = format }] {
                #expect(planned == container)
            }
            guard format.contains(.sortedKeys) else { continue }  // JSONEncoder's members come in no set order
            let (encoder, foundation) = (ModelEncoder(), JSONEncoder())
            (encoder.outputFormatting, foundation.outputFormatting) = (format, format)
            #expect(try encoder.encode(items) == foundation.encode(items))
            #expect(try encoder.encode(shelves) == foundation.encode(shelves))
        }
        // A value the plan cannot write, in the third element: the container path's error and path.
        let scored = [Scored(score: 1), Scored(score: 2), Scored(score: .nan)]
        let planned = #expect(throws: EncodingError.self) { try ModelEncoder().encode(["k": scored]) }
        let foundation = #expect(throws: EncodingError.self) { try JSONEncoder().encode(["k": scored]) }
        guard case let .invalidValue(_, plannedContext)? = planned, case let .invalidValue(_, foundationContext)? = foundation else { return }
        #expect(plannedContext.codingPath.map(\.stringValue) == ["k", "Index 2", "score"])
        #expect(plannedContext.codingPath.map(\.stringValue) == foundationContext.codingPath.map(\.stringValue))
    }

    /// The strict differential's declared model, on generated payloads (clean and repaired).
    @Test func generatedDeclaredValuesEncodeAlikeThroughThePlanAndEncodeTo() {
        var options = EncodingOptions()
        options.usesEncodePlans = false
        let differences = PlanDifferential.encodeDifferences(count: 500, seed: 56, planned: ModelEncoder(), container: ModelEncoder(options: options))
        #expect(differences.isEmpty, "\(differences.count) payloads differ, first: \(differences.first ?? "")")
    }

    @Test func twoThreadsLearnAndWriteAlike() async throws {
        let expected = try Self.bothWays(Self.values).container
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0 ..< 8 { group.addTask { try ModelEncoder().encode(Self.values) } }
            for try await data in group { #expect(data == expected) }
        }
    }
}
