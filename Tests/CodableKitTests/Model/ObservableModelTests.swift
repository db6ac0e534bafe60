#if canImport(Observation)
import Foundation
import Observation
import Testing
@testable import CodableKit

/// `@Observable` classes: the macro stores each property as `_name`; CodableKit reads and
/// writes them by their declared names, accepts `_name` on input and never writes the registrar.
@Suite struct ObservableModelTests {
    @Observable final class Profile: CodableModel {
        var name = "anon"
        var age = 0
        var firstName = ""
        required init() {}
    }

    @Observable final class Renamed: CodableModel {
        var name = ""
        var city = ""
        required init() {}
        static func mappingForKey() -> [KeyMapping]? {
            // One rule written against the synthesized key, one against the declared name.
            [CodingKeys._name <--- Sources(keys: ["user_name"]), KeyMapping(propertyName: "city", strategy: Sources(keys: ["town"]))]
        }
    }

    struct Holder: CodableModel {
        var profile = Profile()
        var list: [Profile] = []
    }

    @Observable final class Outer: CodableModel {
        var inner = Holder()
        var tags: [String] = []
        required init() {}
    }

    @Test func decodesByDeclaredNamesWithTolerance() throws {
        let profile = try #require(Profile.deserialize(from: #"{"name": "Ada", "age": "36", "firstName": "A"}"#))
        #expect(profile.name == "Ada" && profile.age == 36 && profile.firstName == "A")
        // What `JSONEncoder` wrote (the storage names) is read too.
        let stored = try Profile.decode(from: #"{"_name": "Bo", "_age": 3}"#)
        #expect(stored.name == "Bo" && stored.age == 3 && stored.firstName == "")
        // Missing keys keep the initial values.
        #expect(try Profile.decode(from: "{}").name == "anon")
    }

    @Test func encodesByDeclaredNamesWithoutTheRegistrar() throws {
        let profile = Profile()
        profile.name = "Ada"
        #expect(profile.toJSONString(options: .init(sortedKeys: true)) == #"{"age":0,"firstName":"","name":"Ada"}"#)
        let streamed = try ModelEncoder().encode(profile)
        #expect(try JSONValue(parsing: streamed) == JSONValue(parsing: #"{"age":0,"firstName":"","name":"Ada"}"#))
        #expect(try JSONValue(encoding: profile) == JSONValue(parsing: #"{"age":0,"firstName":"","name":"Ada"}"#))
    }

    @Test func keyStrategiesAndMappings() throws {
        var encoder = ModelEncoder(options: .init(sortedKeys: true))
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let profile = Profile()
        profile.firstName = "Ada"
        #expect(String(decoding: try encoder.encode(profile), as: UTF8.self) == #"{"age":0,"first_name":"Ada","name":"anon"}"#)
        let decoder = ModelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Profile.self, from: Data(#"{"first_name": "Bo"}"#.utf8)).firstName == "Bo")

        let renamed = try Renamed.decode(from: #"{"user_name": "Ada", "town": "Leeds"}"#)
        #expect(renamed.name == "Ada" && renamed.city == "Leeds")
        #expect(renamed.toJSONString(options: .init(sortedKeys: true)) == #"{"town":"Leeds","user_name":"Ada"}"#)
    }

    @Test func nestedArraysAndRoundTrips() throws {
        let outer = try Outer.decode(from: #"{"inner": {"profile": {"name": "A"}, "list": [{"name": "B", "age": 2}, {"_name": "C"}]}, "tags": ["x"]}"#)
        #expect(outer.inner.profile.name == "A" && outer.inner.list.map(\.name) == ["B", "C"] && outer.tags == ["x"])
        let json = try #require(outer.toJSONString(options: .init(sortedKeys: true)))
        #expect(!json.contains("_"))
        let back = try Outer.decode(from: json)
        #expect(back.toJSONString(options: .init(sortedKeys: true)) == json)
        let streamed = String(decoding: try ModelEncoder().encode([outer, back]), as: UTF8.self)
        #expect(try JSONValue(parsing: streamed) == JSONValue(parsing: "[\(json),\(json)]"))
    }

    @Test func reportsAndErrorsNameTheDeclaredName() throws {
        let (profile, report) = try Profile.decodeWithReport(from: #"{"name": "Ada", "age": "old"}"#)
        #expect(profile.name == "Ada" && profile.age == 0)
        #expect(report.issues.map(\.path) == ["age", "firstName"], "\(report)")  // unusable, missing
        #expect(report.issues.first?.modelType.contains("Profile") == true)
        // Strict mode: `JSONDecoder`'s errors, under the declared name; the declared names
        // are read (a documented difference: `JSONDecoder` needs `_name`).
        #expect {
            try Profile.decode(from: #"{"name": "Ada", "age": "old", "firstName": ""}"#, options: .init(mode: .strict))
        } throws: { error in
            guard case let DecodingError.typeMismatch(_, context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["age"]
        }
        let strict = try Profile.decode(from: #"{"name": "Ada", "age": 3, "firstName": "A"}"#, options: .init(mode: .strict))
        #expect(strict.name == "Ada" && strict.age == 3)
        let nested = try Outer.decodeWithReport(from: #"{"inner": {"list": [{"name": 5}]}}"#).1
        #expect(nested.issues.map(\.path).contains("inner.list[0].name"), "\(nested)")
    }

    @Test func aDecodedInstanceIsObservable() throws {
        let profile = try Profile.decode(from: #"{"name": "Ada"}"#)
        let changed = Locked(false)
        withObservationTracking { _ = profile.name } onChange: { changed.withLock { $0 = true } }
        profile.name = "Bo"
        #expect(changed.withLock { $0 })
    }
}

extension ObservableModelTests.Profile: @unchecked Sendable {}
#endif
