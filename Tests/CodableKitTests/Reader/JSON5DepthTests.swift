import CodableKit
import Foundation
import Testing
import CodableKitTestSupport

/// The JSON5 reader recurses once per level of nesting, so deep input must stop it
/// with an error before the thread's stack ends — at any `maxDepth`, on a small stack
/// too — as the JSON reader (which keeps its levels on the heap) never needs to.
@Suite struct JSON5DepthTests {
    func decodeJSON5(depth: Int, maxDepth: Int) throws -> JSONValue {
        let json = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let decoder = ModelDecoder(options: DecodingOptions(maxDepth: maxDepth))
        decoder.allowsJSON5 = true
        return try decoder.decode(JSONValue.self, from: Data(json.utf8))
    }

    /// The reader's error, from the `DecodingError` a decode threw.
    func readError(_ error: any Error) -> JSONReadError? {
        guard case let DecodingError.dataCorrupted(context) = error else { return nil }
        return context.underlyingError as? JSONReadError
    }

    @Test func deepJSON5WithARaisedLimitIsAnErrorNotACrash() throws {
        let error = try onThread(stackSize: 8 << 20) { () -> JSONReadError? in
            do {
                _ = try decodeJSON5(depth: 200_000, maxDepth: 300_000)
                return nil
            } catch {
                return readError(error)
            }
        }
        let found = try #require(error)
        #expect(found.reason.contains("too deep for this thread's stack"), "\(found)")
        #expect(found.line == 1 && found.column > 1 && found.offset == found.column - 1)
    }

    /// Both readers, 200,000 levels deep with the limit raised past them, on a 512 KB thread:
    /// the JSON reader keeps its levels on the heap and reads it all; the JSON5 reader stops
    /// itself with an error. (The value is an `[Int]`, which fails at its first element: what
    /// this checks is the readers, not a 200,000-deep value's release.)
    @Test func bothReadersAtAnyDepthOnASmallStack() throws {
        for json5 in [false, true] {
            let outcome = try onThread(stackSize: 512 << 10) { () -> String in
                let json = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
                let decoder = ModelDecoder(options: DecodingOptions(mode: .strict, maxDepth: 300_000))
                decoder.allowsJSON5 = json5
                do {
                    _ = try decoder.decode([Int].self, from: Data(json.utf8))
                    return "decoded"
                } catch let DecodingError.dataCorrupted(context) {
                    return "dataCorrupted " + (context.underlyingError.map { "\($0)" } ?? context.debugDescription)
                } catch let DecodingError.typeMismatch(_, context) {
                    return "typeMismatch at \(context.codingPath.count)"
                } catch {
                    return "\(error)"
                }
            }
            if json5 {
                #expect(outcome.contains("too deep for this thread's stack"), "\(outcome.prefix(300))")
            } else {
                #expect(outcome == "typeMismatch at 1", "\(outcome.prefix(300))")
            }
        }
    }

    @Test func theDefaultLimitOnASmallStack() throws {
        // 512 KB, a common size for secondary threads: either the whole value (a release
        // build has room for 512 levels) or the stack error, never a crash.
        let outcome = try onThread(stackSize: 512 << 10) { () -> String in
            do {
                let value = try decodeJSON5(depth: 512, maxDepth: 512)
                var depth = 0
                var current = value
                while case let .array(elements) = current, let first = elements.first {
                    depth += 1
                    current = first
                }
                return "decoded \(depth + 1)"
            } catch {
                return readError(error)?.reason ?? "\(error)"
            }
        }
        #expect(outcome == "decoded 512" || outcome.contains("too deep for this thread's stack"), "\(outcome)")
        // One level more is the depth limit's error, as for JSON.
        let tooDeep = try onThread(stackSize: 512 << 10) { () -> String in
            do {
                _ = try decodeJSON5(depth: 513, maxDepth: 512)
                return "decoded"
            } catch {
                return readError(error)?.reason ?? "\(error)"
            }
        }
        #expect(tooDeep.contains("limit of 512") || tooDeep.contains("too deep for this thread's stack"), "\(tooDeep)")
    }
}
