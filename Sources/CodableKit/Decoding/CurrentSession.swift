#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The session decoding on this thread, if any: how `KeyedDecodingContainer`'s model
/// overloads, which see only the container, reach it. A decode runs on one thread from
/// start to end (no suspension point inside), so a thread-local is exact; a decode
/// started inside another (a plugin's) restores the outer one when it ends.
enum CurrentSession {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Tells this thread's session (if CodableKit is decoding) that `hint`'s types are known.
    @inline(__always)
    static func know(_ hint: @autoclosure () -> RouteHint) {
        guard let pointer = pthread_getspecific(key) else { return }  // JSONDecoder, or no decode
        // Safety: set only by `with`, whose caller holds the session for the call.
        Unmanaged<DecodingSession>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.hint = hint() }
    }

    /// `body`'s result, with `session` as this thread's session while it runs.
    @inline(__always)
    static func with<R>(_ session: DecodingSession, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        // Safety: cleared (restored) before `with` returns, while its caller still holds `session`.
        pthread_setspecific(key, Unmanaged.passUnretained(session).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return try body()
    }
    #else
    // Without pthreads, nested models are found by conformance checks.
    static func know(_: @autoclosure () -> RouteHint) {}
    static func with<R>(_: DecodingSession, _ body: () throws -> R) rethrows -> R { try body() }
    #endif
}
