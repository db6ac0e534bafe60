import Foundation
import Testing
@testable import CodableKit

/// One rule for dotted keys everywhere: split at every dot (empty components kept),
/// walk objects by key and arrays by index, then try the whole text as a literal key;
/// writing always nests.
@Suite struct DottedPathTests {
    struct Nested: CodableModel {
        var name = ""
        var first = ""
        static func mappingForKey() -> [KeyMapping]? {
            [KeyMapping(propertyName: "name", strategy: Fixed(key: "user.name")),
             KeyMapping(propertyName: "first", strategy: Fixed(key: "items.0.id"))]
        }
    }

    struct Fixed: KeyStrategy {
        let key: String
        func decodingKeys(for _: String) -> [String] { [key] }
        func encodingKey(for _: String) -> String { key }
    }

    static let documents: [(json: String, name: String?)] = [
        (#"{"user": {"name": "nested"}}"#, "nested"),
        (#"{"user.name": "literal"}"#, "literal"),
        (#"{"user": {"name": "nested"}, "user.name": "literal"}"#, "nested"),  // the walk first
        (#"{"user": {"other": 1}, "user.name": "literal"}"#, "literal"),
        (#"{"user": "text"}"#, nil),
    ]

    @Test(arguments: documents)
    func decodingDesignatedPathsAndJSONValueAgree(_ json: String, _ name: String?) throws {
        #expect(try Nested.decode(from: json).name == (name ?? ""))
        #expect(try JSONValue(parsing: json)["user.name"] == name.map(JSONValue.string))
        let document = try JSONParser.parse(Array(json.utf8), maxDepth: 512)
        #expect(try document.value(at: DottedPath("user.name")).map { try document.value(at: $0) } == name.map(JSONValue.string))
    }

    @Test func arrayIndicesAndEmptyComponents() throws {
        let json = #"{"items": [{"id": "a"}], "a": {"": {"b": 1}}}"#
        #expect(try Nested.decode(from: json).first == "a")
        #expect(try JSONValue(parsing: json)["items.0.id"] == .string("a"))
        #expect(try JSONValue(parsing: json)["a..b"] == .int(1))
        #expect(try JSONValue(parsing: json)["items.x"] == nil)
    }

    @Test func writingNestsAndMergesSiblings() throws {
        let model = Nested(name: "n", first: "f")
        #expect(model.toJSONString(options: .init(sortedKeys: true)) == #"{"items":{"0":{"id":"f"}},"user":{"name":"n"}}"#)
        var value = JSONValue.object(["user": .object(["age": .int(3)])])
        value.setValue(.string("n"), atPath: "user.name")
        #expect(value == .object(["user": .object(["age": .int(3), "name": .string("n")])]))
        value.setValue(.int(1), atPath: "user.age.years")
        #expect(value["user.age.years"] == .int(1))
    }
}
