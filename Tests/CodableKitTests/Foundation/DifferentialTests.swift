import Foundation
import Testing
@testable import CodableKit

/// Many (type, JSON, configuration) cases, each decoded by `JSONDecoder` and by
/// `ModelDecoder` configured the same way: where `JSONDecoder` succeeds, the same value
/// with an empty report in both modes; where it fails, strict mode throws the same case
/// at the same path (see `DropInTests.agree`).
@Suite struct DifferentialTests {
    struct Scalars: Codable, Equatable { var i: Int; var d: Double; var s: String; var b: Bool; var u8: UInt8?; var f: Float? }
    struct Nested: Codable, Equatable { var id: Int; var tags: [String]; var inner: Scalars?; var map: [String: Int] }
    enum Kind: String, Codable, Equatable { case a, b }
    struct WithEnum: Codable, Equatable { var kind: Kind; var kinds: [Kind]? }
    struct Special: Codable, Equatable { var url: URL?; var decimal: Decimal?; var data: Data?; var date: Date? }

    static let scalarInputs = [
        #"{"i": 1, "d": 2.5, "s": "x", "b": true}"#, #"{"i": 1, "d": 2, "s": "x", "b": false, "u8": 255, "f": 1.5}"#,
        #"{"i": "1", "d": 2.5, "s": "x", "b": true}"#, #"{"i": 1.5, "d": 2.5, "s": "x", "b": true}"#,
        #"{"i": 1, "d": "2.5", "s": "x", "b": true}"#, #"{"i": 1, "d": 2.5, "s": 3, "b": true}"#,
        #"{"i": 1, "d": 2.5, "s": "x", "b": 1}"#, #"{"i": 1, "d": 2.5, "s": "x"}"#, #"{"i": null, "d": 2.5, "s": "x", "b": true}"#,
        #"{"i": 1, "d": 2.5, "s": "x", "b": true, "u8": 256}"#, #"{"i": 1, "d": 2.5, "s": "x", "b": true, "u8": null}"#,
        #"{"i": 1, "d": 2.5, "s": "x", "b": true, "f": 1e50}"#, #"{"i": 1e3, "d": 1e400, "s": "x", "b": true}"#,
        #"{"i": 9223372036854775807, "d": -0.0, "s": "", "b": false}"#, #"{"i": 9223372036854775808, "d": 1, "s": "", "b": false}"#,
        #"[1]"#, #""text""#, #"null"#, #"{}"#,
    ]
    static let nestedInputs = [
        #"{"id": 1, "tags": ["a"], "map": {"k": 1}}"#, #"{"id": 1, "tags": ["a", 2], "map": {}}"#,
        #"{"id": 1, "tags": null, "map": {}}"#, #"{"id": 1, "tags": [], "map": {"k": "v"}}"#,
        #"{"id": 1, "tags": [], "map": {}, "inner": {"i": 1, "d": 1, "s": "", "b": true}}"#,
        #"{"id": 1, "tags": [], "map": {}, "inner": {"i": "x", "d": 1, "s": "", "b": true}}"#,
        #"{"id": 1, "tags": [], "map": {}, "inner": null}"#, #"{"id": 1, "tags": [null], "map": {}}"#,
        #"{"id": 1, "tags": "a", "map": {}}"#, #"{"id": 1, "tags": [], "map": []}"#,
    ]
    static let enumInputs = [
        #"{"kind": "a"}"#, #"{"kind": "c"}"#, #"{"kind": 1}"#, #"{"kind": "b", "kinds": ["a", "b"]}"#,
        #"{"kind": "b", "kinds": ["a", "z"]}"#, #"{"kind": "b", "kinds": null}"#,
    ]
    static let specialInputs = [
        #"{"url": "https://a.b/c"}"#, #"{"decimal": 12.50}"#, #"{"decimal": "12.5"}"#, #"{"data": "aGk="}"#,
        #"{"data": [1, 2]}"#, #"{"date": 0}"#, #"{"date": "now"}"#, #"{"url": 5}"#, #"{}"#,
    ]

    @Test(arguments: scalarInputs) func scalars(_ json: String) { DropInTests.agree(Scalars.self, json) }
    @Test(arguments: nestedInputs) func nested(_ json: String) { DropInTests.agree(Nested.self, json) }
    @Test(arguments: enumInputs) func enums(_ json: String) { DropInTests.agree(WithEnum.self, json) }
    @Test(arguments: specialInputs) func specialTypes(_ json: String) { DropInTests.agree(Special.self, json) }

    @Test(arguments: nestedInputs) func nestedWithSnakeCaseAndDates(_ json: String) {
        DropInTests.agree(Nested.self, json) {
            $0.keyDecodingStrategy = .convertFromSnakeCase
            $1.keyDecodingStrategy = .convertFromSnakeCase
            $0.dateDecodingStrategy = .secondsSince1970
            $1.dateDecodingStrategy = .secondsSince1970
        }
    }

    @Test(arguments: scalarInputs) func arraysOfTheSame(_ json: String) { DropInTests.agree([Scalars].self, "[\(json)]") }
}
