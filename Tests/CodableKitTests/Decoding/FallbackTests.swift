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

/// When `init()` runs. Serialized: both tests read one app-wide counter.
@Suite(.serialized) struct InitCountTests {
    @Test func initRunsOnlyWhenAFallbackIsNeeded() throws {
        Counted.calls.withLock { $0 = 0 }
        _ = try #require([Counted].deserialize(from: #"[{"a": 1, "b": 2}, {"a": 3, "b": 4}]"#))
        #expect(Counted.calls.withLock { $0 } == 0)
    }

    @Test func constantInitialValuesCostOneInitPerDecodeNotPerObject() throws {
        _ = Counted.deserialize(from: "{}")  // the type's shape is learned once per process
        Counted.calls.withLock { $0 = 0 }
        let values = try #require([Counted].deserialize(from: #"[{"a": 1}, {"a": 3, "b": "x"}, {"b": 6}, {}]"#))
        #expect(values.map(\.a) == [1, 3, 0, 0])
        #expect(values.map(\.b) == [0, 0, 6, 0])
        #expect(Counted.calls.withLock { $0 } == 1)
    }
}

/// A model that counts how often its `init()` runs.
struct Counted: DecodableModel {
    static let calls = Locked(0)
    var a = 0
    var b = 0
    init() { Self.calls.withLock { $0 += 1 } }
}

final class FinalUser: DecodableModel {
    var name = "guest"
    var age = 30
    required init() {}
}

class BaseUser: DecodableModel {
    var name = "base"
    var level = 1
    required init() {}
}

