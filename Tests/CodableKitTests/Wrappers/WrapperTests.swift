import Foundation
import Testing
import CodableKit

@Suite struct WrapperTests {
    final class Cache: @unchecked Sendable {}  // not Codable at all

    struct Screen: DecodableModel {
        var title = ""
        @IgnoredKey var cache = Cache()
        @IgnoredKey var counter = 5
        @Flat var size = Size()
        @AnyValue var extra: [String: Any] = [:]
        @AnyValue var anything: Any = "initial"
        var raw: JSONValue = .null
    }

    struct Size: DecodableModel, Equatable {
        var width = 0
        var height = 0
    }

    @Test func ignoredKeysKeepTheirInitialValues() throws {
        let screen = try Screen.decode(from: #"{"title": "Home", "counter": 99, "cache": 1}"#)
        #expect(screen.title == "Home")
        #expect(screen.counter == 5)
    }

    @Test func flatPropertiesReadTheEnclosingObject() throws {
        let screen = try Screen.decode(from: #"{"title": "Home", "width": 320, "height": "480"}"#)
        #expect(screen.size == Size(width: 320, height: 480))
    }

    @Test func anyValuesHoldFoundationShapedJSON() throws {
        let screen = try Screen.decode(from: #"{"extra": {"a": 1, "b": [true, null]}, "anything": 2.5}"#)
        #expect(screen.extra["a"] as? Int == 1)
        #expect((screen.extra["b"] as? [Any])?.first as? Bool == true)
        #expect(screen.anything as? Double == 2.5)
        let (fallback, report) = try Screen.decodeWithReport(from: #"{"extra": [1, 2]}"#)
        #expect(fallback.extra.isEmpty)
        #expect(report.issues.contains { $0.path == "extra" })
    }

    @Test func jsonValuePropertiesHoldWhateverIsThere() throws {
        #expect(try Screen.decode(from: #"{"raw": {"k": [1, "x"]}}"#).raw == .object(["k": .array([.int(1), .string("x")])]))
        #expect(try Screen.decode(from: #"{"raw": null}"#).raw == .null)
        #expect(try Screen.decode(from: #"{"raw": 3}"#).raw == .int(3))
    }
}
