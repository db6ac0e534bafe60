import Foundation
import Testing
@testable import CodableKit

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
