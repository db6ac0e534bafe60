import Foundation
import Testing
@testable import CodableKit

/// A recursive model: each level is one JSON object.
final class ChainNode: DecodableModel, @unchecked Sendable {
    var value = 0
    var next: ChainNode?
    required init() {}

    var depth: Int {
        var count = 1
        var node = next
        while let current = node {
            count += 1
            node = current.next
        }
        return count
    }
}

/// Runs `body` on a new thread with a stack of `size` bytes, and waits for it.
private func onThread<R: Sendable>(stackSize size: Int, _ body: @escaping @Sendable () -> R) -> R {
    let result = Locked<R?>(nil)
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        let value = body()
        result.withLock { $0 = value }
        done.signal()
    }
    thread.stackSize = size
    thread.start()
    done.wait()
    return result.withLock { $0! }
}

private func chain(_ depth: Int) -> String {
    String(repeating: #"{"value": 1, "next": "#, count: depth - 1) + #"{"value": 1}"# + String(repeating: "}", count: depth - 1)
}

/// Deep models never overflow the stack: on a 512 KB thread, 500 nested levels either
/// decode or stop with a clear error before the stack runs out (they stop: the decoder
/// uses about 3 KB of stack per level in release builds and 9 KB in debug builds).
@Suite struct DeepModelTests {
    @Test func fiveHundredLevelsOnASmallStackStopCleanly() {
        let outcome = onThread(stackSize: 512 * 1024) { () -> String in
            do {
                return "decoded \(try ChainNode.decode(from: chain(500)).depth) levels"
            } catch let DecodingError.dataCorrupted(context) {
                return "\(context.codingPath.count) \(context.debugDescription)"
            } catch {
                return "unexpected \(error)"
            }
        }
        if outcome.hasPrefix("decoded") {
            #expect(outcome == "decoded 500 levels")
        } else {
            #expect(outcome.contains("Nesting too deep for this thread's stack"), "\(outcome)")
            #expect(Int(outcome.prefix { $0.isNumber }).map { $0 > 10 } == true)  // the error names the path
        }
        #expect(onThread(stackSize: 512 * 1024) { ChainNode.deserialize(from: chain(500)) == nil })
    }

    /// The error's path keeps its ends and counts its middle: printed, it stays short.
    @Test func aTooDeepPathIsElidedInTheMiddle() {
        let outcome = onThread(stackSize: 512 * 1024) { () -> (count: Int, middle: String, printed: Int)? in
            do {
                _ = try ChainNode.decode(from: chain(500))
                return nil
            } catch let DecodingError.dataCorrupted(context) {
                let error = DecodingError.dataCorrupted(context)
                return (context.codingPath.count, context.codingPath[12].stringValue, "\(error)".count)
            } catch {
                return nil
            }
        }
        guard let outcome else { Issue.record("500 levels decoded on a 512 KB stack"); return }
        // How deep the guard stops depends on the build (a sanitizer's frames are larger):
        // past 36 keys the path is elided, below it is whole.
        if outcome.count == 25 {
            #expect(outcome.middle.hasPrefix("…") && outcome.middle.hasSuffix(" keys…"), "\(outcome.middle)")
        } else {
            #expect(outcome.count <= 36)
        }
        #expect(outcome.printed < 1_000, "\(outcome.printed) characters")
        let long = DecodingSession.elided(Array(repeating: AnyCodingKey(stringValue: "child"), count: 1_529))
        #expect(long.count == 25 && long[12].stringValue == "…1505 keys…")
        #expect(DecodingSession.elided(Array(repeating: AnyCodingKey(stringValue: "k"), count: 36)).count == 36)
    }

    @Test func moderateNestingDecodesOnASmallStack() {
        let depth = onThread(stackSize: 512 * 1024) { (try? ChainNode.decode(from: chain(30)))?.depth }
        #expect(depth == 30)
    }

    @Test func deepNestingDecodesOnALargeStack() {
        let depth = onThread(stackSize: 16 << 20) { (try? ChainNode.decode(from: chain(500)))?.depth }
        #expect(depth == 500)
    }
}
