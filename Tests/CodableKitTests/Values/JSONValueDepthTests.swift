import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// A `JSONValue` (or `Any`) CodableKit builds from JSON nests at most 1,000 levels, whatever
/// `maxDepth` allows: freeing a deeper one recursed in the runtime until the stack ran out
/// (100,000 levels decoded with `maxDepth = 200_000` were a SIGSEGV when the array was let go).
@Suite struct JSONValueDepthTests {
    static func nested(_ depth: Int) -> Data {
        Data((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
    }

    struct Holder: Decodable { var payload: JSONValue }
    struct AnyHolder: Decodable { @AnyValue var payload: [Any] = [] }

    @Test func aDeepValueIsRefusedWithAnErrorNotACrash() throws {
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            let decoder = ModelDecoder(options: .init(mode: mode, maxDepth: 200_000))
            #expect(throws: DecodingError.self) { try decoder.decode([JSONValue].self, from: Self.nested(100_000)) }
            let holder = Data(#"{"payload": "#.utf8) + Self.nested(5_000) + Data("}".utf8)
            do {
                _ = try decoder.decode(Holder.self, from: holder)
                Issue.record("decoded a 5,000-deep JSONValue")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.codingPath.map(\.stringValue) == ["payload"])
                #expect(context.debugDescription.contains("1000 levels"), "\(context.debugDescription)")
            }
            #expect(throws: DecodingError.self) { try decoder.decode(AnyHolder.self, from: holder) }
        }
        #expect(throws: JSONReadError.self) { try JSONValue(parsing: Self.nested(1_001), maxDepth: 200_000) }
    }

    /// Up to the limit, on a thread with a 512 KB stack: decoded, and freed there.
    @Test func aThousandLevelsAreFreedOnASmallStack() throws {
        let depth = try onThread(stackSize: 512 * 1024) { () -> Int in
            var value = try JSONValue(parsing: Self.nested(JSONValue.maximumDepth), maxDepth: 200_000)
            var levels = 0
            while case let .array(elements) = value, let first = elements.first { (value, levels) = (first, levels + 1) }
            return levels + 1
        }
        #expect(depth == JSONValue.maximumDepth)
        let decoded = try onThread(stackSize: 512 * 1024) { () -> Bool in
            let decoder = ModelDecoder(options: .init(maxDepth: 200_000))
            return try decoder.decode(JSONValue.self, from: Self.nested(JSONValue.maximumDepth)) != .null
        }
        #expect(decoded)
    }
}
