import Foundation
import Testing
import CodableKitEnumCoding

enum Gender: String, CaseDefaultable {
    case male, female, unknown
    static var defaultCase: Gender { .unknown }
}

enum Level: Int, CaseDefaultable {
    case low = 1, high = 2, unknown = 0
    static var defaultCase: Level { .unknown }
}

enum Ratio: Double, CaseDefaultable {
    case half = 0.5, whole = 1, other = -1
    static var defaultCase: Ratio { .other }
}

@Suite struct CaseDefaultableTests {
    struct Person: CodableModel {
        var gender = Gender.male
        var level = Level.low
        var ratio = Ratio.whole
        var optionalGender: Gender?
    }

    @Test func knownUnknownAndConvertedRawValues() throws {
        let (person, report) = try Person.decodeWithReport(from: #"{"gender": "other", "level": "2", "ratio": 0.5, "optionalGender": 3}"#)
        #expect(person.gender == .unknown)
        #expect(person.level == .high)
        #expect(person.ratio == .half)
        #expect(person.optionalGender == .unknown)
        #expect(report.issues.filter { $0.kind == .caseNotMatched }.map(\.path) == ["gender", "optionalGender"])
        #expect(report.issues.contains { $0.kind == .converted(from: "string", to: "Int") })
        #expect(try Person.decode(from: #"{"level": 7}"#).level == .unknown)
    }

    @Test func nullAndMissingAreThePropertysBusiness() throws {
        let person = try Person.decode(from: #"{"gender": null}"#)
        #expect(person.gender == .male)
        #expect(person.optionalGender == nil)
    }

    @Test func strictModeThrows() {
        #expect(throws: DecodingError.self) { try Person.decode(from: #"{"gender": "other"}"#, options: .init(mode: .strict)) }
    }

    @Test func worksWithFoundationDecodersToo() throws {
        let people = try JSONDecoder().decode([Gender].self, from: Data(#"["female", "robot"]"#.utf8))
        #expect(people == [.female, .unknown])
    }

    @Test func encodesTheRawValue() throws {
        let dictionary = try #require(Person(gender: .female, level: .high, ratio: .half).toDictionary())
        #expect(dictionary["gender"] as? String == "female")
        #expect(dictionary["level"] as? Int == 2)
        #expect(dictionary["ratio"] as? Double == 0.5)
    }
}
