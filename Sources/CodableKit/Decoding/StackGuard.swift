#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Keeps decoding from running out of the thread's stack.
///
/// Decoding nested values recurses through each type's `init(from:)`, about 3 KB of
/// stack per level in a release build and 9 KB in a debug build, so a deep enough
/// document would overflow a small thread stack (512 KB is common for secondary
/// threads) long before `DecodingOptions.maxDepth`. The guard knows the current
/// thread's stack bounds and stops decoding with a clear error while 64 KB remain.
/// Where the bounds cannot be read, only `maxDepth` applies.
enum StackGuard {
    /// Stack kept free for the error path and for code outside the decoder.
    static let reserve: UInt = 64 * 1024

    /// The addresses decoding may use on this thread — from the stack's top down to
    /// its bottom plus the reserve — or nil when unknown.
    static func usableRange() -> ClosedRange<UInt>? {
        guard let (low, high) = bounds(), high > low + reserve else { return nil }
        return low + reserve ... high
    }

    /// The address of a local in the caller's frame: where the stack is now.
    @inline(__always)
    static func currentAddress() -> UInt {
        var marker: UInt8 = 0
        // Safety: only the address is taken, as a number; nothing is read or written through it.
        return withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
    }

    /// The lowest and highest addresses of the current thread's stack, cached per thread.
    private static func bounds() -> (UInt, UInt)? {
        #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
        if let low = lowBound.value, let high = highBound.value {
            return (UInt(bitPattern: low), UInt(bitPattern: high))
        }
        guard let (low, size) = mainThreadBounds() ?? readBounds() else { return nil }
        lowBound.value = UnsafeMutableRawPointer(bitPattern: low)
        highBound.value = UnsafeMutableRawPointer(bitPattern: low + size)
        return (low, low + size)
        #else
        return nil
        #endif
    }

    #if canImport(Glibc) || canImport(Musl) || canImport(Darwin)
    /// This thread's stack bounds, once found (addresses, not pointers to anything).
    private static let lowBound = ThreadLocal()
    private static let highBound = ThreadLocal()

    /// The main thread's stack, its lowest address and its size, found without reading
    /// `/proc/self/maps` (which `pthread_getattr_np` does for the main thread: about 0.1 ms,
    /// much of a small first decode); nil when `address` (by default where the caller's
    /// stack is now) is not on it, or where the layout is not the one described here.
    ///
    /// The kernel copies the program's path (`AT_EXECFN`) first to the new stack, one word
    /// below its end, and the stack may grow down to `RLIMIT_STACK` below that end: the
    /// lowest address `pthread_getattr_np` reports too. An end that is not at a page boundary
    /// means another layout (an emulator's, say), and an unlimited stack has no such bound.
    static func mainThreadBounds(around address: UInt = currentAddress()) -> (UInt, UInt)? {
        #if canImport(Glibc)
        typealias AuxiliaryValue = @convention(c) (UInt) -> UInt
        let executableFileName: UInt = 31  // AT_EXECFN
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "getauxval"),
              // Safety: `getauxval` is `unsigned long (unsigned long)` in every C library that exports it.
              let path = UnsafePointer<CChar>(bitPattern: unsafeBitCast(symbol, to: AuxiliaryValue.self)(executableFileName))
        else { return nil }
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let end = UInt(bitPattern: path) + UInt(strlen(path)) + 1 + UInt(MemoryLayout<UInt>.size)
        var limit = rlimit()
        guard page > 0, end % page == 0, getrlimit(__rlimit_resource_t(RLIMIT_STACK.rawValue), &limit) == 0,
              limit.rlim_cur != rlim_t.max, UInt(limit.rlim_cur) < end
        else { return nil }
        let low = (end - UInt(limit.rlim_cur) + page - 1) / page * page
        guard low < address, address < end else { return nil }  // another thread's stack
        return (low, end - low)
        #else
        return nil
        #endif
    }

    /// The stack's lowest address and its size.
    static func readBounds() -> (UInt, UInt)? {
        #if canImport(Darwin)
        let top = UInt(bitPattern: pthread_get_stackaddr_np(pthread_self()))
        let size = UInt(pthread_get_stacksize_np(pthread_self()))
        return (top - size, size)
        #else
        // A GNU extension the Glibc module does not expose: looked up in the C library.
        typealias GetAttributes = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else { return nil }
        // Safety: the symbol is glibc's `pthread_getattr_np`, of exactly this C signature.
        let getAttributes = unsafeBitCast(symbol, to: GetAttributes.self)
        var attributes = pthread_attr_t()
        guard getAttributes(pthread_self(), &attributes) == 0 else { return nil }
        defer { pthread_attr_destroy(&attributes) }
        var address: UnsafeMutableRawPointer?
        var size = 0
        guard pthread_attr_getstack(&attributes, &address, &size) == 0, let address else { return nil }
        return (UInt(bitPattern: address), UInt(size))
        #endif
    }
    #endif
}

/// An error no recovery point repairs: decoding stops and the entry point throws
/// `error`. (Repairing would only fail again at the next sibling.)
struct DecodingAbort: Error {
    let error: DecodingError
}
