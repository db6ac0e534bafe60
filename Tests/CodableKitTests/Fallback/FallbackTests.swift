import Foundation
import Testing
import CodableKit

struct Person: DecodableModel, Equatable {
    var name = "anonymous"
    var age = 18
    var height: Double = 1.7
    var nickname: String?
    var luckyNumber: Int? = 7
    var tags: [String] = ["new"]
}

/// Missing, null and unusable values keep the property's initial value.
@Suite struct FallbackTests {
    @Test func missingKeysKeepInitialValues() throws {
        let person = try Person.decode(from: "{}")
        #expect(person == Person())
    }

    @Test func nullKeepsInitialValueForNonOptionals() throws {
        let person = try Person.decode(from: #"{"name": null, "age": null, "height": null, "tags": null}"#)
        #expect(person == Person())
    }

    @Test func unusableValuesKeepInitialValues() throws {
        let person = try Person.decode(from: #"{"name": {}, "age": "old", "height": [1], "tags": 3}"#)
        #expect(person == Person())
    }

    @Test func optionalExplicitNullIsNil() throws {
        let person = try Person.decode(from: #"{"luckyNumber": null, "nickname": null}"#)
        #expect(person.luckyNumber == nil)
        #expect(person.nickname == nil)
    }

    @Test func optionalMissingOrUnusableKeepsInitialValue() throws {
        #expect(try Person.decode(from: "{}").luckyNumber == 7)
        #expect(try Person.decode(from: #"{"luckyNumber": "seven"}"#).luckyNumber == 7)
        #expect(try Person.decode(from: #"{"luckyNumber": "8"}"#).luckyNumber == 8)
        #expect(try Person.decode(from: #"{"luckyNumber": 9}"#).luckyNumber == 9)
    }

    @Test func explicitNullIntoOptionalIsNotARepair() throws {
        let (_, report) = try Person.decodeWithReport(from: #"{"name": "a", "age": 1, "height": 2, "tags": [], "luckyNumber": null}"#)
        #expect(report.isClean)
    }

    @Test func renamedKeysFindTheirInitialValues() throws {
        // Custom coding keys: the initial value is found by the coding key, not the property's name.
        struct Renamed: CodableModel {
            var count = 5
            var label = "x"
            enum CodingKeys: String, CodingKey {
                case count = "n"
                case label = "l"
            }
        }
        let value = try Renamed.decode(from: #"{"n": "many"}"#)
        #expect(value.count == 5)
        #expect(value.label == "x")
    }

    @Test func plainDecodableTypesGetEmptyValues() throws {
        struct Plain: Decodable {
            var id: Int
            var name: String
            var flags: [Bool]
            var note: String?
        }
        let plain = try ModelDecoder().decode(Plain.self, from: Data(#"{"name": null, "flags": "no"}"#.utf8))
        #expect(plain.id == 0)
        #expect(plain.name == "")
        #expect(plain.flags == [])
        #expect(plain.note == nil)
    }

    @Test func eachObjectGetsItsOwnVaryingInitialValues() throws {
        final class Box {}
        struct Stamped: DecodableModel {
            var id = UUID()
            var box = Box()
            var name = ""
            enum CodingKeys: CodingKey { case id, name }  // box is not decoded
        }
        let values = try #require([Stamped].deserialize(from: #"[{"name": "a"}, {"name": "b"}, {"id": "bad"}]"#))
        #expect(Set(values.map(\.id)).count == 3)
        #expect(values[0].box !== values[1].box)
    }
}
