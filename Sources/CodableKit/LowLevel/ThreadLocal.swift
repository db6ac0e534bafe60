#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A per-thread slot for one pointer-sized value (a pthread key): the stack guard's
/// bounds of this thread's stack, and the session decoding on this thread. Without
/// pthreads it holds nothing, and its users fall back (see each).
///
/// Safety: the slot holds an address, not a reference: it keeps nothing alive. Whoever
/// stores an object's address keeps the object alive, and clears or restores the slot,
/// before the object may go (`CurrentSession.with`).
struct ThreadLocal: @unchecked Sendable {  // a key is an immutable integer
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    private let key: pthread_key_t

    init() {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        self.key = key
    }

    /// This thread's value; nil until the thread sets one.
    var value: UnsafeMutableRawPointer? {
        @inline(__always) get { pthread_getspecific(key) }
        @inline(__always) nonmutating set { pthread_setspecific(key, newValue) }
    }
    #else
    init() {}

    var value: UnsafeMutableRawPointer? {
        get { nil }
        nonmutating set {}
    }
    #endif
}
