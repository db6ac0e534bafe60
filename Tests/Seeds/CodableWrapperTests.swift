import Foundation
import Testing
import CodableKitKeyStrategies
import CodableKitTransformers

/// CodableWrapper's article (`../shared/seeds/004_…`): its six goals, with CodableKit's names.
@Suite struct CodableWrapperTests {
    /// Goals 1, 2, 4: defaults for missing fields, conversions between basic types, custom and
    /// nested keys — the article's `BasicModel`, its macros as mappings.
    struct BasicModel: CodableModel {
        var defaultVal: String = "hello world"
        var strict: String = ""
        var noStrict: String?
        var autoConvert: Int?
        var hi: String = "there"
        var codingKeySupport: String = ""
        var nestedB: String = ""

        static func mappingForKey() -> [KeyMapping]? {
            [CodingKeys.hi <--- "hello", CodingKeys.codingKeySupport <--- "nested.hi", CodingKeys.nestedB <--- "nested.b"]
        }

        static func mappingForValue() -> [ValueMapping]? {
            [CodingKeys.codingKeySupport <--- FastTransformer<String, String>(fromJSON: { $0.map { "HELLO -> " + $0 } })]
        }
    }

    @Test func basicModel() throws {
        let json = #"{"strict": "s", "autoConvert": "42", "hello": "world", "nested": {"hi": "x", "b": "y"}}"#
        let model = try #require(BasicModel.deserialize(from: json))
        #expect(model.defaultVal == "hello world" && model.strict == "s" && model.noStrict == nil)
        #expect(model.autoConvert == 42 && model.hi == "world" && model.nestedB == "y")
        #expect(model.codingKeySupport == "HELLO -> x")
        let back = try #require(model.toDictionary())
        #expect(back["hello"] as? String == "world")
        #expect((back["nested"] as? [String: Any])?["b"] as? String == "y")
    }

    /// Goal 3: a camelCase property reads its snake_case key and the other way round
    /// (CodableWrapper's `snakeCamelConvert`, tried where the strategy is given).
    struct Converted: CodableModel, Equatable {
        var userName = ""
        var user_id = 0   // swiftlint:disable:this identifier_name
        var plain = ""
    }

    @Test func snakeCamelConvert() throws {
        let json = #"{"user_name": "ada", "userId": 7, "plain": "p"}"#
        let perModel = DecodingOptions(keyStrategies: [.snakeCamelConvert])
        #expect(Converted.deserialize(from: json, options: perModel) == Converted(userName: "ada", user_id: 7, plain: "p"))
        // The property's own name wins where both are there; keys are written as declared.
        let both = #"{"userName": "own", "user_name": "twin"}"#
        #expect(Converted.deserialize(from: both, options: perModel)?.userName == "own")
        #expect(Converted(userName: "a").toJSONString(options: .init(keyStrategies: [.snakeCamelConvert])) == #"{"userName":"a","user_id":0,"plain":""}"#)
        // Without the strategy, CodableKit reads the declared names only (and records the miss).
        #expect(Converted.deserialize(from: json)?.userName == "")
        #expect(SnakeCamelConvert().decodingKeys(for: "userName") == ["userName", "user_name"])
        #expect(SnakeCamelConvert().decodingKeys(for: "user_id") == ["user_id", "userId"])
        #expect(SnakeCamelConvert().decodingKeys(for: "plain") == ["plain"])
    }

    struct PerModel: CodableModel {
        var firstName = ""
        static func mappingForKey() -> [KeyMapping]? { [.model(.snakeCamelConvert)] }
    }

    @Test func snakeCamelConvertForOneModel() {
        #expect(PerModel.deserialize(from: #"{"first_name": "Bo"}"#)?.firstName == "Bo")
    }

    /// Goal 5: a transformer for a property (here a `Codable` wrapper of a timestamp).
    struct DateWrapper: Codable, Equatable {
        let timestamp: Double
        var date: Date { Date(timeIntervalSince1970: timestamp) }
        static let transformer = FastTransformer<DateWrapper, Double>(fromJSON: { DateWrapper(timestamp: $0 ?? 0) }, toJSON: { $0?.timestamp })
    }

    struct DateModel: CodableModel {
        var time: DateWrapper? = DateWrapper(timestamp: 0)
        var time1 = DateWrapper(timestamp: 0)
        var time2: DateWrapper?
        static func mappingForValue() -> [ValueMapping]? {
            [CodingKeys.time <--- DateWrapper.transformer, CodingKeys.time1 <--- DateWrapper.transformer, CodingKeys.time2 <--- DateWrapper.transformer]
        }
    }

    @Test func transformers() throws {
        let model = try #require(DateModel.deserialize(from: #"{"time": 10, "time1": 20}"#))
        #expect(model.time?.timestamp == 10 && model.time1.timestamp == 20 && model.time2 == nil)
        #expect(model.toJSONString() == #"{"time":10,"time1":20}"#)
    }

    /// Goal 6: a `Codable` class's subclass, its own property a `@ModelField`.
    class ClassModel1: CodableModel {
        var val: String?
        required init() {}
    }

    final class ClassSubmodel1: ClassModel1 {
        @ModelField var subVal: String = "1_1"
    }

    @Test func subclass() throws {
        let model = try #require(ClassSubmodel1.deserialize(from: #"{"val": "v"}"#))
        #expect(model.val == "v" && model.subVal == "1_1")
        let other = try #require(ClassSubmodel1.deserialize(from: #"{"val": "v", "subVal": "2"}"#))
        #expect(other.subVal == "2")
        #expect(other.toDictionary()?["subVal"] as? String == "2")
    }
}
