import Foundation
import Testing
import CodableKit

/// Key tables are cached per decode; a table depends on the model as well as on its
/// `CodingKeys` type. Two models that share a key type — subclasses of one class, whose
/// `@ModelField`s are all read through `AnyCodingKey`, or classes that share one
/// `CodingKeys` and override `mappingForKey()` — meet in one payload here, in both
/// orders, in arrays, and through a round trip.
@Suite struct SharedKeyTypeTests {
    class Animal: CodableModel {
        var name: String?
        required init() {}
    }

    final class Cat: Animal {
        @ModelField("cat_nick") var nick = "cat?"
    }

    final class Dog: Animal {
        @ModelField("dog_nick") var nick = "dog?"
    }

    struct Pets: CodableModel {
        var cat = Cat()
        var dog = Dog()
    }

    struct PetsDogFirst: CodableModel {
        var dog = Dog()
        var cat = Cat()
    }

    struct Kennel: CodableModel {
        var cat = Cat()
        var dogs: [Dog] = []
    }

    @Test func twoSubclassesInOneDecodeReadTheirOwnKeys() throws {
        let json = #"{"cat": {"cat_nick": "Tommy"}, "dog": {"dog_nick": "Rexy"}}"#
        let (pets, report) = try Pets.decodeWithReport(from: json)
        #expect(pets.cat.nick == "Tommy")
        #expect(pets.dog.nick == "Rexy")
        #expect(report.isClean, "\(report)")

        let (swapped, swappedReport) = try PetsDogFirst.decodeWithReport(from: json)
        #expect(swapped.cat.nick == "Tommy")
        #expect(swapped.dog.nick == "Rexy")
        #expect(swappedReport.isClean, "\(swappedReport)")
    }

    @Test func aSubclassNeverReadsAnotherSubclassesKey() throws {
        let json = #"{"cat": {"cat_nick": "Tommy"}, "dog": {"cat_nick": "not the dog's", "dog_nick": "Rexy"}}"#
        #expect(try Pets.decode(from: json).dog.nick == "Rexy")
        let onlyTheCatsKey = #"{"cat": {"cat_nick": "Tommy"}, "dog": {"cat_nick": "not the dog's"}}"#
        #expect(try Pets.decode(from: onlyTheCatsKey).dog.nick == "dog?")
    }

    @Test func anArrayOfOneSubclassAfterAnother() throws {
        let json = #"{"cat": {"cat_nick": "Tommy"}, "dogs": [{"dog_nick": "a"}, {"dog_nick": "b"}, {"dog_nick": "c"}]}"#
        let (kennel, report) = try Kennel.decodeWithReport(from: json)
        #expect(kennel.cat.nick == "Tommy")
        #expect(kennel.dogs.map(\.nick) == ["a", "b", "c"])
        #expect(report.isClean, "\(report)")
    }

    @Test func theRoundTripWritesWhatWasRead() throws {
        let json = #"{"cat": {"cat_nick": "Tommy"}, "dog": {"dog_nick": "Rexy"}}"#
        let pets = try Pets.decode(from: json)
        let written = try #require(pets.toJSONString(options: EncodingOptions(sortedKeys: true)))
        #expect(written == #"{"cat":{"cat_nick":"Tommy"},"dog":{"dog_nick":"Rexy"}}"#)
    }

    /// Two classes sharing one `CodingKeys` type, each overriding `mappingForKey()`.
    class Base: CodableModel {
        var title = ""
        required init() {}
        enum CodingKeys: String, CodingKey { case title }
        class func mappingForKey() -> [KeyMapping]? { nil }
    }

    struct RenameTo: KeyStrategy {
        let key: String
        func decodingKeys(for _: String) -> [String] { [key] }
        func encodingKey(for _: String) -> String { key }
    }

    final class Headline: Base {
        override class func mappingForKey() -> [KeyMapping]? { [CodingKeys.title <--- RenameTo(key: "headline")] }
    }

    final class Caption: Base {
        override class func mappingForKey() -> [KeyMapping]? { [CodingKeys.title <--- RenameTo(key: "caption")] }
    }

    struct Page: DecodableModel {
        var headline = Headline()
        var caption = Caption()
    }

    @Test func classesSharingCodingKeysWithTheirOwnMappings() throws {
        let page = try Page.decode(from: #"{"headline": {"headline": "H", "caption": "wrong"}, "caption": {"headline": "wrong", "caption": "C"}}"#)
        #expect(page.headline.title == "H")
        #expect(page.caption.title == "C")
    }
}
