#if canImport(Observation)
import Foundation
import Observation
import Testing
@testable import CodableKit

/// `@Observable` classes: the macro stores each property as `_name`; CodableKit reads and
/// writes them by their declared names, accepts `_name` on input and never writes the registrar.
/// The models (the macro needs macOS 14, iOS 17, tvOS 17 or watchOS 10 on Apple platforms).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
enum Observed {
    @Observable final class Profile: CodableModel {
        var name = "anon"
        var age = 0
        var firstName = ""
        required init() {}
        // What Swift synthesizes, spelled out to silence its warning about the registrar.
        enum CodingKeys: String, CodingKey { case _name, _age, _firstName, _$observationRegistrar }
    }

    @Observable final class Renamed: CodableModel {
        var name = ""
        var city = ""
        required init() {}
        enum CodingKeys: String, CodingKey { case _name, _city, _$observationRegistrar }
        static func mappingForKey() -> [KeyMapping]? {
            // One rule written against the synthesized key, one against the declared name.
            [CodingKeys._name <--- Sources(keys: ["user_name"]), KeyMapping(propertyName: "city", strategy: Sources(keys: ["town"]))]
        }
    }

    /// Wrapped properties are `@ObservationIgnored`, as the macro requires.
    @Observable final class Account: CodableModel {
        var name = ""
        @ObservationIgnored @IgnoredKey var token = "local"
        @ObservationIgnored @Required var id = 0
        var balance = 0.0
        var finished = 0
        required init() {}
        func didFinishMapping() { finished += 1 }
        static func mappingForValue() -> [ValueMapping]? { [CodingKeys._balance <--- Cents()] }
        enum CodingKeys: String, CodingKey { case _name, token, id, _balance, _finished, _$observationRegistrar }
    }

    /// A hierarchy: the base's properties are synthesized (as `_name`); what the subclass
    /// adds is an `@ObservationIgnored @ModelField`, as any subclass's fields are.
    @Observable class Animal: CodableModel {
        var name = ""
        required init() {}
        enum CodingKeys: String, CodingKey { case _name, _$observationRegistrar }
    }

    @Observable final class Dog: Animal {
        @ObservationIgnored @ModelField var breed = "mixed"
    }

    /// Observed properties a subclass adds, at two levels, one of them optional, one a model.
    @Observable class Cat: Animal {
        var lives = 9
        var nickname: String? = "kitty"
    }

    @Observable final class Lion: Cat {
        var pride = Holder()
        var roars = [1]
    }

    struct Holder: CodableModel {
        var profile = Profile()
        var list: [Profile] = []
    }

    @Observable final class Outer: CodableModel {
        var inner = Holder()
        var tags: [String] = []
        required init() {}
        enum CodingKeys: String, CodingKey { case _inner, _tags, _$observationRegistrar }
    }

    /// Not a model: its own synthesized `Codable`, through `ModelDecoder`/`ModelEncoder`.
    @Observable class Settings: Codable {
        var theme = "light"
        var fontSize = 12
        init() {}
        enum CodingKeys: String, CodingKey { case _theme, _fontSize, _$observationRegistrar }
    }

    /// A plain `Codable` observable class's subclass: its observed property too.
    @Observable final class DarkSettings: Settings {
        var contrast = 1.0
    }

    struct Screen: CodableModel {
        var title = ""
        var settings = Settings()
        var history: [Settings] = []
    }
}

@Suite struct ObservableModelTests {
    @Test func decodesByDeclaredNamesWithTolerance() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let profile = try #require(Observed.Profile.deserialize(from: #"{"name": "Ada", "age": "36", "firstName": "A"}"#))
        #expect(profile.name == "Ada" && profile.age == 36 && profile.firstName == "A")
        // What `JSONEncoder` wrote (the storage names) is read too.
        let stored = try Observed.Profile.decode(from: #"{"_name": "Bo", "_age": 3}"#)
        #expect(stored.name == "Bo" && stored.age == 3 && stored.firstName == "")
        // Missing keys keep the initial values.
        #expect(try Observed.Profile.decode(from: "{}").name == "anon")
    }

