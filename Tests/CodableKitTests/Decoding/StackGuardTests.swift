import Foundation
import Testing
@testable import CodableKit

/// The stack guard's bounds. The main thread's come from where the kernel put the
/// program's path and from `RLIMIT_STACK`, not from `pthread_getattr_np` (which reads
/// all of `/proc/self/maps` for the main thread): they must be the `[stack]` mapping's
/// end, and that end less the limit, the lowest address `pthread_getattr_np` reports.
@Suite struct StackGuardTests {
    #if canImport(Glibc)
    /// The `[stack]` line of `/proc/self/maps`: the main thread's mapping.
    func mainStackMapping() throws -> (from: UInt, to: UInt) {
        // Read to its end: a file in /proc reports a size of zero.
        let file = try #require(FileHandle(forReadingAtPath: "/proc/self/maps"))
        let maps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        let line = try #require(maps.split(separator: "\n").first { $0.hasSuffix("[stack]") })
        let range = try #require(line.split(separator: " ").first).split(separator: "-")
        return (try #require(UInt(range[0], radix: 16)), try #require(UInt(range[1], radix: 16)))
    }

    @Test func theMainThreadsBoundsAreItsMappingsEndAndTheLimitBelowIt() throws {
        let mapping = try mainStackMapping()
        let bounds = try #require(StackGuard.mainThreadBounds(around: mapping.to - 1))
        var limit = rlimit()
        getrlimit(__rlimit_resource_t(RLIMIT_STACK.rawValue), &limit)
        try #require(limit.rlim_cur != rlim_t.max)
        #expect(bounds.0 + bounds.1 == mapping.to)
        #expect(bounds.0 == mapping.to - UInt(limit.rlim_cur))
    }

    @Test func anotherThreadIsNotTakenForTheMainThread() {
        let found = Locked<(UInt, UInt)??>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            found.withLock { $0 = .some(StackGuard.mainThreadBounds()) }
            done.signal()
        }
        thread.stackSize = 512 * 1024
        thread.start()
        done.wait()
        #expect(found.withLock { $0 }! == nil)
        #expect(StackGuard.readBounds() != nil)
    }
    #endif
}
