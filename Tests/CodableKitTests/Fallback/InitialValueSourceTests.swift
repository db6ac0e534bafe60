import Foundation
import Testing
import CodableKit

/// Initial values are read from what `encode(to:)` writes only where that is exactly what
/// the property holds; and always from a fresh `init()` per decode.
@Suite(.serialized) struct InitialValueSourceTests {
    /// A hand-written `encode(to:)` writing a transformed value of the same type, in
    /// the same order: the fallback is still what the property holds.
    struct Shouting: CodableModel {
        var name = "ada"
        var age = 36
        enum CodingKeys: String, CodingKey { case name, age }
        init() {}
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name.uppercased(), forKey: .name)
            try container.encode(age, forKey: .age)
        }
    }

    @Test func aTransformingEncodeDoesNotChangeTheFallback() throws {
        let value = try #require(Shouting.deserialize(from: #"{"name": [], "age": "x"}"#))
        #expect(value.name == "ada")
        #expect(value.age == 36)
    }

    /// Initial values read from `encode(to:)` (a `Codable` model) and through the mirror
    /// (the same properties in a decode-only model) are the same values.
    struct Defaults: CodableModel, Equatable {
        var nickname: String? = "anon"
        var tags: [String] = ["a", "b"]
        var score = 1.5
        var level: Int? = nil
        var inner = Inner()
        struct Inner: CodableModel, Equatable { var flag = true }
    }

    struct DecodeOnlyDefaults: DecodableModel, Equatable {
        var nickname: String? = "anon"
        var tags: [String] = ["a", "b"]
        var score = 1.5
        var level: Int? = nil
        var inner = Defaults.Inner()
    }

    @Test(arguments: ["{}", #"{"nickname": [], "tags": "x", "score": "bad", "level": [], "inner": 3}"#])
    func initialValuesFromEncodeMatchTheMirrors(json: String) throws {
        let recorded = try #require(Defaults.deserialize(from: json))
        let mirrored = try #require(DecodeOnlyDefaults.deserialize(from: json))
        #expect(recorded == Defaults())
        #expect(recorded.nickname == mirrored.nickname && recorded.tags == mirrored.tags && recorded.score == mirrored.score
            && recorded.level == mirrored.level && recorded.inner == mirrored.inner)
    }

    /// Properties of every size and alignment, whose initial values a repair reads straight
    /// from the stored property of the decode's `init()` value.
    struct Layout: CodableModel, Equatable {
        var flag = true
        var small: Int8 = -7
        var word: UInt16 = 65_000
        var text = "an initial text longer than fifteen bytes"
        var short = "ab"
        var ratio: Float = 0.25
        var big: Int64 = .max - 1
        var list = [3, 1, 2]
        var optional: Double? = 2.5
        var kind = Kind.b
        var date = Date(timeIntervalSince1970: 1_000)
        var nested = Nested()
        var table = ["k": 1]
        var url = URL(string: "https://example.com/a")!
        enum Kind: String, Codable { case a, b }
        struct Nested: Codable, Equatable { var x: UInt8 = 9; var y = "why"; var z = 1.5 }
    }

    @Test(arguments: [
        "{}",
        #"{"flag": null, "small": null, "word": null, "text": null, "short": null, "ratio": null, "big": null, "list": null, "kind": null, "date": null, "nested": null, "table": null, "url": null}"#,
        #"{"flag": {}, "small": [], "word": -1, "text": {}, "short": [], "ratio": {}, "big": 1.5, "list": {}, "optional": [], "kind": "c", "date": {}, "nested": 3, "table": [], "url": 7}"#,
    ])
    func initialValuesOfEveryLayoutAreTheInitsValues(json: String) throws {
        let many = try #require([Layout].deserialize(from: "[" + Array(repeating: json, count: 300).joined(separator: ",") + "]"))
        #expect(many.count == 300 && many.allSatisfy { $0 == Layout() })
        for _ in 0 ..< 30 { #expect(Layout.deserialize(from: json) == Layout()) }
        let strict = DecodingOptions(mode: .strict)
        #expect(throws: DecodingError.self) { try ModelDecoder(options: strict).decode(Layout.self, from: Data(json.utf8)) }
    }

    /// A generic model (its layout known only for each concrete type), a property of no size,
    /// a model of no size, and an indirect enum (a reference: each object takes its own).
    struct Page<Item: Codable & Equatable>: CodableModel, Equatable {
        var items: [Item] = []
        var next: Item?
        var count: UInt8 = 3
        var tree = Tree.node(.leaf(1), .leaf(2))
        var nothing = Nothing()
    }

    struct Nothing: CodableModel, Equatable {
        var inner = Empty()
        struct Empty: Codable, Equatable {}
    }

    indirect enum Tree: Codable, Equatable { case leaf(Int), node(Tree, Tree) }

    @Test func genericAndEmptyModelsKeepTheirInitialValues() throws {
        let json = #"[{"items": 3, "next": [], "count": "x", "tree": 5, "nothing": 1}, {"count": 300, "nothing": {"inner": 2}}, {}]"#
        #expect(try #require([Page<String>].deserialize(from: json)) == Array(repeating: Page<String>(), count: 3))
        #expect(try #require([Page<Double>].deserialize(from: json)) == Array(repeating: Page<Double>(), count: 3))
        #expect(Nothing.deserialize(from: #"{"inner": 1}"#) == Nothing())
    }

    /// A model that counts its `encode(to:)` calls, written as the synthesized one is.
    struct CountedEncode: CodableModel, Equatable {
        static let calls = Locked(0)
        var name = "ada"
        var tags = ["x"]
        var age = 36
        enum CodingKeys: String, CodingKey { case name, tags, age }
        init() {}
        func encode(to encoder: any Encoder) throws {
            Self.calls.withLock { $0 += 1 }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(tags, forKey: .tags)
            try container.encode(age, forKey: .age)
        }
    }

    /// A struct's repairs read each initial value from its stored property: no decode encodes
    /// the model to find them (its shape is learned once per process, from two values).
    @Test func repairsDoNotEncodeTheModel() throws {
        _ = CountedEncode.deserialize(from: "{}")
        CountedEncode.calls.withLock { $0 = 0 }
        for _ in 0 ..< 3 {
            let values = try #require([CountedEncode].deserialize(from: #"[{"name": null, "tags": 1}, {"age": "old"}, {}]"#))
            #expect(values == [CountedEncode(), CountedEncode(), CountedEncode()])
        }
        #expect(CountedEncode.calls.withLock { $0 } == 0)
    }

    /// A model whose optional properties start nil, with an `encode(to:)` that records (as an
    /// audit log or a stub that traps would): `JSONDecoder` never runs it, and no decode here
    /// runs it either to learn that an absent optional key is nil.
    struct CountedOptionals: CodableModel, Equatable {
        static let calls = Locked(0)
        var name = "ada"
        var nick: String?
        var age: Int?
        var tags: [String]? = nil
        enum CodingKeys: String, CodingKey { case name, nick = "nick_name", age, tags }
        init() {}
        init(name: String, nick: String? = nil, age: Int? = nil) {
            (self.name, self.nick, self.age) = (name, nick, age)
        }
        func encode(to encoder: any Encoder) throws {
            Self.calls.withLock { $0 += 1 }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(nick, forKey: .nick)
            try container.encodeIfPresent(age, forKey: .age)
            try container.encodeIfPresent(tags, forKey: .tags)
        }
    }

    /// A property named with an underscore (a MongoDB `_id`) is no property wrapper's storage
    /// when it is an `Optional`.
    struct Document: CodableModel, Equatable {
        static let calls = Locked(0)
        var _id: String?
        var title = ""
        func encode(to encoder: any Encoder) throws {
            Self.calls.withLock { $0 += 1 }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encodeIfPresent(_id, forKey: ._id)
            try container.encode(title, forKey: .title)
        }
        enum CodingKeys: String, CodingKey { case _id, title }
    }

    @Test func absentOptionalsDoNotEncodeTheModel() throws {
        Document.calls.withLock { $0 = 0 }
        #expect(try #require([Document].deserialize(from: #"[{"title": "a"}, {"_id": "7", "title": "b"}]"#)).map(\._id) == [nil, "7"])
        #expect(Document.calls.withLock { $0 } == 0)
        CountedOptionals.calls.withLock { $0 = 0 }
        let json = #"[{"name": "a"}, {"name": "b", "nick_name": "bee"}, {"name": "c", "age": 3, "tags": null}]"#
        let expected = [CountedOptionals(name: "a"), CountedOptionals(name: "b", nick: "bee"), CountedOptionals(name: "c", age: 3)]
        for _ in 0 ..< 3 {
            #expect(try #require([CountedOptionals].deserialize(from: json)) == expected)
            #expect(try [CountedOptionals].decodeWithReport(from: json).report.issues.isEmpty)
            #expect(try ModelDecoder().decode(CountedOptionals.self, from: Data(#"{"name": "d"}"#.utf8)) == CountedOptionals(name: "d"))
        }
        #expect(CountedOptionals.calls.withLock { $0 } == 0)
    }

    /// An optional that starts non-nil keeps its initial value when its key is absent, read
    /// by its coding key (here each property's key is the other's name); strict mode, as
    /// `JSONDecoder`, gives nil. A `decodeIfPresent(…) ?? default` of a non-optional gets nil,
    /// so its own default applies.
    struct Swapped: CodableModel, Equatable {
        var first: String? = nil
        var second: String? = "two"
        var count = 5
        enum CodingKeys: String, CodingKey { case first = "second", second = "first", count }
        init() {}
        init(first: String?, second: String?, count: Int) {
            (self.first, self.second, self.count) = (first, second, count)
        }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            first = try container.decodeIfPresent(String.self, forKey: .first)
            second = try container.decodeIfPresent(String.self, forKey: .second)
            count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 7
        }
    }

    @Test func absentOptionalsKeepANonNilInitialValueByTheirKey() throws {
        #expect(try Swapped.decode(from: "{}") == Swapped(first: nil, second: "two", count: 7))
        #expect(try Swapped.decode(from: #"{"first": "1"}"#) == Swapped(first: nil, second: "1", count: 7))
        #expect(try Swapped.decode(from: #"{"second": "2"}"#) == Swapped(first: "2", second: "two", count: 7))
        let strict = DecodingOptions(mode: .strict)
        #expect(try Swapped.decode(from: "{}", options: strict) == Swapped(first: nil, second: nil, count: 7))
        let foundation = try JSONDecoder().decode(Swapped.self, from: Data("{}".utf8))
        #expect(foundation == Swapped(first: nil, second: nil, count: 7))
    }

    /// An optional that starts non-nil, beside ones that start nil, with an `encode(to:)` that
    /// records: an absent key reads its own property's initial value (through the model's
    /// shape, learned once per process), and no decode after the first runs `encode(to:)`.
    struct DefaultedOptionals: CodableModel, Equatable {
        static let calls = Locked(0)
        var name = ""
        var nick: String? = "anon"
        var age: Int?
        enum CodingKeys: String, CodingKey { case name, nick = "nick_name", age }
        init() {}
        init(name: String, nick: String?, age: Int?) {
            (self.name, self.nick, self.age) = (name, nick, age)
        }
        func encode(to encoder: any Encoder) throws {
            Self.calls.withLock { $0 += 1 }
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(nick, forKey: .nick)
            try container.encodeIfPresent(age, forKey: .age)
        }
    }

    @Test func anAbsentOptionalWithADefaultReadsItsPropertyNotEncodeTo() throws {
        let json = #"[{"name": "a"}, {"name": "b", "nick_name": "bee"}, {"name": "c", "age": 3, "nick_name": null}]"#
        let expected = [DefaultedOptionals(name: "a", nick: "anon", age: nil), DefaultedOptionals(name: "b", nick: "bee", age: nil),
                        DefaultedOptionals(name: "c", nick: nil, age: 3)]
        #expect(try #require([DefaultedOptionals].deserialize(from: json)) == expected)  // may learn the shape
        DefaultedOptionals.calls.withLock { $0 = 0 }
        for _ in 0 ..< 3 {
            #expect(try #require([DefaultedOptionals].deserialize(from: json)) == expected)
            let single = try ModelDecoder().decode(DefaultedOptionals.self, from: Data(#"{"name": "d"}"#.utf8))
            #expect(single == DefaultedOptionals(name: "d", nick: "anon", age: nil))
        }
        #expect(DefaultedOptionals.calls.withLock { $0 } == 0)
        // Strict mode gives nil for the absent key, as JSONDecoder.
        let strict = try DefaultedOptionals.decode(from: #"{"name": "e"}"#, options: DecodingOptions(mode: .strict))
        #expect(strict == DefaultedOptionals(name: "e", nick: nil, age: nil))
        #expect(try JSONDecoder().decode(DefaultedOptionals.self, from: Data(#"{"name": "e"}"#.utf8)) == strict)
    }

    static let currency = Locked("EUR")

    /// A default read from app state (the same in the two values the shape is learned
    /// from, so read from `encode(to:)`): each decode reads it afresh.
    struct Price: CodableModel {
        var amount = 0
        var currency = InitialValueSourceTests.currency.withLock { $0 }
    }

    @Test func aDefaultFromAppStateIsReadAfreshEachDecode() throws {
        Self.currency.withLock { $0 = "EUR" }
        #expect(try #require([Price].deserialize(from: #"[{"amount": 1}, {"amount": 2}]"#)).map(\.currency) == ["EUR", "EUR"])
        Self.currency.withLock { $0 = "JPY" }
        #expect(try #require([Price].deserialize(from: #"[{"amount": 1}, {"currency": null}]"#)).map(\.currency) == ["JPY", "JPY"])
        Self.currency.withLock { $0 = "EUR" }
    }
}
