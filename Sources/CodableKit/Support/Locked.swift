#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

// The kernel's one kit for shared state, one type per file in this folder: a value
// behind a lock (`Locked`), a per-type cache for the process (`TypeCache`), a registry
// that is cheap to read while empty (`LockedRegistry`), and a decode's own per-type
// table (`TypeTable`, never shared). Nothing else in the kernel takes a lock.

/// A value behind a lock, on every platform and without Foundation proper: what the plugin
/// modules keep their caches in, and a plugin of your own can too.
///
/// A pthread mutex: not Synchronization's `Mutex`, which needs macOS 15 / iOS 18 and, on
/// Linux, waits on a futex that ThreadSanitizer cannot see (every access under it is
/// reported as a race); not `NSLock`, which is Foundation proper's. The kernel takes no
/// lock per value: caches by type are read through per-decode tables.
public final class Locked<Value>: @unchecked Sendable {  // every access holds the lock
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    // The value lives outside the object: a stored `var` of an empty type (`Locked(())`)
    // has its exclusivity checks at the object's own address, where every call reads the
    // type's metadata before it takes the lock, and ThreadSanitizer reports that as a race.
    private let value: UnsafeMutablePointer<Value>

    /// A lock around `value`.
    public init(_ value: Value) {
        // Safety (these four): one cell each, initialized here and deinitialized once, in `deinit`.
        self.value = .allocate(capacity: 1)
        self.value.initialize(to: value)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        // Safety (these four): the object's last use: no `withLock` runs, both cells are initialized.
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        value.deinitialize(count: 1)
        value.deallocate()
    }

    /// `body` with the value, the lock held while it runs.
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        // Safety: the cell is initialized for the object's life, and the lock makes this access exclusive.
        return try body(&value.pointee)
    }
}
