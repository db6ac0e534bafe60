import Foundation
import Testing
@testable import CodableKit

/// Subclasses of model classes: the properties they add are `@ModelField`s, filled
/// after the inherited `init(from:)` and written after the inherited `encode(to:)`.
@Suite struct SubclassFieldTests {
    class BaseModel: CodableModel {
        var name = ""
        required init() {}
    }

    class StudentModel: BaseModel {
        @ModelField var age: Int?
        @ModelField var grade = 1
    }

    /// Seconds since 1970 ⇄ Date, for a field's own transformer.
    struct Seconds: ValueTransformable {
        func transformFromJSON(_ value: JSONValue) -> Date? {
            value.converted(to: Double.self).map(Date.init(timeIntervalSince1970:))
        }
        func transformToJSON(_ value: Date) -> Double? { value.timeIntervalSince1970 }
    }

    class Animal: CodableModel {
        var name = ""
        var legs = 4
        required init() {}
        var finished: [String] = []
        func didFinishMapping() { finished.append("animal") }
        enum CodingKeys: String, CodingKey { case name, legs }
    }

    final class Dog: Animal {
        @ModelField var breed = "mixed"
        @ModelField("is_good", "good") var good = true
        @ModelField("owner.name") var ownerName = ""
        @ModelField(transformer: Seconds()) var born: Date? = nil
        override func didFinishMapping() { finished.append("dog \(breed)") }
    }

    @Test func theIssuesExample() throws {
        let student = try #require(StudentModel.deserialize(from: #"{"name": "Ada", "age": 12}"#))
        #expect(student.name == "Ada" && student.age == 12 && student.grade == 1)
    }

    @Test func keysPathsAndTransformers() throws {
        let json = #"{"name": "Rex", "legs": 4, "breed": "collie", "good": false, "owner": {"name": "Ada"}, "born": 86400}"#
        let (dog, report) = try Dog.decodeWithReport(from: json)
        #expect(dog.name == "Rex" && dog.breed == "collie" && dog.good == false && dog.ownerName == "Ada")
        #expect(dog.born == Date(timeIntervalSince1970: 86400))
        #expect(report.isClean, "\(report)")
        #expect(try Dog.decode(from: #"{"is_good": false, "good": true}"#).good == false)  // the first candidate wins
        #expect(try Dog.decode(from: #"{"is_good": null, "good": false}"#).good == false)  // … when not null
        #expect(dog.finished == ["dog collie"])  // the override, after the fields are filled
    }

    @Test func toleranceAndTheReport() throws {
        let (dog, report) = try Dog.decodeWithReport(from: #"{"name": "Rex", "legs": 4, "breed": 5, "good": "yes", "born": "soon"}"#)
        #expect(dog.breed == "5" && dog.good == true && dog.born == nil && dog.ownerName == "")
        #expect(report.issues.map(\.path) == ["breed", "good", "ownerName", "born"], "\(report)")  // the field's coding key
        #expect(report.issues.allSatisfy { $0.modelType == "Dog" })
        #expect(report.issues.map(\.kind) == [.converted(from: "number", to: "String"), .converted(from: "string", to: "Bool"),
                                              .keyNotFound, .transformFailed])
        let nulls = try Dog.decode(from: #"{"breed": null, "good": [1]}"#)
        #expect(nulls.breed == "mixed" && nulls.good == true)
    }

    @Test func strictModeNamesTheFieldsPath() throws {
        #expect {
            try Dog.decode(from: #"{"name": "a", "legs": 4, "breed": 1, "good": true, "owner": {"name": ""}}"#,
                           options: .init(mode: .strict))
        } throws: { error in
            guard case let DecodingError.typeMismatch(_, context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["breed"]
        }
        #expect(throws: DecodingError.self) {
            try Dog.decode(from: #"{"name": "a", "legs": 4, "breed": "b", "good": true}"#, options: .init(mode: .strict))
        }
    }

    struct Snake: KeyStrategy {
        func decodingKeys(for name: String) -> [String] {
            [name.reduce(into: "") { $0 += $1.isUppercase ? "_" + $1.lowercased() : String($1) }]
        }
        func encodingKey(for name: String) -> String { decodingKeys(for: name)[0] }
    }

    class Pet: CodableModel {
        var petName = ""
        required init() {}
        static func mappingForKey() -> [KeyMapping]? { [.model(Snake())] }
    }

