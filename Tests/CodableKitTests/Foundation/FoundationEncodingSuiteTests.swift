import Foundation
import Testing
@testable import CodableKit

/// The encoding behaviours swift-foundation's `JSONEncoderTests` pin down, on types of our
/// own, side by side with `JSONEncoder` (and, for round trips, `JSONDecoder`).
@Suite struct FoundationEncodingSuiteTests {
    typealias Settings = SideBySide.EncoderSettings

    struct Nothing: Codable, Equatable {}
    final class NothingClass: Codable, Equatable { static func == (_: NothingClass, _: NothingClass) -> Bool { true } }

    /// A value written through a single-value container.
    enum Lamp: Codable, Equatable {
        case off, on
        init(from decoder: any Decoder) throws { self = try decoder.singleValueContainer().decode(Bool.self) ? .on : .off }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(self == .on)
        }
    }

    struct Seconds: Codable, Equatable {
        var value: Double
        init(_ value: Double) { self.value = value }
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Double.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    final class Tally: Codable, Equatable {
        var count = 7
        init() {}
        init(from decoder: any Decoder) throws { count = try decoder.singleValueContainer().decode(Int.self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(count)
        }
        static func == (lhs: Tally, rhs: Tally) -> Bool { lhs.count == rhs.count }
    }

    /// An array and a dictionary, each written as one value.
    struct Primes: Codable, Equatable {
        var values = [2, 3, 5, 7, 11]
        init() {}
        init(from decoder: any Decoder) throws { values = try decoder.singleValueContainer().decode([Int].self) }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(values)
        }
    }

    /// `true`, `false` or `null`.
    enum Maybe: Codable, Equatable {
        case yes, no, unknown
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            self = container.decodeNil() ? .unknown : try container.decode(Bool.self) ? .yes : .no
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .yes: try container.encode(true)
            case .no: try container.encode(false)
            case .unknown: try container.encodeNil()
            }
        }
    }

    struct Place: Codable, Equatable { var street: String; var city: String; var code: Int }

    /// A superclass and a subclass that share one encoder and decoder.
    class Member: Codable, Equatable {
        var name: String
        var mail: String
        init(name: String, mail: String) { (self.name, self.mail) = (name, mail) }
        func same(as other: Member) -> Bool { name == other.name && mail == other.mail }
        static func == (lhs: Member, rhs: Member) -> Bool { lhs.same(as: rhs) && rhs.same(as: lhs) }
    }

    final class Staff: Member {
        var badge: Int
        enum CodingKeys: String, CodingKey { case badge }
        init(name: String, mail: String, badge: Int) {
            self.badge = badge
            super.init(name: name, mail: mail)
        }
        required init(from decoder: any Decoder) throws {
            badge = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .badge)
            try super.init(from: decoder)
        }
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(badge, forKey: .badge)
            try super.encode(to: encoder)
        }
        override func same(as other: Member) -> Bool { (other as? Staff)?.badge == badge && super.same(as: other) }
    }

    struct Office: Codable, Equatable { var place: Place; var staff: [Staff] }

    @Test func topLevelShapes() {
        SideBySide.roundTrip(Nothing())
        SideBySide.roundTrip(NothingClass())
        SideBySide.roundTrip(Lamp.on)
        SideBySide.roundTrip(Lamp.off)
        SideBySide.roundTrip(Seconds(3_141_592_653))
        SideBySide.roundTrip(Tally())
        SideBySide.roundTrip(Primes())
        SideBySide.roundTrip(["Apple": 42, "localhost": 127], Settings(format: .sortedKeys))
        SideBySide.roundTrip(Place(street: "1 Loop", city: "Cupertino", code: 95014))
        SideBySide.roundTrip(Staff(name: "Ann", mail: "ann@example.com", badge: 42))
        SideBySide.roundTrip(Office(place: Place(street: "s", city: "c", code: 1), staff: [Staff(name: "A", mail: "a@b", badge: 1)]))
        for maybe in [Maybe.yes, .no, .unknown] { SideBySide.roundTrip(maybe) }
        SideBySide.encode([1, 2, 3])
        SideBySide.encode([Int]())
    }

    /// A subclass decoded through its superclass's metatype is still the subclass.
    @Test func subclassThroughSuperclassMetatype() throws {
        let text = try ModelEncoder().encode(Staff(name: "A", mail: "a@b", badge: 9))
        let type: Member.Type = Staff.self
        #expect(try Swift.type(of: ModelDecoder().decode(type, from: text)) == Staff.self)
        #expect(try Swift.type(of: JSONDecoder().decode(type, from: text)) == Staff.self)
    }

    struct Offset: CodableWithConfiguration, Equatable {
        struct Shift { var by: Int }
        enum Provided: EncodingConfigurationProviding, DecodingConfigurationProviding {
            static var encodingConfiguration: Shift { Shift(by: 2) }
            static var decodingConfiguration: Shift { Shift(by: 2) }
        }
        var value: Int
        func encode(to encoder: any Encoder, configuration: Shift) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value + configuration.by)
        }
        init(value: Int) { self.value = value }
        init(from decoder: any Decoder, configuration: Shift) throws {
            value = try decoder.singleValueContainer().decode(Int.self) - configuration.by
        }
    }

    @Test func withConfiguration() throws {
        let value = Offset(value: 3)
        let written = try ModelEncoder().encode(value, configuration: .init(by: 1))
        #expect(written == (try JSONEncoder().encode(value, configuration: .init(by: 1))))
        #expect(try ModelDecoder().decode(Offset.self, from: written, configuration: .init(by: 1)) == value)
        let provided = try ModelEncoder().encode(value, configuration: Offset.Provided.self)
        #expect(provided == (try JSONEncoder().encode(value, configuration: Offset.Provided.self)))
        #expect(try ModelDecoder().decode(Offset.self, from: provided, configuration: Offset.Provided.self) == value)
    }

    @Test func dateStrategies() {
        let date = Date(timeIntervalSince1970: 1000)
        let pairs: [(JSONEncoder.DateEncodingStrategy, JSONDecoder.DateDecodingStrategy)] = [
            (.secondsSince1970, .secondsSince1970), (.millisecondsSince1970, .millisecondsSince1970), (.iso8601, .iso8601),
            (.custom { _, encoder in var c = encoder.singleValueContainer(); try c.encode(42) }, .custom { _ in date }),
            (.custom { _, _ in }, .custom { _ in date }),
        ]
        for (encoding, decoding) in pairs {
            SideBySide.roundTrip(date, Settings(date: encoding), .init(date: decoding))
            SideBySide.roundTrip(Optional(date), Settings(date: encoding), .init(date: decoding))
        }
        for strategy in [JSONEncoder.DateEncodingStrategy.deferredToDate, .secondsSince1970, .millisecondsSince1970] {
            SideBySide.encode([Date(timeIntervalSince1970: .infinity)], Settings(date: strategy))
        }
    }

    @Test func dataStrategies() {
        let bytes = Data([0xDE, 0xAD, 0xBE, 0xEF])
        SideBySide.roundTrip(bytes)
        SideBySide.roundTrip(Optional(bytes))
        SideBySide.roundTrip(bytes, Settings(data: .deferredToData), .init(data: .deferredToData))
        SideBySide.roundTrip(Optional(bytes), Settings(data: .deferredToData), .init(data: .deferredToData))
        let customs: [JSONEncoder.DataEncodingStrategy] = [.custom { _, encoder in var c = encoder.singleValueContainer(); try c.encode(42) },
                                                           .custom { _, _ in }]
        for strategy in customs {
            SideBySide.roundTrip(Data(), Settings(data: strategy), .init(data: .custom { _ in Data() }))
            SideBySide.roundTrip(Optional(Data()), Settings(data: strategy), .init(data: .custom { _ in Data() }))
        }
    }

    /// NaN never equals itself; this stands for it in a round trip.
    struct NotANumber: Codable, Equatable {
        init() {}
        init(from decoder: any Decoder) throws {
            guard try decoder.singleValueContainer().decode(Double.self).isNaN else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not NaN"))
            }
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(Double.nan)
        }
    }

    @Test func nonConformingFloats() {
        for value in [Double.infinity, -.infinity, .nan] {
            SideBySide.encode(value)
            SideBySide.encode(Float(value))
            SideBySide.encode(Optional(value))
        }
        let writing = Settings(floats: .convertToString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN"))
        let reading = SideBySide.DecoderSettings(floats: .convertFromString(positiveInfinity: "INF", negativeInfinity: "-INF", nan: "NaN"))
        for value in [Double.infinity, -.infinity] {
            SideBySide.roundTrip(value, writing, reading)
            SideBySide.roundTrip(Float(value), writing, reading)
            SideBySide.roundTrip(Optional(value), writing, reading)
        }
        SideBySide.roundTrip(NotANumber(), writing, reading)
    }

    /// Writes one member under a key chosen at run time.
    struct OneMember: Encodable {
        var key: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode("test", forKey: AnyKey(key))
        }
    }

    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ string: String) { (stringValue, intValue) = (string, nil) }
        init?(stringValue: String) { self.init(stringValue) }
        init?(intValue: Int) { (stringValue, self.intValue) = ("\(intValue)", intValue) }
    }

    struct Outer: Encodable { var outerValue: Inner }
    struct Inner: Encodable { var innerValue: OneMember }

    /// `.custom` sees the whole path, once per key, and its answer is the key written.
    @Test func customKeyStrategySeesPaths() throws {
        let value = Outer(outerValue: Inner(innerValue: OneMember(key: "helloWorld")))
        func strategy(_ log: PathProbe.Log) -> JSONEncoder.KeyEncodingStrategy {
            .custom { path in
                log.paths.append(path.map(\.stringValue))
                return AnyKey("QQQ" + path.last!.stringValue)
            }
        }
        let (foundation, ours) = (PathProbe.Log(), PathProbe.Log())
        let expected = Settings(keys: strategy(foundation)).foundation()
        let written = Settings(keys: strategy(ours)).codableKit()
        #expect(String(decoding: try written.encode(value), as: UTF8.self) == String(decoding: try expected.encode(value), as: UTF8.self))
        #expect(ours.paths.count == 3)
        // JSONEncoder asks innermost first (it converts keys as it writes the finished tree);
        // the order is not part of its contract.
        #expect(ours.paths.sorted { $0.count < $1.count } == foundation.paths.sorted { $0.count < $1.count })
    }

    @Test(arguments: ["simpleOneTwo", "myURL", "singleCharacterAtEndX", "thisIsAnXMLProperty", "single", "", "a", "aA",
                      "version4Thing", "partCAPS", "partCAPSLowerAGAIN", "manyWordsInThisThing", "asdfĆqer", "already_snake_case",
                      "dataPoint22", "dataPoint22Word", "_oneTwoThree", "oneTwoThree_", "__oneTwoThree", "oneTwoThree__",
                      "_oneTwoThree_", "__oneTwoThree__", "_test", "_test_", "__test", "test__", "🐧🐟", "m͉̟̹y̦̳G͍͚͎̳r̤͉̤͕ͅea̲͕t͇̥̼͖U͇̝̠R͙̻̥͓̣L̥̖͎͓̪̫ͅR̩͖̩eq͈͓u̞e̱s̙t̤̺ͅ"])
    func snakeCaseKeys(_ key: String) {
        SideBySide.encode(OneMember(key: key), Settings(keys: .convertToSnakeCase))
    }

    struct Renamed: Codable, Equatable {
        var first: String
        var secondValue: String
        enum CodingKeys: String, CodingKey { case first = "fooBar", secondValue }
    }

    @Test func keyStrategiesLeaveDictionaryKeysAlone() {
        SideBySide.encode(["leaveMeAlone": "test"], Settings(keys: .convertToSnakeCase))
        SideBySide.roundTrip(Renamed(first: "a", secondValue: "b"), Settings(keys: .convertToSnakeCase), .init(keys: .convertFromSnakeCase))
    }

    /// Two keys that a custom strategy maps to one name: the last value written wins.
    struct TwoKeys: Encodable {
        enum CodingKeys: String, CodingKey { case one, two }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode("first", forKey: .one)
            try container.encode("second", forKey: .two)
        }
    }

    @Test func collidingConvertedKeys() {
        #expect(SideBySide.encode(TwoKeys(), Settings(keys: .custom { _ in AnyKey("same") })) == #"{"same":"second"}"#)
    }

    struct Failing: Encodable { var someValue: Double }
    struct FailingNested: Encodable { var nestedValue: Failing }

    @Test func errorPathsUnderKeyStrategy() {
        SideBySide.encode(["key": Failing(someValue: .nan)], Settings(keys: .convertToSnakeCase))
        SideBySide.encode(["key": ["sub_key": FailingNested(nestedValue: Failing(someValue: .nan))]], Settings(keys: .convertToSnakeCase))
    }

    /// Records every coding path an encoder and its containers report, nested both ways.
    struct PathProbe: Encodable {
        var throughSuperEncoder: Bool
        enum Top: Int, CodingKey { case a, b, c }
        enum Middle: Int, CodingKey { case one, two }
        final class Log: @unchecked Sendable { var paths: [[String]] = [] }
        let log = Log()

        func record(_ path: [any CodingKey]) { log.paths.append(path.map { "\($0.stringValue)/\($0.intValue.map(String.init) ?? "-")" }) }

        func encode(to encoder: any Encoder) throws {
            guard throughSuperEncoder else { return walk(encoder) }
            var top = encoder.container(keyedBy: Top.self)
            let sup = top.superEncoder(forKey: .a)
            record(encoder.codingPath); record(top.codingPath); record(sup.codingPath)
            walk(sup)
        }

        func walk(_ encoder: any Encoder) {
            var first = encoder.container(keyedBy: Top.self)
            record(encoder.codingPath); record(first.codingPath)
            var keyed = first.nestedContainer(keyedBy: Middle.self, forKey: .a)
            let deeperKeyed = keyed.nestedContainer(keyedBy: Middle.self, forKey: .one)
            let deeperUnkeyed = keyed.nestedUnkeyedContainer(forKey: .two)
            record(keyed.codingPath); record(deeperKeyed.codingPath); record(deeperUnkeyed.codingPath)
            var unkeyed = first.nestedUnkeyedContainer(forKey: .b)
            let elementKeyed = unkeyed.nestedContainer(keyedBy: Middle.self)
            let elementUnkeyed = unkeyed.nestedUnkeyedContainer()
            record(unkeyed.codingPath); record(elementKeyed.codingPath); record(elementUnkeyed.codingPath)
            record(encoder.codingPath); record(first.codingPath)
        }
    }

    @Test(arguments: [false, true])
    func nestedContainerPaths(throughSuperEncoder: Bool) throws {
        let (foundation, ours) = (PathProbe(throughSuperEncoder: throughSuperEncoder), PathProbe(throughSuperEncoder: throughSuperEncoder))
        let expected = String(decoding: try JSONEncoder().encode(foundation), as: UTF8.self)
        #expect(SideBySide.sameJSON(String(decoding: try ModelEncoder().encode(ours), as: UTF8.self), expected))
        #expect(ours.log.paths == foundation.log.paths)
    }

    /// A super encoder holding a container while the value it encodes throws.
    struct ThrowsInside<T: Encodable>: Encodable {
        var value: T
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            let sup = container.superEncoder()
            var nested = sup.unkeyedContainer()
            try nested.encode(value)
        }
    }

    struct Failure: Error {}

    @Test func throwingInsideSuperEncoderLeavesTheEncoderUsable() throws {
        SideBySide.encode(ThrowsInside(value: [Float.infinity]))
        SideBySide.encode(ThrowsInside(value: Date()), Settings(date: .custom { _, encoder in _ = encoder.unkeyedContainer(); throw Failure() }))
        SideBySide.encode(ThrowsInside(value: Data()), Settings(data: .custom { _, encoder in _ = encoder.unkeyedContainer(); throw Failure() }))
        let encoder = ModelEncoder()
        _ = try? encoder.encode(ThrowsInside(value: [Float.infinity]))
        #expect(try encoder.encode(ThrowsInside(value: [1])) == JSONEncoder().encode(ThrowsInside(value: [1])))
    }

    struct Wrapped: Codable, Equatable {
        var level: Level
        struct Level: Codable, Equatable { var name: String }
        enum CodingKeys: String, CodingKey { case level }
        init(level: Level) { self.level = level }
        init(from decoder: any Decoder) throws {
            var nested = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .level)
            level = try nested.decode(Level.self)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var nested = container.nestedUnkeyedContainer(forKey: .level)
            try nested.encode(level)
        }
    }

    @Test func objectInsideNestedArray() { SideBySide.roundTrip(Wrapped(level: .init(name: "deep"))) }

    /// Super encoders of a keyed and an unkeyed container, written after later elements.
    struct SuperEncoders: Encodable {
        enum CodingKeys: String, CodingKey { case first, second, list }
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: CodingKeys.self)
            let one = keyed.superEncoder(forKey: .first)
            let two = keyed.superEncoder(forKey: .second)
            var oneValue = one.singleValueContainer()
            var twoValue = two.singleValueContainer()
            try oneValue.encode("First")
            try twoValue.encode("Second")
            var list = keyed.nestedUnkeyedContainer(forKey: .list)
            try list.encode(0)
            let three = list.superEncoder()
            let four = list.superEncoder()
            try list.encode(42)
            var threeValue = three.singleValueContainer()
            var fourValue = four.singleValueContainer()
            try threeValue.encode("First")
            try fourValue.encode("Second")
        }
    }

    @Test func superEncoders() {
        SideBySide.encode(SuperEncoders(), Settings(format: .sortedKeys))
    }

    /// A key written twice, the first time as a value or a container, the second as a value.
    struct Rewritten: Encodable {
        enum First { case value, keyed, unkeyed }
        var first: First
        var throughSuperEncoder: Bool
        enum CodingKeys: String, CodingKey { case key }
        func encode(to encoder: any Encoder) throws {
            var keyed = encoder.container(keyedBy: CodingKeys.self)
            switch first {
            case .value: try keyed.encode(0, forKey: .key)
            case .keyed: _ = keyed.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
            case .unkeyed: _ = keyed.nestedUnkeyedContainer(forKey: .key)
            }
            if throughSuperEncoder {
                var value = keyed.superEncoder(forKey: .key).singleValueContainer()
                try value.encode(42)
            } else {
                try keyed.encode(42, forKey: .key)
            }
        }
    }

    @Test func lastWriteOfAKeyWins() {
        for first in [Rewritten.First.value, .keyed, .unkeyed] {
            for throughSuperEncoder in [false, true] {
                #expect(SideBySide.encode(Rewritten(first: first, throughSuperEncoder: throughSuperEncoder)) == #"{"key":42}"#)
            }
        }
    }

    struct Silent: Encodable { func encode(to _: any Encoder) throws {} }

    @Test func aValueThatWritesNothing() {
        SideBySide.encode(Silent())
        #expect(SideBySide.encode([Silent()]) == "[{}]")
        #expect(SideBySide.encode(["test": Silent()]) == #"{"test":{}}"#)
    }

    @Test func slashesAndURLs() throws {
        SideBySide.roundTrip(["/": 1])
        let url = try #require(URL(string: "http://swift.org"))
        SideBySide.roundTrip(url)
        SideBySide.roundTrip(Optional(url))
        SideBySide.roundTrip(url, Settings(format: .withoutEscapingSlashes))
        SideBySide.roundTrip(["a/b": "c/d"], Settings(format: .withoutEscapingSlashes))
    }

    struct Account: Codable, Equatable { var name: String; var mail: String }

    @Test func outputFormatting() {
        let account = Account(name: "Ann", mail: "ann@example.com")
        for format in [JSONEncoder.OutputFormatting.sortedKeys, [.prettyPrinted, .sortedKeys], .prettyPrinted, []] {
            SideBySide.roundTrip(account, Settings(format: format))
            SideBySide.roundTrip([[1, 2], []], Settings(format: format))
            SideBySide.roundTrip(["a": [String: Int](), "b": ["c": 1]], Settings(format: format.union(.sortedKeys)))
        }
    }

    /// Sorted keys follow `JSONEncoder`'s order, whatever it is on this platform.
    @Test func sortedKeyOrder() {
        let keys = ["Foo": 1, "FOO": 2, "foo": 3, "foo1": 4, "Foo2": 5, "foo3": 6, "foo12": 7, "Foo11": 8, "føo": 9, "bar": 10,
                    "AAA": 11, "AAAAAAB": 12, "a": 13, "": 14, "é": 15, "e\u{301}x": 16, "10": 17, "9": 18]
        SideBySide.roundTrip(keys, Settings(format: .sortedKeys))
        var many = ["AAA": 1, "AAAAAAB": 2]
        for index in (0 ..< 256).shuffled() { many["key\(index)"] = index }
        SideBySide.roundTrip(many, Settings(format: .sortedKeys))
    }

    /// Two nested containers asked for one key write into one object.
    struct SharedKey: Codable, Equatable {
        var first: String
        var second: String
        enum Top: String, CodingKey { case top }
        enum One: String, CodingKey { case first }
        enum Two: String, CodingKey { case second }
        init(first: String, second: String) { (self.first, self.second) = (first, second) }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Top.self)
            first = try container.nestedContainer(keyedBy: One.self, forKey: .top).decode(String.self, forKey: .first)
            second = try container.nestedContainer(keyedBy: Two.self, forKey: .top).decode(String.self, forKey: .second)
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Top.self)
            var one = container.nestedContainer(keyedBy: One.self, forKey: .top)
            try one.encode(first, forKey: .first)
            var two = container.nestedContainer(keyedBy: Two.self, forKey: .top)
            try two.encode(second, forKey: .second)
        }
    }

    /// A dictionary written as one value, then amended through a keyed container.
    struct Amended: Encodable {
        enum CodingKeys: String, CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(["a": "b", "other": "foo"])
            var keyed = encoder.container(keyedBy: CodingKeys.self)
            try keyed.encode("c", forKey: .a)
        }
    }

    @Test func containersThatMeetAtOneKey() {
        SideBySide.roundTrip(SharedKey(first: "Ann", second: "ann@example.com"), Settings(format: .sortedKeys))
        SideBySide.encode(Amended(), Settings(format: .sortedKeys))
    }

    struct Extremes: Codable, Equatable { var floats: [Float]; var doubles: [Double] }
    struct Exact: Codable, Equatable { var doubles: [String: Double]; var decimals: [String: Decimal] }

    @Test func numbersAtTheirLimits() throws {
        SideBySide.roundTrip([["magic_number": 7.45673334164903e-115]])
        SideBySide.roundTrip(Extremes(floats: [.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude],
                                      doubles: [.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude]))
        let doubles = [-55.66, -9.81, -0.284, Double(-Float.greatestFiniteMagnitude), Double(-Float.leastNormalMagnitude),
                       -.greatestFiniteMagnitude, -.leastNormalMagnitude, 0.000001]
        let decimals = ["1.234567891011121314", "-0.1234567891011121314", "123.4567891011121314e-100", "-1234567891011121314e-100",
                        "3.14159265358979323846264338327950288419", "440474310512876335.18692524723746578303827301433673643795"]
        SideBySide.roundTrip(Exact(doubles: Dictionary(uniqueKeysWithValues: doubles.map { ("\($0)", $0) }),
                                   decimals: Dictionary(uniqueKeysWithValues: decimals.map { ($0, Decimal(string: $0)!) })),
                             Settings(format: .sortedKeys))
        let huge = Decimal(sign: .plus, exponent: 127, significand: 1)
        SideBySide.roundTrip(huge)
        SideBySide.roundTrip(Optional(huge))
        SideBySide.roundTrip([Decimal(UInt64.max), Decimal(UInt64.max) + 1, Decimal(Int64.min), Decimal(Int64.min) - 1])
    }

    @Test func nulInStrings() {
        let text = "abc\u{0}def"
        SideBySide.roundTrip([text])
        SideBySide.roundTrip([text: text])
        SideBySide.roundTrip(Account(name: text, mail: ""))
    }
}
