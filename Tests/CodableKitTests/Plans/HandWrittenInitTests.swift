import CodableKitTestSupport
import Foundation
import Synchronization
import Testing
@testable import CodableKit

/// A model's own code runs as written (DESIGN): `CodableModel` structs whose hand-written
/// `init(from:)` transforms, validates, branches on a value and records what it saw, decoded
/// as a user would — arrays of a few hundred objects, one object many times over — must give
/// `JSONDecoder`'s values and errors in both modes, with and without a report, and their
/// `init(from:)` must run once per object with the input's values only. None of them declares
/// `SynthesizedDecodable`: nothing about their code may be learned by running it.
@Suite struct HandWrittenInitTests {
    /// More objects than a plan needs to be learned within a first decode, and than 300.
    static let many = max(FieldPlan.learnInFirstDecode + 44, 300)
    /// Decodes of one object: well past `FieldPlan.learnAfter`.
    static let repeats = max(FieldPlan.learnAfter * 4, 30)

    // MARK: The shapes

    struct Sorting: CodableModel, Equatable {
        var tags: [String] = []
        init() {}
        init(from decoder: any Decoder) throws {
            tags = try decoder.container(keyedBy: CodingKeys.self).decode([String].self, forKey: .tags).sorted()
        }
    }

    struct Mapping: CodableModel, Equatable {
        var names: [String] = []
        init() {}
        init(from decoder: any Decoder) throws {
            names = try decoder.container(keyedBy: CodingKeys.self).decode([String].self, forKey: .names).map { $0.lowercased() }
        }
    }

