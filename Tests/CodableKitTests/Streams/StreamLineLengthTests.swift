import CodableKit
import Foundation
import Testing

extension StreamTests {
    /// A long line in many small chunks is searched for its end once: it takes about as long
    /// as in one chunk (each chunk searched from the line's start, 2 MB in 2 KB chunks was a
    /// gigabyte of searching). Timed against itself, so that a sanitizer's or a debug build's
    /// slowness cancels out.
    @Test func aLongLineInManyChunksIsSearchedOnce() async throws {
        let line = Array((#"{"x": 1, "label": ""# + String(repeating: "y", count: 2 << 20) + "\"}\n").utf8)
        func seconds(cuts: [Int]) async throws -> Double {
            let started = ContinuousClock.now
            let values = try await Self.collect(ModelDecoder().lines(of: Point.self, from: Self.chunks(line, cuts: cuts)))
            #expect(values.count == 1 && values[0].label.count == 2 << 20)
            let elapsed = ContinuousClock.now - started
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        let whole = try await seconds(cuts: [])
        let chunked = try await seconds(cuts: Array(stride(from: 2048, to: line.count, by: 2048)))
        #expect(chunked < whole * 4 + 1, "in 2 KB chunks \(chunked) s, in one \(whole) s")
    }
}
