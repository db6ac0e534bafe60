import Foundation
import Testing
import CodableKitEnumCoding
import CodableKitKeyStrategies
import CodableKitTransformers

/// ExCodable's README (`../shared/seeds/002_…`), written with CodableKit's names.
@Suite struct ExCodableTests {
    // §7: subscripts in a hand-written init(from:)/encode(to:) of a type that is not a model.
    struct TestManualEncodingDecoding: Codable, Equatable {
        let int: Int
        let string: String

        enum Keys: CodingKey { case int, string }

        init(int: Int, string: String) { (self.int, self.string) = (int, string) }

        init(from decoder: any Decoder) throws {
            int = decoder[Keys.int] ?? 0
            string = decoder[Keys.string] ?? ""
        }

        func encode(to encoder: any Encoder) throws {
            encoder[Keys.int] = int
            encoder[Keys.string] = string
        }
    }

    @Test func subscriptsByCodingKeyWithEveryDecoder() throws {
        let json = Data(#"{"int": 200, "string": "OK"}"#.utf8)
        let expected = TestManualEncodingDecoding(int: 200, string: "OK")
        #expect(try JSONDecoder().decode(TestManualEncodingDecoding.self, from: json) == expected)
        #expect(try ModelDecoder().decode(TestManualEncodingDecoding.self, from: json) == expected)
        // Written back: the same object by both encoders.
        for data in [try JSONEncoder().encode(expected), try ModelEncoder().encode(expected)] {
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["int"] as? Int == 200 && object["string"] as? String == "OK")
        }
    }

    /// The README's conversions (§6A): a string into an Int, a number into a String, a Bool from
    /// "true" or 1 — by `JSONDecoder` too, since the subscript converts what the container cannot.
    struct Converted: Codable {
        var int = 0
        var string = ""
        var bool = false
        var double = 0.0

        init() {}

        init(from decoder: any Decoder) throws {
            int = decoder["int"] ?? -1
            string = decoder["string"] ?? "-"
            bool = decoder["bool"] ?? false
            double = decoder["double"] ?? -1
        }

        func encode(to encoder: any Encoder) throws {
            encoder["int"] = int
            encoder["string"] = string
        }
    }