    /// Arithmetic on the types a probe does not vary.
    struct Scaling: CodableModel, Equatable {
        var price: Float = 0, total: Int64 = 0, count: Int32 = 0, level: UInt8 = 0, amount = Decimal(0)
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            price = try container.decode(Float.self, forKey: .price) * 100
            total = min(max(try container.decode(Int64.self, forKey: .total), 0), 1000)
            count = try container.decode(Int32.self, forKey: .count) * 2 + 1
            level = try container.decode(UInt8.self, forKey: .level) &+ 1
            amount = try container.decode(Decimal.self, forKey: .amount) * 100
        }
    }

    /// A key chosen by another field's value.
    struct Branching: CodableModel, Equatable {
        var kind = "", size = 0.0
        enum CodingKeys: String, CodingKey { case kind, radius, side }
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            kind = try container.decode(String.self, forKey: .kind)
            size = try container.decode(Double.self, forKey: kind == "circle" ? .radius : .side)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(kind, forKey: .kind)
            try container.encode(size, forKey: kind == "circle" ? .radius : .side)
        }
    }

    struct Child: CodableModel, Equatable { var value = 0 }

    /// A nested model adjusted after reading.
    struct Adjusting: CodableModel, Equatable {
        var child = Child()
        init() {}
        init(from decoder: any Decoder) throws {
            child = try decoder.container(keyedBy: CodingKeys.self).decode(Child.self, forKey: .child)
            child.value += 1
        }
    }

    /// Two properties of one type filled from each other's keys.
    struct Crossing: CodableModel, Equatable {
        var left = Child(), right = Child()
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            left = try container.decode(Child.self, forKey: .right)
            right = try container.decode(Child.self, forKey: .left)
        }
    }

    /// An `init(from:)` that records what it decodes: an audit log.
    struct Recording: CodableModel, Equatable {
        static let seen = Mutex<[Int]>([])
        var id = 0
        init() {}
        init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .id)
            Self.seen.withLock { $0.append(id) }
        }
    }

    /// An interning cache, filled as objects are decoded.
    struct Interning: CodableModel, Equatable {
        static let interned = Mutex<Set<String>>([])
        var name = ""
        init() {}
        init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
            Self.interned.withLock { _ = $0.insert(name) }
        }
    }

    /// Validation that every probe value passes (empty strings, zero, extremes) but real data may fail.
    struct Validating: CodableModel, Equatable {
        var email = "", age = 0
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            email = try container.decode(String.self, forKey: .email)
            age = try container.decode(Int.self, forKey: .age)
            guard email.isEmpty || email.contains("@") else {
                throw DecodingError.dataCorruptedError(forKey: .email, in: container, debugDescription: "not an address")
            }
        }
    }

    /// `Set` and dictionary transforms.
    struct Collecting: CodableModel, Equatable {
        var ids: Set<Int> = [], scores: [String: Int] = [:]
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            ids = Set(try container.decode([Int].self, forKey: .ids).filter { $0 % 2 == 0 })
            scores = try container.decode([String: Int].self, forKey: .scores).filter { $0.value > 1 }.mapValues { $0 * 10 }
        }
    }

    /// `URL` and `Date` arithmetic.
    struct Locating: CodableModel, Equatable {
        var link = URL(string: "https://example.com")!, due = Date(timeIntervalSince1970: 0)
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            link = try container.decode(URL.self, forKey: .link).appendingPathComponent("details")
            due = try container.decode(Date.self, forKey: .due).addingTimeInterval(3600)
        }
    }

    /// A default for an absent key, and a value derived from two keys.
    struct Deriving: CodableModel, Equatable {
        var first = "", last = "", full = "", limit = 0
        enum CodingKeys: String, CodingKey { case first, last, limit }
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            first = try container.decode(String.self, forKey: .first)
            last = try container.decode(String.self, forKey: .last)
            limit = try container.decodeIfPresent(Int.self, forKey: .limit) ?? 25
            full = first + " " + last
        }
    }

    // MARK: The payloads

    static func sortingJSON(_ index: Int) -> String { #"{"tags": ["t\#(index % 7)", "b", "a\#(index)"]}"# }
    static func mappingJSON(_ index: Int) -> String { #"{"names": ["Ann\#(index)", "BOB"]}"# }
    static func scalingJSON(_ index: Int) -> String {
        #"{"price": \#(Double(index) / 4), "total": \#(index * 7 - 500), "count": \#(index), "level": \#(index % 256), "amount": \#(index).25}"#
    }
    static func branchingJSON(_ index: Int) -> String {
        index % 2 == 0 ? #"{"kind": "circle", "radius": \#(index).5, "side": 1}"# : #"{"kind": "square", "side": \#(index), "radius": 2}"#
    }
    static func adjustingJSON(_ index: Int) -> String { #"{"child": {"value": \#(index)}}"# }
    static func crossingJSON(_ index: Int) -> String { #"{"left": {"value": \#(index)}, "right": {"value": \#(-index)}}"# }
    static func recordingJSON(_ index: Int) -> String { #"{"id": \#(index * 3 + 1)}"# }
    static func interningJSON(_ index: Int) -> String { #"{"name": "name\#(index % 50)"}"# }
    static func validatingJSON(_ index: Int) -> String { #"{"email": "u\#(index)@example.com", "age": \#(index % 90)}"# }
    static func collectingJSON(_ index: Int) -> String {
        #"{"ids": [\#(index), \#(index + 1), \#(index + 2), \#(index)], "scores": {"a": \#(index % 3), "b": 2}}"#
    }
    static func locatingJSON(_ index: Int) -> String { #"{"link": "https://example.com/items/\#(index)", "due": \#(index * 86400)}"# }
    static func derivingJSON(_ index: Int) -> String {
        index % 3 == 0 ? #"{"first": "A\#(index)", "last": "B"}"# : #"{"first": "A\#(index)", "last": "B", "limit": \#(index)}"#
    }

    // MARK: Comparing with JSONDecoder

    /// `T` decoded from each of `objects` as an array (several times: later decodes are where a
    /// plan used to be learned after a few objects) and one object at a time, many times over, in
    /// both modes, with and without a report: always `JSONDecoder`'s values and a clean report.
    func expectJSONDecoders<T: Decodable & Equatable>(_: T.Type, _ object: (Int) -> String,
                                                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let array = Data(("[" + (0 ..< Self.many).map(object).joined(separator: ",") + "]").utf8)
        let expected = try JSONDecoder().decode([T].self, from: array)
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            for _ in 0 ..< 3 {
                let decoder = ModelDecoder(options: .init(mode: mode))
                #expect(try decoder.decode([T].self, from: array) == expected ? true : false, "\(mode), an array", sourceLocation: sourceLocation)
                let (value, report) = try decoder.decodeWithReport([T].self, from: array)
                #expect(value == expected ? true : false, "\(mode), an array with a report", sourceLocation: sourceLocation)
                #expect(report.isClean, "\(report.issues.prefix(3))", sourceLocation: sourceLocation)
            }
            for index in 0 ..< Self.repeats {
                let data = Data(object(index).utf8)
                let decoder = ModelDecoder(options: .init(mode: mode))
                let expected = try JSONDecoder().decode(T.self, from: data)
                #expect(try decoder.decode(T.self, from: data) == expected ? true : false, "\(mode), object \(index)", sourceLocation: sourceLocation)
                let (value, report) = try decoder.decodeWithReport(T.self, from: data)
                #expect(value == expected && report.isClean ? true : false, "\(mode), object \(index) with a report", sourceLocation: sourceLocation)
            }
        }
        #expect(!ModelInfo.of(model: T.self as! any DecodableModel.Type).hasFieldPlan, sourceLocation: sourceLocation)
    }

    @Test func anArraySortedOrMappedAfterReadingStaysSo() throws {
        try expectJSONDecoders(Sorting.self, Self.sortingJSON)
        try expectJSONDecoders(Mapping.self, Self.mappingJSON)
    }

    @Test func arithmeticOnFloatInt64Int32UInt8AndDecimalIsKept() throws {
        try expectJSONDecoders(Scaling.self, Self.scalingJSON)
    }

    @Test func aKeyChosenByAnotherFieldsValueIsReadForEveryObject() throws {
        try expectJSONDecoders(Branching.self, Self.branchingJSON)
        let values = try ModelDecoder().decode([Branching].self, from: Data(("[" + (0 ..< Self.many).map(Self.branchingJSON)
                .joined(separator: ",") + "]").utf8))
        #expect(values[0].size == 0.5 && values[1].size == 1 && values[Self.many - 2].size == Double(Self.many - 2) + 0.5)
    }

    @Test func aNestedModelAdjustedAfterReadingStaysAdjusted() throws {
        try expectJSONDecoders(Adjusting.self, Self.adjustingJSON)
    }

    @Test func propertiesFilledFromEachOthersKeysStayCrossed() throws {
        try expectJSONDecoders(Crossing.self, Self.crossingJSON)
    }

    @Test func validationThatPassesOnEmptyValuesStillValidatesEveryObject() throws {
        try expectJSONDecoders(Validating.self, Self.validatingJSON)
        // The last object fails its own validation: strict mode throws JSONDecoder's error, tolerant
        // mode drops that object alone — after plenty of objects and in a later decode alike.
        let objects = (0 ..< Self.many).map(Self.validatingJSON) + [#"{"email": "nobody", "age": 3}"#]
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        for _ in 0 ..< 3 {
            var foundation: (any Error)?
            do { _ = try JSONDecoder().decode([Validating].self, from: data) } catch { foundation = error }
            var strict: (any Error)?
            do { _ = try ModelDecoder(options: .init(mode: .strict)).decode([Validating].self, from: data) } catch { strict = error }
            #expect(foundation != nil && StrictDifferential.describe(foundation!) == strict.map(StrictDifferential.describe))
            let (values, report) = try ModelDecoder().decodeWithReport([Validating].self, from: data)
            #expect(values.count == Self.many)
            #expect(report.issues.map(\.path) == ["[\(Self.many)]"])
        }
    }

    @Test func setAndDictionaryTransformsAreKept() throws {
        try expectJSONDecoders(Collecting.self, Self.collectingJSON)
    }

    @Test func urlAndDateArithmeticIsKept() throws {
        try expectJSONDecoders(Locating.self, Self.locatingJSON)
    }

    @Test func derivedValuesAndDefaultsForAbsentKeysAreKept() throws {
        try expectJSONDecoders(Deriving.self, Self.derivingJSON)
    }

    /// Runs once per object with the input's values, never with made-up ones: the two models
    /// are decoded by this test alone, so their records are its own.
    @Test func anInitFromThatRecordsItsCallsRunsOncePerObjectWithTheInputsValues() throws {
        var expectedIDs: [Int] = []
        for round in 0 ..< 4 {  // later decodes too: where a plan was learned after a few objects
            let data = Data(("[" + (0 ..< Self.many).map(Self.recordingJSON).joined(separator: ",") + "]").utf8)
            let mode: DecodingOptions.Mode = round % 2 == 0 ? .tolerant : .strict
            _ = try ModelDecoder(options: .init(mode: mode)).decodeWithReport([Recording].self, from: data)
            expectedIDs += (0 ..< Self.many).map { $0 * 3 + 1 }
            #expect(Recording.seen.withLock { $0 == expectedIDs })
        }
        for index in 0 ..< Self.repeats {
            _ = try ModelDecoder().decode(Recording.self, from: Data(Self.recordingJSON(index).utf8))
            expectedIDs.append(index * 3 + 1)
        }
        #expect(Recording.seen.withLock { $0 == expectedIDs })

        for _ in 0 ..< 3 {
            _ = try ModelDecoder().decode([Interning].self, from: Data(("[" + (0 ..< Self.many).map(Self.interningJSON)
                    .joined(separator: ",") + "]").utf8))
        }
        #expect(Interning.interned.withLock { $0 } == Set((0 ..< 50).map { "name\($0)" }))
    }

    /// A model that declares the word and still asks what only a hand-written `init(from:)`
    /// asks keeps its own code: the probe's checks are a second line behind the word.
    struct DeclaredButOwn: CodableModel, SynthesizedDecodable, Equatable {
        var id: Int? = nil
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = container.contains(.id) ? try container.decode(Int.self, forKey: .id) + 1 : -1
        }
    }

    @Test func aDeclaredModelWhoseInitFromShowsItsOwnCodeKeepsIt() throws {
        try expectJSONDecoders(DeclaredButOwn.self) { $0 % 5 == 0 ? "{}" : #"{"id": \#($0)}"# }
    }
}
