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

    struct Catalog: Encodable { var byName: [String: Inner] }

    /// Inside a `[String: V]`, `.custom` is given the whole path (`byName`, `k`, `innerValue`),
    /// as `JSONDecoder`'s `.custom` is given it when reading the same JSON back. `JSONEncoder`
    /// leaves the dictionary's own key out there (`k`, `innerValue`; its string-keyed
    /// dictionaries drop the key they are written under): a difference on purpose
    /// (`ModelEncoder`'s documentation), so that a strategy that depends on the path writes
    /// what its decoding counterpart reads.
    @Test func customKeyStrategySeesTheWholePathInsideADictionary() throws {
        let value = Catalog(byName: ["k": Inner(innerValue: OneMember(key: "x"))])
        let ours = PathProbe.Log()
        let strategy = JSONEncoder.KeyEncodingStrategy.custom { path in
            ours.paths.append(path.map(\.stringValue))
            return path.last!
        }
        let written = try Settings(keys: strategy).codableKit().encode(value)
        #expect(Set(ours.paths) == [["byName"], ["byName", "k", "innerValue"], ["byName", "k", "innerValue", "x"]])
        // (swift-foundation's JSONEncoder gives ["k", "innerValue"] and ["k", "innerValue", "x"]
        // here; not asserted, as other Foundations may differ.)
        let decoderPaths = PathProbe.Log()
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            decoderPaths.paths.append(path.map(\.stringValue))
            return path.last!
        }
        struct Back: Decodable { var byName: [String: BackInner] }
        struct BackInner: Decodable { var innerValue: [String: String] }
        _ = try decoder.decode(Back.self, from: written)
        #expect(Set(decoderPaths.paths).contains(["byName", "k", "innerValue"]))
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
}