    final class Cat: Pet {
        @ModelField var favouriteFood = ""
    }

    @Test func keyStrategiesApplyToFieldNames() throws {
        let cat = try Cat.decode(from: #"{"pet_name": "Tom", "favourite_food": "fish"}"#)
        #expect(cat.petName == "Tom" && cat.favouriteFood == "fish")
        #expect(cat.toJSONString(options: .init(sortedKeys: true)) == #"{"favourite_food":"fish","pet_name":"Tom"}"#)
        let perCall = try StudentModel.decode(from: #"{"name": "a", "x_grade": 3}"#,
                                             options: .init(keyStrategies: [Prefixed()]))
        #expect(perCall.grade == 3)
    }

    struct Prefixed: KeyStrategy {
        func decodingKeys(for name: String) -> [String] { ["x_" + name] }
        func encodingKey(for name: String) -> String { "x_" + name }
    }

    @Test func perCallTransformersApplyToFields() throws {
        struct Doubled: ValueTransformable {
            func transformFromJSON(_ value: JSONValue) -> Int? { value.converted(to: Int.self).map { $0 * 2 } }
            func transformToJSON(_ value: Int) -> Int? { value / 2 }
        }
        let student = try StudentModel.decode(from: #"{"grade": 4, "age": 5}"#, options: .init(transformers: [Doubled()]))
        #expect(student.grade == 8 && student.age == 10)
    }

    @Test func updateKeepsAbsentFields() throws {
        var dog = try Dog.decode(from: #"{"name": "Rex", "breed": "collie", "owner": {"name": "Ada"}, "born": 1}"#)
        dog.update(from: #"{"good": false}"#)
        #expect(dog.name == "Rex" && dog.breed == "collie" && dog.ownerName == "Ada" && dog.good == false)
        #expect(dog.born == Date(timeIntervalSince1970: 1))
    }

    class Level1: CodableModel { var a = 0; required init() {} }
    class Level2: Level1 { @ModelField var b = 0 }
    class Level3: Level2 { @ModelField var c = 0 }

    struct Kennel: CodableModel, Sendable {
        var dogs: [Dog] = []
        var best: Dog?
        var deep = Level3()
    }

    @Test func anyDepthAndInsideOtherValues() throws {
        let deep = try Level3.decode(from: #"{"a": 1, "b": 2, "c": 3}"#)
        #expect(deep.a == 1 && deep.b == 2 && deep.c == 3)
        let kennel = try Kennel.decode(from: #"{"dogs": [{"breed": "a"}, {"breed": "b"}], "best": {"breed": "c"}, "deep": {"c": 9}}"#)
        #expect(kennel.dogs.map(\.breed) == ["a", "b"] && kennel.best?.breed == "c" && kennel.deep.c == 9)
        let viaDecoder = try ModelDecoder().decode([Level3].self, from: Data(#"[{"b": 5}]"#.utf8))
        #expect(viaDecoder.first?.b == 5)
    }

    @Test func roundTripThroughTheEncoder() throws {
        let dog = Dog()
        dog.name = "Rex"
        dog.breed = "collie"
        dog.ownerName = "Ada"
        dog.born = Date(timeIntervalSince1970: 10.5)
        let json = try #require(dog.toJSONString(options: .init(sortedKeys: true)))
        #expect(json == #"{"born":10.5,"breed":"collie","is_good":true,"legs":4,"name":"Rex","owner":{"name":"Ada"}}"#)
        let back = try Dog.decode(from: json)
        #expect(back.breed == "collie" && back.ownerName == "Ada" && back.born == dog.born && back.good)
        let data = try ModelEncoder().encode(Kennel(dogs: [dog], best: nil, deep: Level3()))
        let kennel = try ModelDecoder().decode(Kennel.self, from: data)
        #expect(kennel.dogs.first?.ownerName == "Ada")
        // A value typed as the base class is written with its own class's fields.
        let animal: Animal = dog
        #expect(animal.toJSONString()?.contains(#""breed":"collie""#) == true)
    }

    @Test func eachInstanceHasItsOwnFields() throws {
        let dogs = try [Dog].decode(from: Data(#"[{"breed": "a"}, {"breed": "b"}]"#.utf8))
        #expect(dogs.map(\.breed) == ["a", "b"])
        dogs[0].breed = "changed"
        #expect(dogs[1].breed == "b" && Dog().breed == "mixed")
    }

    class Plain: BaseModel {}

    @Test func aSubclassWithoutFieldsBehavesAsItsBase() throws {
        #expect(try Plain.decode(from: #"{"name": "p"}"#).name == "p")
        #expect(ModelInfo.of(Plain.self).fields == nil)
        #expect(Plain().toJSONString() == #"{"name":""}"#)
    }

    class HandWritten: BaseModel {
        var extra = 0
        required init() { super.init() }
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            extra = try container.decode(Int.self, forKey: AnyCodingKey(stringValue: "extra"))
            try super.init(from: decoder)
        }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(extra, forKey: AnyCodingKey(stringValue: "extra"))
        }
    }

    @Test func handWrittenSubclassesKeepWorking() throws {
        let value = try HandWritten.decode(from: #"{"name": "h", "extra": "7"}"#)
        #expect(value.name == "h" && value.extra == 7)
        #expect(value.toJSONString(options: .init(sortedKeys: true)) == #"{"extra":7,"name":"h"}"#)
    }

    class Shadowing: BaseModel {
        @ModelField("name") var alias = "field"
        @ModelField var secondName = "second"
    }

    /// Streamed (unsorted) and through the tree (sorted), with and without a key strategy:
    /// the same members, each once.
    static func bothWays<T: Encodable>(_ value: T, snakeCase: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let sorted = ModelEncoder(options: .init(sortedKeys: true)), streamed = ModelEncoder()
        if snakeCase {
            sorted.keyEncodingStrategy = .convertToSnakeCase
            streamed.keyEncodingStrategy = .convertToSnakeCase
        }
        let tree = try sorted.encode(value), stream = try streamed.encode(value)
        #expect(try JSONValue(parsing: tree) == JSONValue(parsing: stream), sourceLocation: sourceLocation)
        #expect(tree.count == stream.count, "\(String(decoding: stream, as: UTF8.self))", sourceLocation: sourceLocation)
        return String(decoding: tree, as: UTF8.self)
    }

    @Test func fieldsAreWrittenByTheStreamAsByTheTree() throws {
        let dog = Dog()
        dog.breed = "collie"
        dog.ownerName = "Ada"
        #expect(try Self.bothWays(dog) == #"{"breed":"collie","is_good":true,"legs":4,"name":"","owner":{"name":"Ada"}}"#)
        #expect(try Self.bothWays([dog, dog]).hasPrefix(#"[{"breed":"collie""#))
        let student = StudentModel()
        student.grade = 3
        #expect(try Self.bothWays([student, student]) == #"[{"grade":3,"name":""},{"grade":3,"name":""}]"#)
        student.age = 12
        #expect(try Self.bothWays(student, snakeCase: true) == #"{"age":12,"grade":3,"name":""}"#)
        // The type's own member wins over a field under the same key.
        #expect(try Self.bothWays(Shadowing(), snakeCase: true) == #"{"name":"","second_name":"second"}"#)
        #expect(try Self.bothWays([Shadowing(), Shadowing()]) == #"[{"name":"","secondName":"second"},{"name":"","secondName":"second"}]"#)
    }

    @Test func fieldsAreReadWhereTheyAreStored() throws {
        // The runtime's field offsets, checked against the mirror once per type.
        #expect(ModelInfo.of(Dog.self).fields?.storageOffsets?.count == 4)
        #expect(ModelInfo.of(StudentModel.self).fields?.storageOffsets?.count == 2)
        let first = StudentModel(), second = StudentModel()
        first.grade = 7
        second.age = 3
        #expect(try Self.bothWays([first, second]) == #"[{"grade":7,"name":""},{"age":3,"grade":1,"name":""}]"#)
    }

    @Test func foundationsDecoderLeavesFieldsAtTheirInitialValues() throws {
        let student = try JSONDecoder().decode(StudentModel.self, from: Data(#"{"name": "a", "grade": 5}"#.utf8))
        #expect(student.name == "a" && student.grade == 1)
    }
}

extension SubclassFieldTests.Dog: @unchecked Sendable {}
extension SubclassFieldTests.StudentModel: @unchecked Sendable {}
extension SubclassFieldTests.Shadowing: @unchecked Sendable {}
extension SubclassFieldTests.Level3: @unchecked Sendable {}