/// Models of every shape: classes, nested models, collections of models, generics.
@Suite struct ModelShapeTests {
    @Test func finalClass() throws {
        let user = try FinalUser.decode(from: #"{"name": "Ada", "age": "x"}"#)
        #expect(user.name == "Ada")
        #expect(user.age == 30)
    }

    @Test func nonFinalClass() throws {
        let user = try BaseUser.decode(from: #"{"level": "3"}"#)
        #expect(user.name == "base")
        #expect(user.level == 3)
    }

    struct Runway: DecodableModel, Equatable {
        var direction = ""
        var distance = 0
        var surface = "unknown"
    }

    struct Airport: DecodableModel {
        var name = ""
        var runways: [Runway] = []
        var main = Runway()
        var byCode: [String: Runway] = [:]
    }

    @Test func nestedModelsArraysAndDictionariesOfModels() throws {
        let json = #"""
        {"name": "Anaa", "main": {"direction": "N", "distance": "1500"},
         "runways": [{"direction": "N"}, {"distance": null}, 17],
         "byCode": {"a": {"surface": "grass"}, "b": null, "c": "nope"}}
        """#
        let airport = try Airport.decode(from: json)
        #expect(airport.main == Runway(direction: "N", distance: 1500, surface: "unknown"))
        #expect(airport.runways == [Runway(direction: "N"), Runway()])
        #expect(airport.byCode == ["a": Runway(surface: "grass")])
    }

    struct Response<T: DecodableModel>: DecodableModel {
        var code = 0
        var data: T?
        var list: [T] = []
    }

    @Test func genericModels() throws {
        let response = try Response<Runway>.decode(from: #"{"code": "200", "data": {"distance": 3}, "list": [{}, null]}"#)
        #expect(response.code == 200)
        #expect(response.data?.distance == 3)
        #expect(response.list == [Runway()])
    }

    struct Tree: DecodableModel {
        var name = ""
        var children: [Tree] = []
        var finished = false
        mutating func didFinishMapping() {
            finished = children.allSatisfy(\.finished)
        }
    }

    @Test func didFinishMappingRunsOnEveryModelInnerFirst() throws {
        let tree = try Tree.decode(from: #"{"name": "root", "children": [{"children": [{}]}, {}]}"#)
        #expect(tree.finished)
        #expect(tree.children.allSatisfy { $0.finished })
    }

    struct Wrapper: DecodableModel {
        var user = FinalUser()
    }

    @Test func nestedClassModelFallsBackToItsOwnInitialValues() throws {
        let wrapper = try Wrapper.decode(from: #"{"user": {"age": "x"}}"#)
        #expect(wrapper.user.name == "guest")
        #expect(wrapper.user.age == 30)
    }
}

/// An absent optional whose type is not `Hashable` (a nested model) is nil for every
/// object without a fresh `init()` each: nil is one value.
@Suite struct AbsentOptionalCostTests {
    static let inits = Locked(0)

    struct Inner: DecodableModel { var x = 0 }
    struct Outer: DecodableModel {
        var id = 0
        var inner: Inner? = nil
        init() { AbsentOptionalCostTests.inits.withLock { $0 += 1 } }
    }

    @Test func initRunsOncePerDecodeNotPerObject() throws {
        let json = "[" + (0 ..< 100).map { #"{"id": \#($0)}"# }.joined(separator: ",") + "]"
        _ = try ModelDecoder().decode([Outer].self, from: Data(json.utf8))  // learns the shape (two init()s)
        let before = Self.inits.withLock { $0 }
        let outers = try ModelDecoder().decode([Outer].self, from: Data(json.utf8))
        #expect(outers.count == 100 && outers.allSatisfy { $0.inner == nil })
        #expect(Self.inits.withLock { $0 } - before <= 1)
    }
}

/// An empty array, set or dictionary of a non-`Hashable` element is one value too:
/// repairing it in every object costs one `init()` per decode, not one per object.
@Suite struct EmptyCollectionCostTests {
    static let inits = Locked(0)

    struct Runway: DecodableModel { var length = 0 }
    struct Airport: DecodableModel {
        var id = 0
        var runways: [Runway] = []
        var byName: [String: Runway] = [:]
        init() { EmptyCollectionCostTests.inits.withLock { $0 += 1 } }
    }

    @Test func initRunsOncePerDecodeNotPerObject() throws {
        let json = "[" + (0 ..< 100).map { #"{"id": \#($0), "runways": "none", "byName": 3}"# }.joined(separator: ",") + "]"
        _ = try ModelDecoder().decode([Airport].self, from: Data(json.utf8))  // learns the shape (two init()s)
        let before = Self.inits.withLock { $0 }
        let (airports, report) = try ModelDecoder().decodeWithReport([Airport].self, from: Data(json.utf8))
        #expect(airports.count == 100 && airports.allSatisfy { $0.runways.isEmpty && $0.byName.isEmpty })
        #expect(report.issues.count == 200)
        #expect(Self.inits.withLock { $0 } - before <= 1)
    }
}

/// Initial values are read from what `encode(to:)` writes only where that is exactly what
/// the property holds; and always from a fresh `init()` per decode.
@Suite(.serialized) struct InitialValueSourceTests {
    /// A hand-written `encode(to:)` writing a transformed value of the same type, in
    /// the same order: the fallback is still what the property holds.
    struct Shouting: CodableModel {
        var name = "ada"
        var age = 36
        enum CodingKeys: String, CodingKey { case name, age }
        init() {}
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name.uppercased(), forKey: .name)
            try container.encode(age, forKey: .age)
        }
    }

    @Test func aTransformingEncodeDoesNotChangeTheFallback() throws {
        let value = try #require(Shouting.deserialize(from: #"{"name": [], "age": "x"}"#))
        #expect(value.name == "ada")
        #expect(value.age == 36)
    }

    /// Initial values read from `encode(to:)` (a `Codable` model) and through the mirror
    /// (the same properties in a decode-only model) are the same values.
    struct Defaults: CodableModel, Equatable {
        var nickname: String? = "anon"
        var tags: [String] = ["a", "b"]
        var score = 1.5
        var level: Int? = nil
        var inner = Inner()
        struct Inner: CodableModel, Equatable { var flag = true }
    }

    struct DecodeOnlyDefaults: DecodableModel, Equatable {
        var nickname: String? = "anon"
        var tags: [String] = ["a", "b"]
        var score = 1.5
        var level: Int? = nil
        var inner = Defaults.Inner()
    }

    @Test(arguments: ["{}", #"{"nickname": [], "tags": "x", "score": "bad", "level": [], "inner": 3}"#])
    func initialValuesFromEncodeMatchTheMirrors(json: String) throws {
        let recorded = try #require(Defaults.deserialize(from: json))
        let mirrored = try #require(DecodeOnlyDefaults.deserialize(from: json))
        #expect(recorded == Defaults())
        #expect(recorded.nickname == mirrored.nickname && recorded.tags == mirrored.tags && recorded.score == mirrored.score
            && recorded.level == mirrored.level && recorded.inner == mirrored.inner)
    }

    static let currency = Locked("EUR")

    /// A default read from app state (the same in the two values the shape is learned
    /// from, so read from `encode(to:)`): each decode reads it afresh.
    struct Price: CodableModel {
        var amount = 0
        var currency = InitialValueSourceTests.currency.withLock { $0 }
    }

    @Test func aDefaultFromAppStateIsReadAfreshEachDecode() throws {
        Self.currency.withLock { $0 = "EUR" }
        #expect(try #require([Price].deserialize(from: #"[{"amount": 1}, {"amount": 2}]"#)).map(\.currency) == ["EUR", "EUR"])
        Self.currency.withLock { $0 = "JPY" }
        #expect(try #require([Price].deserialize(from: #"[{"amount": 1}, {"currency": null}]"#)).map(\.currency) == ["JPY", "JPY"])
        Self.currency.withLock { $0 = "EUR" }
    }
}
