import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// Nesting limits: a clear error and never a stack overflow.
@Suite struct JSONReaderLimitTests {
    @Test func hundredThousandOpeningBracketsFailCleanly() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let error = #expect(throws: JSONReadError.self) { try JSONParser.parse(bytes) }
        #expect(error?.reason == "nesting deeper than the limit of 512 arrays and objects")
        #expect(error?.offset == 512)
    }

    @Test func deepObjectsFailCleanly() {
        let bytes = Array(String(repeating: #"{"a":"#, count: 100_000).utf8)
        let error = #expect(throws: JSONReadError.self) { try JSONParser.parse(bytes) }
        #expect(error?.reason == "nesting deeper than the limit of 512 arrays and objects")
    }

    @Test func depthLimitIsConfigurable() throws {
        let three = Array("[[[1]]]".utf8)
        _ = try JSONParser.parse(three, maxDepth: 3)
        #expect(throws: JSONReadError.self) { try JSONParser.parse(three, maxDepth: 2) }
        let deep = Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)
        let document = try JSONParser.parse(deep, maxDepth: 10_000)
        #expect(document.nodes.count == 10_000)
        // The tape takes any depth; a JSONValue at most 1,000 levels (releasing a deeper one
        // recurses in Swift's runtime past a small thread's stack: JSONValueDepthTests).
        let error = #expect(throws: JSONReadError.self) { try JSONValue(parsing: deep, maxDepth: 10_000) }
        #expect(error?.reason == "nesting deeper than the limit of 1000 arrays and objects")
    }

    @Test func exactlyTheLimitIsAccepted() throws {
        let atLimit = Array((String(repeating: "[", count: 512) + String(repeating: "]", count: 512)).utf8)
        _ = try JSONParser.parse(atLimit)
        let overLimit = Array((String(repeating: "[", count: 513) + String(repeating: "]", count: 513)).utf8)
        #expect(throws: JSONReadError.self) { try JSONParser.parse(overLimit) }
    }
}