    @Test func convertedValues() throws {
        let json = Data(#"{"int": "27", "string": 42, "bool": "true", "double": "2.5"}"#.utf8)
        for model in [try JSONDecoder().decode(Converted.self, from: json), try ModelDecoder().decode(Converted.self, from: json)] {
            #expect(model.int == 27 && model.string == "42" && model.bool && model.double == 2.5)
        }
        let none = try ModelDecoder().decode(Converted.self, from: Data(#"{"int": "x", "string": null}"#.utf8))
        #expect(none.int == -1 && none.string == "-")   // nothing usable: nil, the caller's default
    }

    /// §2, §3: several keys (the first that gives a value) and dotted paths, read and written.
    struct Keys: Codable {
        var string = ""
        var nested = ""

        init() {}

        init(from decoder: any Decoder) throws {
            string = decoder["string", "str", "s"] ?? ""
            nested = decoder["nested.nested.string"] ?? ""
        }

        func encode(to encoder: any Encoder) throws {
            encoder["s"] = string
            encoder["nested.nested.string"] = nested
        }
    }

    @Test func firstOfSeveralKeysAndNestedPaths() throws {
        let decoders: [(Data) throws -> Keys] = [
            { try JSONDecoder().decode(Keys.self, from: $0) }, { try ModelDecoder().decode(Keys.self, from: $0) },
        ]
        for decode in decoders {
            #expect(try decode(Data(#"{"str": "b", "s": "c"}"#.utf8)).string == "b")
            #expect(try decode(Data(#"{"string": null, "s": "c"}"#.utf8)).string == "c")   // null gives no value
            #expect(try decode(Data(#"{"nested": {"nested": {"string": "deep"}}}"#.utf8)).nested == "deep")
            #expect(try decode(Data(#"{"nested": {"other": 1}}"#.utf8)).nested == "")
            #expect(try decode(Data(#"{"nested": 3}"#.utf8)).nested == "")
            #expect(try decode(Data(#"{"nested.nested.string": "literal"}"#.utf8)).nested == "literal")   // as DottedPath reads
        }
        var keys = Keys()
        keys.string = "x"
        keys.nested = "y"
        for data in [try JSONEncoder().encode(keys), try ModelEncoder().encode(keys)] {
            let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(object["s"] as? String == "x")
            #expect(((object["nested"] as? [String: Any])?["nested"] as? [String: Any])?["string"] as? String == "y")
        }
    }

    /// A model's hand-written code with the subscripts keeps the model's key rules under CodableKit.
    struct Renamed: CodableModel {
        var userName = ""
        init() {}
        init(from decoder: any Decoder) throws { userName = decoder[CodingKeys.userName] ?? "?" }
        func encode(to encoder: any Encoder) throws { encoder[CodingKeys.userName] = userName }
        enum CodingKeys: String, CodingKey { case userName }
        static func mappingForKey() -> [KeyMapping]? { [.model(.snakeCase)] }
    }

    @Test func subscriptsFollowTheModelsKeyRules() throws {
        let model = try #require(Renamed.deserialize(from: #"{"user_name": "ada"}"#))
        #expect(model.userName == "ada")
        #expect(model.toJSONString() == #"{"user_name":"ada"}"#)
    }

    /// §1–§3 with CodableKit's declarations: `@ExCodable("string", "s", "nested.nested.string")`
    /// is a key mapping.
    struct TestExCodable: CodableModel, Equatable {
        var int = 0
        var string: String? = nil
        static func mappingForKey() -> [KeyMapping]? { [CodingKeys.string <--- ["string", "s", "nested.nested.string"]] }
    }

    @Test func alternativeAndNestedKeys() throws {
        #expect(TestExCodable.deserialize(from: #"{"int": 1, "s": "a"}"#)?.string == "a")
        #expect(TestExCodable.deserialize(from: #"{"nested": {"nested": {"string": "b"}}}"#)?.string == "b")
        #expect(TestExCodable.deserialize(from: #"{"int": "2"}"#) == TestExCodable(int: 2, string: nil))
    }

    /// §6C: a model's own type converter (`ExCodableDecodingTypeConverter`, a `Double` from a
    /// `Bool`) is a transformer for its properties.
    struct TestCustomTypeConverter: CodableModel {
        var doubleFromBool: Double? = nil
        var floatFromBool: Float? = nil
        static let fromBool = FastTransformer<Double, JSONValue>(fromJSON: { json in
            if case let .bool(flag)? = json { return flag ? 1 : 0 }
            return json?.converted(to: Double.self)
        })
        static func mappingForValue() -> [ValueMapping]? {
            [CodingKeys.doubleFromBool <--- fromBool,
             CodingKeys.floatFromBool <--- FastTransformer<Float, JSONValue>(fromJSON: { fromBool.transformFromJSON($0 ?? .null).map(Float.init) })]
        }
    }

    @Test func modelTypeConverter() throws {
        let model = try #require(TestCustomTypeConverter.deserialize(from: #"{"doubleFromBool": true, "floatFromBool": false}"#))
        #expect(model.doubleFromBool == 1 && model.floatFromBool == 0)
        #expect(TestCustomTypeConverter.deserialize(from: #"{"doubleFromBool": "2.5"}"#)?.doubleFromBool == 2.5)
    }

    /// §4: a `RawRepresentable` enum property.
    enum TestEnum: Int, Codable { case zero = 0, one = 1 }
    struct TestStructWithEnum: CodableModel { var `enum` = TestEnum.zero }

    @Test func rawRepresentableEnum() {
        #expect(TestStructWithEnum.deserialize(from: #"{"enum": 1}"#)?.enum == .one)
        #expect(TestStructWithEnum.deserialize(from: #"{"enum": 7}"#)?.enum == .zero)   // unknown: the initial value
    }

    /// §8: `nonnull: true, throws: true` is `@Required`.
    struct TestNonnullAndThrows: CodableModel { @Required var int = 0 }

    @Test func requiredFailsTheModel() {
        #expect(TestNonnullAndThrows.deserialize(from: #"{}"#) == nil)
        #expect([TestNonnullAndThrows].deserialize(from: #"[{"int": 1}, {}]"#)?.map(\.int) == [1])
    }

    /// §9: a class and its subclass, the subclass's property a `@ModelField`.
    class TestClass: CodableModel {
        var int = 0
        var string: String? = nil
        required init() {}
    }

    final class TestSubclass: TestClass {
        @ModelField var bool = false
    }

    @Test func classAndSubclass() throws {
        let model = try #require(TestSubclass.deserialize(from: #"{"int": 200, "string": "OK", "bool": true}"#))
        #expect(model.int == 200 && model.string == "OK" && model.bool)
        let object = try #require(model.toDictionary())
        #expect(object["bool"] as? Bool == true && object["int"] as? Int == 200)
    }

    /// §10: `TestStruct.decoded(from:)`, `model.encoded() as [String: Any]`: CodableKit's
    /// `deserialize(from:)` and `toDictionary()`.
    struct TestStruct: CodableModel, Equatable {
        var int = 0
        var string: String? = nil
    }

    @Test func typeInference() throws {
        let model = try #require(TestStruct.deserialize(from: Data(#"{"int":200,"string":"OK"}"#.utf8)))
        let dict = try #require(model.toDictionary())
        #expect(TestStruct.deserialize(from: dict) == model)
    }
}
