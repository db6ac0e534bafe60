import CodableKit
import Foundation
import OpenAPIRuntime
import Testing

/// swift-openapi-runtime's free-form containers — what every swift-openapi-generator
/// client decodes untyped JSON and `additionalProperties` into — probe with `try?` and
/// read `null` themselves. Decoded by CodableKit, alone, in arrays and as model
/// properties, they must come out exactly as `JSONDecoder` makes them, in both modes,
/// with a clean report; where `JSONDecoder` fails, strict mode fails too.
@Suite struct OpenAPIContainerTests {
    static let values = [
        "1", "0", "-7", "1.5", "1e3", "true", "false", "null", #""a""#, #""1""#, #""""#, "[]", "{}",
        #"[1, null, "a", true]"#, #"{"a": null, "b": [1, 2.5]}"#, "9223372036854775807", "[[null], {}]",
        #"{"n": {"m": true, "k": [false, 0]}}"#,
    ]

    /// A generated client's model: a free-form property of each kind, and a typed one.
    struct Payload: CodableModel, Hashable {
        var id = 0
        var any: OpenAPIValueContainer?
        var object: OpenAPIObjectContainer?
        var array: OpenAPIArrayContainer?
        var list: [OpenAPIValueContainer] = []
    }

    /// The same, as plain `Codable` (what the generator writes), decoded by `ModelDecoder`.
    struct Generated: Codable, Hashable {
        var id: Int
        var any: OpenAPIValueContainer?
        var additionalProperties: [String: OpenAPIValueContainer]?
    }

    static func agree<T: Decodable & Equatable>(_: T.Type, _ json: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let data = Data(json.utf8)
        let foundation = Result { try JSONDecoder().decode(T.self, from: data) }
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            let ours = Result { try ModelDecoder(options: .init(mode: mode)).decodeWithReport(T.self, from: data) }
            switch (foundation, ours) {
            case let (.success(expected), .success((value, report))):
                #expect(value == expected, "\(mode) \(json)", sourceLocation: sourceLocation)
                #expect(report.isClean, "\(mode) \(json): \(report)", sourceLocation: sourceLocation)
            case let (.success(expected), .failure(error)):
                Issue.record("\(mode) \(json): JSONDecoder read \(expected), CodableKit threw \(error)", sourceLocation: sourceLocation)
            case let (.failure, .success((value, _))) where mode == .strict:
                Issue.record("strict \(json): JSONDecoder threw, CodableKit read \(value)", sourceLocation: sourceLocation)
            case (.failure, _):
                break
            }
        }
    }

    @Test(arguments: values)
    func containersAlone(_ json: String) {
        Self.agree(OpenAPIValueContainer.self, json)
        Self.agree(OpenAPIObjectContainer.self, json)
        Self.agree(OpenAPIArrayContainer.self, json)
    }

    @Test(arguments: values)
    func containersInArraysAndDictionaries(_ json: String) {
        Self.agree([OpenAPIValueContainer].self, "[\(json), \(json)]")
        Self.agree([OpenAPIObjectContainer].self, "[\(json)]")
        Self.agree([OpenAPIArrayContainer].self, "[\(json)]")
        Self.agree([String: OpenAPIValueContainer].self, #"{"k": \#(json)}"#)
    }

    @Test(arguments: values)
    func containersAsModelProperties(_ json: String) {
        Self.agree(Payload.self, #"{"id": 1, "any": \#(json), "object": \#(json), "array": \#(json), "list": [\#(json)]}"#)
        Self.agree(Payload.self, #"{"id": 1, "any": \#(json)}"#)
        Self.agree(Generated.self, #"{"id": 1, "any": \#(json), "additionalProperties": {"x": \#(json)}}"#)
    }

    @Test func aNestedNullIsKept() throws {
        let json = #"{"id": 3, "any": {"a": null, "b": [1, null]}, "list": [1, null, "a"]}"#
        let payload = try Payload.decode(from: Data(json.utf8), options: .init(mode: .strict))
        let expected = try JSONDecoder().decode(Payload.self, from: Data(json.utf8))
        #expect(payload == expected)
        #expect(payload.list.count == 3)
    }

    @Test func dirtyTypedPropertiesAreStillRepairedBesideThem() throws {
        let json = #"{"id": "42", "any": [1, null], "list": [true]}"#
        let (payload, report) = try Payload.decodeWithReport(from: Data(json.utf8))
        #expect(payload.id == 42)
        #expect(payload.any == (try JSONDecoder().decode(OpenAPIValueContainer.self, from: Data("[1, null]".utf8))))
        #expect(payload.list.count == 1)
        #expect(report.issues.map(\.path) == ["id"])
    }
}
