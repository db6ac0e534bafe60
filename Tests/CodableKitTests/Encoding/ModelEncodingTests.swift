import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

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

    /// A `[String: V]`'s keys are data, not property names: decoding reads them as they are,
    /// so encoding writes them as they are under the call's key strategies too (it converted
    /// them, so that `fooBar` came back as `x_fooBar`), through `encode(to:)` and a plan alike.
    struct Tagged: CodableModel, Equatable { var labels: [String: Int] = [:] }
    struct DeclaredTagged: CodableModel, SynthesizedCodable, Equatable { var labels: [String: Int] = [:], names: [String: String] = [:] }

    @Test func callStrategiesLeaveDictionaryKeysAsTheyAre() throws {
        let options = EncodingOptions(keyStrategies: [Prefix(prefix: "x_")])
        let tagged = Tagged(labels: ["fooBar": 1])
        #expect(tagged.toJSONString(options: options) == #"{"x_labels":{"fooBar":1}}"#)
        let declared = DeclaredTagged(labels: ["fooBar": 1], names: ["a.b": "c"])
        #expect(String(decoding: try ModelEncoder(options: options).encode([declared, declared]), as: UTF8.self)
            == #"[{"x_labels":{"fooBar":1},"x_names":{"a.b":"c"}},{"x_labels":{"fooBar":1},"x_names":{"a.b":"c"}}]"#)
        var sorted = options
        sorted.sortedKeys = true
        #expect(tagged.toJSONString(options: sorted) == #"{"x_labels":{"fooBar":1}}"#)
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
