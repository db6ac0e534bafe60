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
