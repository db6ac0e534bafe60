import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

@Suite struct JSONWriterTests {
    private func json(_ value: some Encodable, sorted: Bool = true, pretty: Bool = false) throws -> String {
        String(decoding: try ModelEncoder(options: .init(sortedKeys: sorted), prettyPrinted: pretty).encode(value), as: UTF8.self)
    }

    @Test func stringsAreEscapedExactly() throws {
        #expect(try json(["a\"b\\c\nd\re\tf\u{8}g\u{C}h"]) == #"["a\"b\\c\nd\re\tf\bg\fh"]"#)
        #expect(try json(["\u{0}\u{1}\u{1F}\u{7F}"]) == #"["\u0000\u0001\u001f"# + "\u{7F}\"]")
        #expect(try json(["é 中 😀 \u{10FFFF}"]) == "[\"é 中 😀 \u{10FFFF}\"]")
        // As JSONEncoder: `/` escaped unless `.withoutEscapingSlashes`.
        #expect(try json(["/"]) == #"["\/"]"#)
        let unescaped = ModelEncoder()
        unescaped.outputFormatting = [.withoutEscapingSlashes]
        #expect(try String(decoding: unescaped.encode(["/"]), as: UTF8.self) == #"["/"]"#)
    }

    /// Strings are scanned eight bytes at a time: an escape at every position of long
    /// and short strings, next to multi-byte characters, as JSONEncoder writes them.
    @Test func longStringsAreEscapedAsJSONEncoderDoes() throws {
        let alphabet: [Character] = ["a", "Z", "7", " ", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "中", "😀", "~"]
        var generator = SystemRandomNumberGenerator()
        var strings: [String] = []
        for length in 0 ..< 40 {
            for _ in 0 ..< 20 { strings.append(String((0 ..< length).map { _ in alphabet.randomElement(using: &generator)! })) }
        }
        for format in [[], JSONEncoder.OutputFormatting.withoutEscapingSlashes] {
            let foundation = JSONEncoder()
            foundation.outputFormatting = format
            let ours = ModelEncoder()
            ours.outputFormatting = format
            #expect(try ours.encode(strings) == foundation.encode(strings))
            for string in strings.prefix(200) { #expect(try ours.encode([string]) == foundation.encode([string]), "\(string.debugDescription)") }
        }
    }

    @Test func numbersReadBackExactly() throws {
        let doubles: [Double] = [0, -0.0, 0.1, 1, 1e-5, 1e21, 123456.789, .pi, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -2.5e-300]
        let text = try json(doubles)
        let parsed = try JSONDecoder().decode([Double].self, from: Data(text.utf8))
        #expect(parsed.map(\.bitPattern) == doubles.map(\.bitPattern))
        #expect(try json([Int64.min, Int64.max]) == "[-9223372036854775808,9223372036854775807]")
        #expect(try json([UInt64.max]) == "[18446744073709551615]")
        #expect(try json([Float(0.1)]) == "[0.1]")
    }

    @Test func nonFiniteNumbersAreErrorsWithTheirPath() {
        struct Reading: Encodable { var values: [Double] }
        let error = #expect(throws: EncodingError.self) { try ModelEncoder().encode(Reading(values: [1, .nan])) }
        guard case let .invalidValue(_, context) = error else { Issue.record("expected invalidValue"); return }
        #expect(context.codingPath.map(\.stringValue) == ["values", "Index 1"])
        #expect(throws: EncodingError.self) { try ModelEncoder().encode(["x": Double.infinity]) }
        #expect(throws: EncodingError.self) { try ModelEncoder().encode([Float.nan]) }
    }

    @Test func sortedKeysAndPrettyPrinting() throws {
        let value: [String: JSONValue] = ["b": .array([.int(1), .object([:])]), "a": .object(["y": .null, "x": .bool(true)]), "c": .array([])]
        #expect(try json(value) == #"{"a":{"x":true,"y":null},"b":[1,{}],"c":[]}"#)
        // JSONEncoder's pretty form: `" : "`, and an empty container on two lines.
        #expect(try json(value, pretty: true) == """
        {
          "a" : {
            "x" : true,
            "y" : null
          },
          "b" : [
            1,
            {

            }
          ],
          "c" : [

          ]
        }
        """)
    }

    /// The writer keeps its own stack. (5,000 levels: Swift's own release of a much
    /// deeper value, in the test itself, would overflow a thread's stack first.)
    @Test func deepTreesAreWrittenWithoutRecursion() throws {
        let count = try onLargeStack {  // building and releasing the value recurse; writing it does not
            var value = JSONValue.int(1)
            for _ in 0 ..< 5_000 { value = .array([value]) }
            return String(decoding: try ModelEncoder().encode(value), as: UTF8.self).count
        }
        #expect(count == 10_001)
    }
}

@Suite struct ModelEncodingTests {
    struct Address: CodableModel, Equatable {
        var city = ""
        var zip = ""
    }

    struct User: CodableModel, Equatable {
        var firstName = ""
        var age = 0
        var city = ""
        var country = ""
        var nickname: String?
        var tags: [String] = []
        @IgnoredKey var session = "local"
        @Flat var address = Address()
        static func mappingForKey() -> [KeyMapping]? {
            [CodingKeys.city <--- Sources(keys: ["location.city"]), CodingKeys.country <--- Sources(keys: ["location.country"]),
             .model(Prefix(prefix: "u_"))]
        }
    }

    let user = User(firstName: "Ada", age: 36, city: "London", country: "UK", nickname: nil, tags: ["math"],
                    session: "secret", address: Address(city: "Leeds", zip: "LS1"))

    @Test func keysFollowTheModelsRules() throws {
        let dictionary = try #require(user.toDictionary())
        #expect(dictionary["u_firstName"] as? String == "Ada")
        #expect(dictionary["u_age"] as? Int == 36)
        let location = try #require(dictionary["location"] as? [String: Any])
        #expect(location["city"] as? String == "London")
        #expect(location["country"] as? String == "UK")
        #expect(dictionary["u_session"] == nil && dictionary["session"] == nil)  // @IgnoredKey is not written
        #expect(dictionary["city"] as? String == "Leeds")  // @Flat writes into the enclosing object
        #expect(dictionary["zip"] as? String == "LS1")
        #expect(dictionary.keys.contains("u_nickname") == false)  // nil optionals are left out
        #expect(JSONSerialization.isValidJSONObject(dictionary))
    }

    @Test func nilAsNullWritesNull() throws {
        let dictionary = try #require(user.toDictionary(options: .init(nilAsNull: true)))
        #expect(dictionary["u_nickname"] is NSNull)
    }

    @Test func roundTripThroughTheSameRules() throws {
        let back = try #require(User.deserialize(from: user.toJSONString()))
        #expect(back.firstName == user.firstName && back.age == user.age && back.city == user.city)
        #expect(back.country == user.country && back.tags == user.tags && back.address == user.address)
        #expect(back.session == "local")  // ignored both ways
    }

    @Test func callStrategiesApplyToPropertiesWithoutRules() throws {
        let dictionary = try #require(Address(city: "Paris", zip: "75").toDictionary(options: .init(keyStrategies: [Prefix(prefix: "x_")])))
        #expect(dictionary as? [String: String] == ["x_city": "Paris", "x_zip": "75"])
    }

    /// A type no suite registers app-wide, so that this test sees no global transformer.
    struct Pressure: Codable, Equatable {
        var hectopascals: Double
    }

    struct PressureTransformer: ValueTransformable {
        var offset: Double
        func transformFromJSON(_ value: JSONValue) -> Pressure? { value.converted(to: Double.self).map { Pressure(hectopascals: $0 + offset) } }
        func transformToJSON(_ value: Pressure) -> Double? { value.hectopascals - offset }
    }

    struct Measured: CodableModel {
        var pressure = Pressure(hectopascals: 0)
        var mapped = Pressure(hectopascals: 0)
        static func mappingForValue() -> [ValueMapping]? { [CodingKeys.mapped <--- PressureTransformer(offset: 1000)] }
    }

    @Test func valueRulesAndTransformersWriteBack() throws {
        let value = Measured(pressure: Pressure(hectopascals: 20), mapped: Pressure(hectopascals: 1020))
        let perCall = try #require(value.toDictionary(options: .init(transformers: [PressureTransformer(offset: 10)])))
        #expect(perCall["pressure"] as? Double == 10)  // the transformer writes a Double
        #expect(perCall["mapped"] as? Double == 20)
        let plain = try #require(value.toDictionary())
        #expect((plain["pressure"] as? [String: Any])?["hectopascals"] as? Double == 20)
    }

    @Test func anyValuesAndJSONValuesWriteWhatTheyHold() throws {
        struct Bag: CodableModel {
            @AnyValue var extra: [String: Any] = ["a": 1, "b": [true, "x"]]
            var raw: JSONValue = .object(["k": .array([.int(1), .double(2.5)])])
        }
        let text = try #require(Bag().toJSONString(options: .init(sortedKeys: true)))
        #expect(text == #"{"extra":{"a":1,"b":[true,"x"]},"raw":{"k":[1,2.5]}}"#)
    }

    @Test func arraysOfModels() throws {
        let addresses = [Address(city: "A", zip: "1"), Address(city: "B", zip: "2")]
        #expect(addresses.toJSONString(options: .init(sortedKeys: true)) == #"[{"city":"A","zip":"1"},{"city":"B","zip":"2"}]"#)
        #expect((addresses.toArray()?.last as? [String: Any])?["city"] as? String == "B")
        #expect(try JSONValue(encoding: addresses) == .array([.object(["city": .string("A"), "zip": .string("1")]),
                                                             .object(["city": .string("B"), "zip": .string("2")])]))
    }
}

/// decode(encode(x)) == x for generated values, and every output is valid JSON
/// to both CodableKit's reader and `JSONSerialization`.
@Suite struct EncodingRoundTripTests {
    struct Leaf: CodableModel, Equatable {
        var text = ""
        var number = 0.0
        var count: Int64 = 0
        var flag = false
        var optional: Int?
    }

    struct Tree: CodableModel, Equatable {
        var name = ""
        var leaves: [Leaf] = []
        var byKey: [String: Leaf] = [:]
        var nested: [[UInt8]] = []
        var children: [Tree] = []
    }

    private static func text(_ random: inout SeededGenerator) -> String {
        let pieces = ["a", "Zürich", "\"", "\\", "\n", "\u{0}", "\u{1F}", "😀", "中", " ", "\u{2028}", "/", "é"]
        return (0 ..< Int.random(in: 0 ... 6, using: &random)).map { _ in pieces[Int.random(in: 0 ..< pieces.count, using: &random)] }.joined()
    }

    private static func leaf(_ random: inout SeededGenerator) -> Leaf {
        var number = Double(bitPattern: random.next())
        if !number.isFinite { number = 0 }
        return Leaf(text: text(&random), number: number, count: Int64(bitPattern: random.next()),
                    flag: Bool.random(using: &random), optional: Bool.random(using: &random) ? Int.random(in: .min ... .max, using: &random) : nil)
    }

    private static func tree(_ random: inout SeededGenerator, depth: Int) -> Tree {
        Tree(name: text(&random),
             leaves: (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in leaf(&random) },
             byKey: Dictionary((0 ..< Int.random(in: 0 ... 2, using: &random)).map { _ in (text(&random), leaf(&random)) },
                               uniquingKeysWith: { first, _ in first }),
             nested: (0 ..< Int.random(in: 0 ... 2, using: &random)).map { _ in (0 ..< 3).map { _ in UInt8.random(in: 0 ... 255, using: &random) } },
             children: depth == 0 ? [] : (0 ..< Int.random(in: 0 ... 2, using: &random)).map { _ in tree(&random, depth: depth - 1) })
    }

    @Test func generatedModelsRoundTrip() throws {
        var random = SeededGenerator(seed: 0xC0DE)
        for index in 0 ..< 300 {
            let value = Self.tree(&random, depth: 3)
            let data = try ModelEncoder(options: .init(sortedKeys: index % 2 == 0), prettyPrinted: index % 3 == 0).encode(value)
            _ = try JSONValue(parsing: data)
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
            let (back, report) = try Tree.decodeWithReport(from: data)
            #expect(back == value, "seed index \(index)")
            #expect(report.issues.allSatisfy { $0.kind == .keyNotFound }, "\(report)")  // only absent nil optionals
        }
    }
}
