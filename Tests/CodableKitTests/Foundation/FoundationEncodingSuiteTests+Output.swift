import Foundation
import Testing
@testable import CodableKit

/// More of swift-foundation's `JSONEncoderTests`, side by side: nesting, super encoders,
/// rewritten keys, formatting, key order, numbers at their limits.
extension FoundationEncodingSuiteTests {
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

    /// Collections a model's own `encode(to:)` writes are written in place (not through
    /// `Array.encode(to:)`): scalars, nested arrays, optionals, dates and dictionaries, models
    /// without a plan and enums among their elements, under every setting that changes them.
    struct Shipment: Encodable {
        enum Mode: String, Encodable { case air, sea }
        struct Parcel: Encodable { var label: String; var weights: [Double] }
        var codes: [Int] = [3, -1, .max], names = ["a/b", "\"q\"", "é😀", ""], flags: [Bool] = [true, false]
        var grid: [[Double]] = [[0.5, 1e300], [], [-0.0]], sparse: [Int?] = [1, nil, 3], small: [UInt8] = [0, 255]
        var stamps = [Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: 1_700_000_000.5)]
        var byName: [String: [Int]] = ["x": [1, 2], "y": [], "snake_case_key": [3]], blobs = [Data([1, 2, 3]), Data()]
        var parcels = [Parcel(label: "p", weights: [1, 2.5]), Parcel(label: "", weights: [])], modes: [Mode] = [.air, .sea]
        var parcelsByCity: [String: Parcel] = ["Zürich": Parcel(label: "z", weights: [3])], maybe: [String]? = ["m"]
        var empty: [String: String] = [:], none: [Int]? = nil

        enum CodingKeys: String, CodingKey {
            case codes, names, flags, grid, sparse, small, stamps, byName, blobs, parcels, modes, parcelsByCity, maybe, empty, none
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(codes, forKey: .codes)
            try container.encode(names, forKey: .names)
            try container.encode(flags, forKey: .flags)
            try container.encode(grid, forKey: .grid)
            try container.encode(sparse, forKey: .sparse)
            try container.encode(small, forKey: .small)
            try container.encode(stamps, forKey: .stamps)
            try container.encode(byName, forKey: .byName)
            try container.encode(blobs, forKey: .blobs)
            try container.encode(parcels, forKey: .parcels)
            try container.encode(modes, forKey: .modes)
            try container.encode(parcelsByCity, forKey: .parcelsByCity)
            try container.encodeIfPresent(maybe, forKey: .maybe)
            try container.encode(empty, forKey: .empty)
            try container.encode(none, forKey: .none)
        }
    }

    @Test func collectionsAModelsOwnCodeWritesAreJSONEncoders() {
        let settings: [SideBySide.EncoderSettings] = [
            .init(), .init(format: .prettyPrinted), .init(format: .withoutEscapingSlashes),
            .init(date: .secondsSince1970, data: .custom { data, encoder in
                var single = encoder.singleValueContainer()
                try single.encode(data.count)
            }),
            .init(date: .iso8601, keys: .convertToSnakeCase),
            .init(floats: .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")),
        ]
        for setting in settings {
            SideBySide.encode(Shipment(), setting)
            SideBySide.encode([Shipment(), Shipment(codes: [], grid: [[.infinity]])], setting)  // the non-finite number: thrown or a string
            SideBySide.encode(["k": Shipment()], setting)
        }
    }
}
