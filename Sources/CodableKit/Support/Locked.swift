import Foundation

// The kernel's one kit for shared state, one type per file in this folder: a value
// behind a lock (`Locked`), a per-type cache for the process (`TypeCache`), a registry
// that is cheap to read while empty (`LockedRegistry`), and a decode's own per-type
// table (`TypeTable`, never shared). Nothing else in the kernel takes a lock.

/// A value behind a lock: `NSLock` (a pthread mutex), on every platform. Not
/// Synchronization's `Mutex`, which needs macOS 15 / iOS 18 and, on Linux, waits on a
/// futex that ThreadSanitizer cannot see: every access under it was reported as a race.
/// No lock is taken per value: caches by type are read through per-decode tables.
package final class Locked<Value>: @unchecked Sendable {  // every access holds the lock
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
