import Foundation
import Testing
@testable import CodableKit

/// `ModelEncoder` writes what `JSONEncoder` writes for every `Encodable`, side by side on
/// the same values, sorted (the tree) and unsorted (the stream).
@Suite struct EncoderParityTests {
    struct Nothing: Encodable { func encode(to _: any Encoder) throws {} }
    struct NilTop: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
    struct Holder: Encodable { var a = Nothing(); var b = [Nothing()]; var c: Nothing? = Nothing(); var d = ["k": Nothing()] }

    static func same<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let expected = try foundation.encode(value)
        #expect(String(decoding: try ModelEncoder(options: .init(sortedKeys: true)).encode(value), as: UTF8.self)
            == String(decoding: expected, as: UTF8.self), sourceLocation: sourceLocation)
        let unsorted = try ModelEncoder().encode(value)
        #expect(try JSONValue(parsing: unsorted) == JSONValue(parsing: expected), sourceLocation: sourceLocation)
    }

    @Test func aTypeThatEncodesNothingIsAnEmptyObjectInsideAContainer() throws {
        try Self.same(Holder())
        try Self.same([Nothing(), Nothing()])
        try Self.same(NilTop())
        try Self.same([NilTop()])
    }

    @Test func aTypeThatEncodesNothingAtTheTopIsAnError() {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Nothing()) }
        for encoder in [ModelEncoder(), ModelEncoder(options: .init(sortedKeys: true))] {
            let error = #expect(throws: EncodingError.self) { try encoder.encode(Nothing()) }
            guard case let .invalidValue(_, context)? = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(context.codingPath.isEmpty)
            #expect(context.debugDescription == "Top-level Nothing did not encode any values.")
        }
    }
}

/// `JSONDecoder.decode(_:from:configuration:)` and `JSONEncoder.encode(_:configuration:)`,
/// as Foundation's own test (`testEncodingTopLevelWithConfiguration`) uses them.
@Suite struct ConfigurationTests {
    struct Scaled: EncodableWithConfiguration, DecodableWithConfiguration, Equatable {
        var value: Int
        enum CodingKeys: CodingKey { case value }

        struct Provider: EncodingConfigurationProviding, DecodingConfigurationProviding {
            static let encodingConfiguration = 10
            static let decodingConfiguration = 10
        }

        init(value: Int) { self.value = value }

        init(from decoder: any Decoder, configuration: Int) throws {
            value = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .value) / configuration
        }

        func encode(to encoder: any Encoder, configuration: Int) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value * configuration, forKey: .value)
        }
    }

    @Test func bothFormsGiveFoundationsResults() throws {
        let value = Scaled(value: 4)
        let bytes = try JSONEncoder().encode(value, configuration: 3)
        #expect(try ModelEncoder().encode(value, configuration: 3) == bytes)
        #expect(try ModelEncoder().encode(value, configuration: Scaled.Provider.self)
            == JSONEncoder().encode(value, configuration: Scaled.Provider.self))
        #expect(try ModelDecoder().decode(Scaled.self, from: bytes, configuration: 3) == JSONDecoder().decode(Scaled.self, from: bytes, configuration: 3))
        let provided = try ModelDecoder(options: .init(mode: .strict)).decode(Scaled.self, from: Data(#"{"value": 50}"#.utf8),
                                                                              configuration: Scaled.Provider.self)
        #expect(provided == Scaled(value: 5))
    }

    @Test func aValueFoundationRejectsIsRepairedOnlyWhenItsOwnInitFailsAgain() throws {
        let data = Data(#"{"value": "60"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Scaled.self, from: data, configuration: 3) }
        #expect(throws: DecodingError.self) { try ModelDecoder(options: .init(mode: .strict)).decode(Scaled.self, from: data, configuration: 3) }
        #expect(try ModelDecoder().decode(Scaled.self, from: data, configuration: 3) == Scaled(value: 20))
    }
}
