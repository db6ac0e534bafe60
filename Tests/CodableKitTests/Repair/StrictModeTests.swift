import Foundation
import Testing
import CodableKit

/// Strict mode throws what `JSONDecoder` throws for the same input: the same
/// `DecodingError` case and the same coding path.
@Suite struct StrictModeTests {
    struct Runway: Codable {
        var direction: String
        var distance: Int
        var lights: UInt8?
    }

    struct Airport: Codable {
        var name: String
        var coordinates: [Double]
        var runways: [Runway]
        var tags: [String: Int]?
    }

    /// Inputs, each with nil, or the precise path we report where Foundation reports
    /// `dataCorrupted` with an empty coding path (numbers that do not fit their type).
    static let inputs: [(String, [String]?)] = [
        (#"{"coordinates": [1], "runways": []}"#, nil),
        (#"{"name": null, "coordinates": [1], "runways": []}"#, nil),
        (#"{"name": 5, "coordinates": [1], "runways": []}"#, nil),
        (#"{"name": "a", "coordinates": [1, "2"], "runways": []}"#, nil),
        (#"{"name": "a", "coordinates": null, "runways": []}"#, nil),
        (#"{"name": "a", "coordinates": {}, "runways": []}"#, nil),
        (#"{"name": "a", "coordinates": [], "runways": [{"direction": "N", "distance": 1}, {"direction": "S", "distance": "x"}]}"#, nil),
        (#"{"name": "a", "coordinates": [], "runways": [{"direction": "N", "distance": 12.5}]}"#, ["runways", "Index 0", "distance"]),
        (#"{"name": "a", "coordinates": [], "runways": [{"direction": "N", "distance": 1, "lights": 300}]}"#, ["runways", "Index 0", "lights"]),
        (#"{"name": "a", "coordinates": [], "runways": [{"direction": "N"}]}"#, nil),
        (#"{"name": "a", "coordinates": [], "runways": [null]}"#, nil),
        (#"{"name": "a", "coordinates": [], "runways": [], "tags": {"x": "1"}}"#, nil),
        (#"[1, 2]"#, nil),
        (#""just a string""#, nil),
    ]

    @Test(arguments: inputs)
    func sameErrorAsJSONDecoder(_ json: String, _ preciseDataCorruptedPath: [String]?) throws {
        let data = Data(json.utf8)
        let expected = #expect(throws: DecodingError.self) { try JSONDecoder().decode(Airport.self, from: data) }
        let actual = #expect(throws: DecodingError.self) {
            try ModelDecoder(options: .init(mode: .strict)).decode(Airport.self, from: data)
        }
        guard let expected, let actual else { return }
        #expect(Self.caseName(actual) == Self.caseName(expected), "\(actual)")
        if let preciseDataCorruptedPath {
            #expect(Self.path(expected).isEmpty)  // Foundation's; if it starts naming the path, compare directly
            #expect(Self.path(actual) == preciseDataCorruptedPath, "\(actual)")
        } else {
            #expect(Self.path(actual) == Self.path(expected), "\(actual)")
        }
        #expect(!Self.message(actual).isEmpty)
    }

    @Test func validInputDecodesTheSameAsJSONDecoder() throws {
        let json = #"{"name": "Anaa", "coordinates": [-145.5, -17.3], "runways": [{"direction": "N", "distance": 1500, "lights": 3}], "tags": {"a": 1}}"#
        let strict = try ModelDecoder(options: .init(mode: .strict)).decode(Airport.self, from: Data(json.utf8))
        let foundation = try JSONDecoder().decode(Airport.self, from: Data(json.utf8))
        #expect(strict.name == foundation.name)
        #expect(strict.coordinates == foundation.coordinates)
        #expect(strict.runways.map(\.distance) == foundation.runways.map(\.distance))
        #expect(strict.tags == foundation.tags)
    }

    @Test func strictModelsThrowInsteadOfFallingBack() throws {
        struct Profile: DecodableModel { var age = 18 }
        let strict = DecodingOptions(mode: .strict)
        #expect(Profile.deserialize(from: #"{"age": "27"}"#, options: strict) == nil)
        let error = #expect(throws: DecodingError.self) { try Profile.decode(from: #"{"age": "27"}"#, options: strict) }
        #expect(Self.caseName(error!) == "typeMismatch")
        #expect(Self.path(error!) == ["age"])
        #expect(Self.message(error!) == "Expected to decode Int but found a string instead.")
    }

    static func caseName(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound: "keyNotFound"
        case .valueNotFound: "valueNotFound"
        case .typeMismatch: "typeMismatch"
        case .dataCorrupted: "dataCorrupted"
        @unknown default: "unknown"
        }
    }

    /// The coding path, plus the missing key for `keyNotFound`.
    static func path(_ error: DecodingError) -> [String] {
        switch error {
        case let .keyNotFound(key, context): context.codingPath.map(\.stringValue) + [key.stringValue]
        case let .valueNotFound(_, context), let .typeMismatch(_, context), let .dataCorrupted(context):
            context.codingPath.map(\.stringValue)
        @unknown default: []
        }
    }

    static func message(_ error: DecodingError) -> String {
        switch error {
        case let .keyNotFound(_, context), let .valueNotFound(_, context), let .typeMismatch(_, context), let .dataCorrupted(context):
            context.debugDescription
        @unknown default: ""
        }
    }
}
