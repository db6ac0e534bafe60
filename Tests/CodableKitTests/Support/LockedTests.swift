import CodableKit
import Dispatch
import Testing

/// `Locked` is what plugins keep shared state in: every thread sees every other thread's
/// writes, and ThreadSanitizer (CI runs the suite under it) sees the lock around each access.
struct LockedTests {
    /// Eight threads, a counter and an empty value (`Locked(())`, a lock around code rather
    /// than state, as the date transformer keeps one): no update lost, no race reported.
    /// The empty value once raced under ThreadSanitizer: its exclusivity checks sat at the
    /// object's own address, which every call reads before taking the lock.
    @Test func manyThreadsLoseNothing() {
        let counter = Locked(0)
        let gate = Locked(())
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0 ..< perThread {
                gate.withLock { _ in counter.withLock { $0 += 1 } }
            }
        }
        #expect(counter.withLock { $0 } == 8 * perThread)
    }

    /// A value that owns memory is released with its lock (AddressSanitizer's leak check
    /// runs over the suite in CI), and what `withLock` returns comes out as it was made.
    @Test func valueIsReturnedAndReleased() {
        final class Tracked: Sendable {}
        weak var seen: Tracked?
        do {
            let lock = Locked([Tracked()])
            seen = lock.withLock { $0.first }
            #expect(seen != nil)
            #expect(lock.withLock { $0.count } == 1)
        }
        #expect(seen == nil)
    }
}
