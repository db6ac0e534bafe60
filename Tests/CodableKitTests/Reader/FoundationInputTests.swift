import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

@Suite struct FoundationInputTests {
    @Test func jsonSerializationOutputReadsLikeTheBytes() throws {
        let text = #"{"t": true, "f": false, "one": 1, "zero": 0, "d": 1.25, "big": 18446744073709551615, "neg": -5, "s": "é", "n": null, "a": [1, [2, {"x": "y"}]]}"#
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(try JSONValue(foundationObject: object) == JSONValue(parsing: text))
    }

    @Test func nativeSwiftValues() throws {
        let object: [String: Any] = [
            "bool": true, "int": 3, "int8": Int8(-4), "uint64": UInt64.max, "double": 0.1, "float": Float(0.1),
            "string": "s", "substring": Substring("sub"), "null": NSNull(), "none": Int?.none as Any, "some": Int?.some(5) as Any,
            "array": [1, "two"], "nested": ["k": [String: Any]()],
        ]
        let value = try JSONValue(foundationObject: object)
        #expect(value["bool"] == .bool(true))
        #expect(value["int"] == .int(3))
        #expect(value["int8"] == .int(-4))
        #expect(value["uint64"] == .double(Double(UInt64.max)))
        #expect(value["double"] == .double(0.1))
        #expect(value["float"] == .double(0.1))
        #expect(value["string"] == .string("s"))
        #expect(value["substring"] == .string("sub"))
        #expect(value["null"] == .null)
        #expect(value["none"] == .null)
        #expect(value["some"] == .int(5))
        #expect(value["array"] == .array([.int(1), .string("two")]))
        #expect(value["nested.k"] == .object([:]))
    }

    @Test func numbersAndBooleansStayApart() throws {
        let value = try JSONValue(foundationObject: [NSNumber(value: 1), NSNumber(value: true), NSNumber(value: Int8(1)), NSNumber(value: 2.5)])
        #expect(value == .array([.int(1), .bool(true), .int(1), .double(2.5)]))
    }

    @Test func propertyListValues() throws {
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        let value = try JSONValue(foundationObject: ["date": date, "data": Data([1, 2, 3])])
        #expect(value["date"] == .double(12.5))
        #expect(value["data"] == .string("AQID"))
    }

    @Test func unsupportedValuesNameTheirPath() {
        struct Custom {}
        let error = #expect(throws: DecodingError.self) {
            try JSONValue(foundationObject: ["list": [1, ["bad": Custom()]]])
        }
        guard case let .dataCorrupted(context) = error else { Issue.record("expected dataCorrupted"); return }
        #expect(context.codingPath.map(\.stringValue) == ["list", "Index 1", "bad"])  // positions named as Foundation names them
        #expect(context.codingPath[1].intValue == 1)
        #expect(context.debugDescription.contains("Custom"))
        #expect(throws: DecodingError.self) { try JSONValue(foundationObject: [Double.nan]) }
        #expect(throws: DecodingError.self) { try JSONValue(foundationObject: [Double.infinity]) }
    }

    @Test func deepFoundationObjectsHitTheLimitNotTheStack() {
        // 2,000 levels: deeper than the limit. (Far deeper nested arrays would overflow the
        // stack in Swift's own recursive release of the test's value, before CodableKit runs.)
        let error = #expect(throws: DecodingError.self) {
            try onLargeStack {
                var deep: Any = 1
                for _ in 0 ..< 2_000 { deep = [deep] }
                return try JSONValue(foundationObject: deep)
            }
        }
        guard case let .dataCorrupted(context) = error else { Issue.record("expected dataCorrupted"); return }
        #expect(context.debugDescription.contains("limit of 512"))
        #expect(context.codingPath.count == 512)
    }
}