    /// What `JSONEncoder` writes for an observable class (its storage names and the
    /// registrar) reads back into the same values.
    @Test func readsWhatJSONEncoderWrote() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let profile = Observed.Profile()
        profile.name = "Ada"
        profile.age = 36
        let foundation = try JSONEncoder().encode(profile)
        let back = try ModelDecoder().decode(Observed.Profile.self, from: foundation)
        #expect(back.name == "Ada" && back.age == 36)
        let (_, report) = try Observed.Profile.decodeWithReport(from: foundation)
        #expect(report.isClean, "\(report)")
    }

    @Test func encodesByDeclaredNamesWithoutTheRegistrar() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let profile = Observed.Profile()
        profile.name = "Ada"
        #expect(profile.toJSONString(options: .init(sortedKeys: true)) == #"{"age":0,"firstName":"","name":"Ada"}"#)
        let streamed = try ModelEncoder().encode(profile)
        #expect(try JSONValue(parsing: streamed) == JSONValue(parsing: #"{"age":0,"firstName":"","name":"Ada"}"#))
        #expect(try JSONValue(encoding: profile) == JSONValue(parsing: #"{"age":0,"firstName":"","name":"Ada"}"#))
    }

    @Test func keyStrategiesAndMappings() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let encoder = ModelEncoder(options: .init(sortedKeys: true))
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let profile = Observed.Profile()
        profile.firstName = "Ada"
        #expect(String(decoding: try encoder.encode(profile), as: UTF8.self) == #"{"age":0,"first_name":"Ada","name":"anon"}"#)
        let decoder = ModelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Observed.Profile.self, from: Data(#"{"first_name": "Bo"}"#.utf8)).firstName == "Bo")

        let renamed = try Observed.Renamed.decode(from: #"{"user_name": "Ada", "town": "Leeds"}"#)
        #expect(renamed.name == "Ada" && renamed.city == "Leeds")
        #expect(renamed.toJSONString(options: .init(sortedKeys: true)) == #"{"town":"Leeds","user_name":"Ada"}"#)
    }

    @Test func nestedArraysAndRoundTrips() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let outer = try Observed.Outer.decode(from: #"{"inner": {"profile": {"name": "A"}, "list": [{"name": "B", "age": 2}, {"_name": "C"}]}, "tags": ["x"]}"#)
        #expect(outer.inner.profile.name == "A" && outer.inner.list.map(\.name) == ["B", "C"] && outer.tags == ["x"])
        let json = try #require(outer.toJSONString(options: .init(sortedKeys: true)))
        #expect(!json.contains("_"))
        let back = try Observed.Outer.decode(from: json)
        #expect(back.toJSONString(options: .init(sortedKeys: true)) == json)
        let streamed = String(decoding: try ModelEncoder().encode([outer, back]), as: UTF8.self)
        #expect(try JSONValue(parsing: streamed) == JSONValue(parsing: "[\(json),\(json)]"))
    }

    /// Observable classes (a hierarchy's subclasses among them) as a dictionary's values and in
    /// arrays under it, written in place by the collection path: each as it is written on its own.
    @Test func classesInCollectionsAreWrittenAsOnTheirOwn() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let (dog, lion) = (Observed.Dog(), Observed.Lion())
        (dog.name, dog.breed, lion.name, lion.lives, lion.roars) = ("Rex", "collie", "Leo", 3, [4, 5])
        let animals: [String: Observed.Animal] = ["dog": dog, "lion": lion]
        let packs: [String: [Observed.Animal]] = ["all": [dog, lion], "none": []]
        let alone = try [dog, lion].map { try JSONValue(parsing: ModelEncoder().encode($0)) }
        #expect(alone[0] == .object(["name": .string("Rex"), "breed": .string("collie")]))
        var containerPath = EncodingOptions()
        containerPath.usesEncodePlans = false
        for options in [EncodingOptions(), containerPath] {
            let encoder = ModelEncoder(options: options)
            #expect(try JSONValue(parsing: encoder.encode(animals)) == .object(["dog": alone[0], "lion": alone[1]]))
            #expect(try JSONValue(parsing: encoder.encode(packs)) == .object(["all": .array(alone), "none": .array([])]))
        }
    }

    @Test func reportsAndErrorsNameTheDeclaredName() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let (profile, report) = try Observed.Profile.decodeWithReport(from: #"{"name": "Ada", "age": "old"}"#)
        #expect(profile.name == "Ada" && profile.age == 0)
        #expect(report.issues.map(\.path) == ["age", "firstName"], "\(report)")  // unusable, missing
        #expect(report.issues.first?.modelType.contains("Profile") == true)
        // Strict mode: `JSONDecoder`'s errors, under the declared name; the declared names
        // are read (a documented difference: `JSONDecoder` needs `_name`).
        #expect {
            try Observed.Profile.decode(from: #"{"name": "Ada", "age": "old", "firstName": ""}"#, options: .init(mode: .strict))
        } throws: { error in
            guard case let DecodingError.typeMismatch(_, context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["age"]
        }
        let strict = try Observed.Profile.decode(from: #"{"name": "Ada", "age": 3, "firstName": "A"}"#, options: .init(mode: .strict))
        #expect(strict.name == "Ada" && strict.age == 3)
        let nested = try Observed.Outer.decodeWithReport(from: #"{"inner": {"list": [{"name": 5}]}}"#).1
        #expect(nested.issues.map(\.path).contains("inner.list[0].name"), "\(nested)")
    }

    @Test func wrappersTransformersUpdateAndDidFinishMapping() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let account = try Observed.Account.decode(from: #"{"name": "A", "token": "remote", "id": 7, "balance": 1250}"#)
        #expect(account.name == "A" && account.token == "local" && account.id == 7 && account.balance == 12.5)
        #expect(account.finished == 1)
        #expect(account.toJSONString(options: .init(sortedKeys: true)) == #"{"balance":1250,"finished":1,"id":7,"name":"A"}"#)
        // `@Required` by its declared name: missing, the model fails.
        #expect(Observed.Account.deserialize(from: #"{"name": "A"}"#) == nil)
        // Update mode: absent keys keep the current values.
        var updated = account
        updated.update(from: #"{"balance": 100}"#)
        #expect(updated.name == "A" && updated.balance == 1)
        // A per-call transformer for the type applies to an observable model's property.
        let profile = try Observed.Profile.decode(from: #"{"age": "x"}"#, options: .init(transformers: [Forty()]))
        #expect(profile.age == 40)
    }

    @Test func aHierarchyWithFields() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let dog = try Observed.Dog.decode(from: #"{"name": "Rex", "breed": "collie"}"#)
        #expect(dog.name == "Rex" && dog.breed == "collie")
        #expect(dog.toJSONString(options: .init(sortedKeys: true)) == #"{"breed":"collie","name":"Rex"}"#)
        let animal: Observed.Animal = dog
        #expect(try JSONValue(parsing: ModelEncoder().encode(animal)) == JSONValue(parsing: #"{"breed":"collie","name":"Rex"}"#))
    }

    /// Any `Codable` `@Observable` class, not only a model, is read and written by its
    /// declared names; its `init(from:)` is its own, so what it cannot read is repaired
    /// as any plain type's is (reported), and what `JSONEncoder` wrote reads back clean.
    @Test func aPlainCodableObservableClass() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let decoder = ModelDecoder()
        let settings = try decoder.decode(Observed.Settings.self, from: Data(#"{"theme": "dark", "fontSize": 14}"#.utf8))
        #expect(settings.theme == "dark" && settings.fontSize == 14)
        let strict = ModelDecoder(options: .init(mode: .strict))
        #expect(try strict.decode(Observed.Settings.self, from: Data(#"{"theme": "dark", "fontSize": 14}"#.utf8)).theme == "dark")

        let (converted, report) = try decoder.decodeWithReport(Observed.Settings.self, from: Data(#"{"theme": "dark", "fontSize": "15"}"#.utf8))
        #expect(converted.theme == "dark" && converted.fontSize == 15)
        #expect(report.issues.map(\.path) == ["fontSize"], "\(report)")
        let missing = try decoder.decodeWithReport(Observed.Settings.self, from: Data(#"{"fontSize": 15}"#.utf8))
        #expect(missing.value.fontSize == 15)
        #expect(missing.report.issues.map(\.path) == ["theme"], "\(missing.report)")

        let foundation = try JSONEncoder().encode(settings)
        let (back, clean) = try decoder.decodeWithReport(Observed.Settings.self, from: foundation)
        #expect(back.theme == "dark" && back.fontSize == 14 && clean.isClean, "\(clean)")

        let expected = try JSONValue(parsing: #"{"fontSize":14,"theme":"dark"}"#)
        #expect(try JSONValue(parsing: ModelEncoder().encode(settings)) == expected)
        #expect(try JSONValue(encoding: settings) == expected)
        let snake = ModelEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        #expect(try JSONValue(parsing: snake.encode(settings)) == JSONValue(parsing: #"{"font_size":14,"theme":"dark"}"#))

        // A subclass's observed properties, as a model's subclass's.
        let dark = try decoder.decode(Observed.DarkSettings.self, from: Data(#"{"theme": "dark", "fontSize": 14, "contrast": 2.5}"#.utf8))
        #expect(dark.theme == "dark" && dark.contrast == 2.5)
        let base: Observed.Settings = dark
        #expect(try JSONValue(parsing: ModelEncoder().encode(base)) == JSONValue(parsing: #"{"contrast":2.5,"fontSize":14,"theme":"dark"}"#))
        #expect(try JSONValue(encoding: base) == JSONValue(parsing: #"{"contrast":2.5,"fontSize":14,"theme":"dark"}"#))

        // Inside a model, in arrays, and back.
        let screen = try Observed.Screen.decode(from: #"{"title": "T", "settings": {"theme": "dark"}, "history": [{"fontSize": 9}]}"#)
        #expect(screen.settings.theme == "dark" && screen.history.map(\.fontSize) == [9])
        let json = try #require(screen.toJSONString(options: .init(sortedKeys: true)))
        #expect(json == #"{"history":[{"fontSize":9,"theme":""}],"settings":{"fontSize":0,"theme":"dark"},"title":"T"}"#)
        #expect(try Observed.Screen.decode(from: json).toJSONString(options: .init(sortedKeys: true)) == json)
    }

    /// What an `@Observable` subclass adds is read and written as `@ModelField`s are: from
    /// the same object, after the inherited `init(from:)`, with the pipeline's rules.
    @Test func aHierarchyWithObservedProperties() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let lion = try Observed.Lion.decode(from: #"{"name": "Leo", "lives": "7", "nickname": null, "pride": {"list": [{"name": "P"}]}, "roars": [2, "3"]}"#)
        #expect(lion.name == "Leo" && lion.lives == 7 && lion.nickname == nil)
        #expect(lion.pride.list.map(\.name) == ["P"] && lion.roars == [2, 3])
        let expected = try JSONValue(parsing: #"{"name":"Leo","lives":7,"pride":{"profile":{"name":"anon","age":0,"firstName":""},"list":[{"name":"P","age":0,"firstName":""}]},"roars":[2,3]}"#)
        #expect(try JSONValue(parsing: ModelEncoder().encode(lion)) == expected)
        #expect(try JSONValue(encoding: lion) == expected)
        let asAnimal: Observed.Animal = lion
        #expect(try JSONValue(parsing: ModelEncoder().encode(asAnimal)) == expected)
        lion.nickname = "Simba"
        let back = try Observed.Lion.decode(from: try ModelEncoder().encode(lion))
        #expect(back.lives == 7 && back.nickname == "Simba" && back.roars == [2, 3] && back.pride.list.map(\.name) == ["P"])

        // Missing keep their initial values, recorded under the declared name; a storage
        // name (what `JSONEncoder` would write) is read too.
        let (cat, report) = try Observed.Cat.decodeWithReport(from: #"{"name": "Tom", "_nickname": "T"}"#)
        #expect(cat.name == "Tom" && cat.lives == 9 && cat.nickname == "T")
        #expect(report.issues.map(\.path) == ["lives"], "\(report)")
        let (_, bad) = try Observed.Cat.decodeWithReport(from: #"{"name": "Tom", "lives": "many", "nickname": "T"}"#)
        #expect(bad.issues.map(\.path) == ["lives"], "\(bad)")
        #expect(bad.issues.map(\.jsonKey) == [nil], "\(bad)")
        // Read under its storage name, the line names the key the value came from beside it.
        let (_, stored) = try Observed.Cat.decodeWithReport(from: #"{"name": "Tom", "_lives": "many"}"#)
        #expect(stored.issues.map(\.path) == ["lives"] && stored.issues.map(\.jsonKey) == ["_lives"], "\(stored)")
        // Strict mode: `JSONDecoder`'s error for it, named by the declared name.
        #expect {
            try Observed.Cat.decode(from: #"{"name": "Tom", "lives": "many"}"#, options: .init(mode: .strict))
        } throws: { error in
            guard case let DecodingError.typeMismatch(_, context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["lives"]
        }
        // Update mode: absent keys keep the current values, a subclass's included.
        var updated = cat
        updated.update(from: #"{"lives": 3}"#)
        #expect(updated.lives == 3 && updated.name == "Tom" && updated.nickname == "T")
        updated.update(from: #"{"name": "Tim"}"#)
        #expect(updated.lives == 3 && updated.name == "Tim")
        // Still an observable object.
        let changed = Locked(false)
        withObservationTracking { _ = cat.lives } onChange: { changed.withLock { $0 = true } }
        cat.lives = 1
        #expect(changed.withLock { $0 })
    }

    @Test func aDecodedInstanceIsObservable() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        let profile = try Observed.Profile.decode(from: #"{"name": "Ada"}"#)
        let changed = Locked(false)
        withObservationTracking { _ = profile.name } onChange: { changed.withLock { $0 = true } }
        profile.name = "Bo"
        #expect(changed.withLock { $0 })
    }
}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Observed.Profile: @unchecked Sendable {}

@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
extension Observed {
    /// For the app-wide transformer test (in `TransformerTests`, which owns `Temperature`).
    @Observable final class Thermometer: CodableModel {
        var reading = Temperature(celsius: -1)
        var place = ""
        required init() {}
        enum CodingKeys: String, CodingKey { case _reading, _place, _$observationRegistrar }
    }
}

/// Cents in JSON, units in the model.
struct Cents: ValueTransformable {
    func transformFromJSON(_ value: JSONValue) -> Double? { value.converted(to: Double.self).map { $0 / 100 } }
    func transformToJSON(_ value: Double) -> Int? { Int((value * 100).rounded()) }
}

/// Every `Int` read as 40.
struct Forty: ValueTransformable {
    func transformFromJSON(_: JSONValue) -> Int? { 40 }
    func transformToJSON(_ value: Int) -> Int? { value }
}
#endif
