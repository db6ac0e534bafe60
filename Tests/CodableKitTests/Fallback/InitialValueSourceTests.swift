import Foundation
import Testing
import CodableKit

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
