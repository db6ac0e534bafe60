import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

@Suite struct JSONValueTests {
    let value = JSONValue.object([
        "data": .object(["items": .array([.object(["name": .string("first")]), .int(7)])]),
        "a.b": .string("dotted key"),
        "n": .null,
    ])

    @Test func pathSubscript() {
        #expect(value["data.items.0.name"] == .string("first"))
        #expect(value["data.items.1"] == .int(7))
        #expect(value["data.items.2"] == nil)
        #expect(value["data.missing"] == nil)
        #expect(value["a.b"] == .string("dotted key"))
        #expect(value["n"] == .null)
        #expect(value["n.x"] == nil)
    }

    @Test func numbersIntOrDouble() throws {
        #expect(try JSONValue(parsing: "[1, 1.0, 1e3, -0, 18446744073709551615]")
            == .array([.int(1), .double(1), .double(1000), .int(0), .double(Double(UInt64.max))]))
    }

    @Test func anyValueIsFoundationShaped() throws {
        let any = try JSONValue(parsing: #"{"i": 1, "d": 1.5, "s": "x", "b": true, "n": null, "a": [1]}"#).anyValue
        let object = try #require(any as? [String: Any])
        #expect(object["i"] as? Int == 1)
        #expect(object["d"] as? Double == 1.5)
        #expect(object["s"] as? String == "x")
        #expect(object["b"] as? Bool == true)
        #expect(object["n"] is NSNull)
        #expect((object["a"] as? [Any])?.first as? Int == 1)
    }

    @Test func codableWithFoundationCoders() throws {
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }
}
