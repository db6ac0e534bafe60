/// The session decoding on this thread, if any: how `KeyedDecodingContainer`'s model
/// overloads, which see only the container, reach it. A decode runs on one thread from
/// start to end (no suspension point inside), so a thread-local is exact; a decode
/// started inside another (a plugin's) restores the outer one when it ends.
enum CurrentSession {
    private static let current = ThreadLocal()

    /// Tells this thread's session (if CodableKit is decoding) that `hint`'s types are known.
    @inline(__always)
    static func know(_ hint: @autoclosure () -> RouteHint) {
        guard let pointer = current.value else { return }  // JSONDecoder, or no decode (or no pthreads)
        // Safety: set only by `with`, whose caller holds the session for the call.
        Unmanaged<DecodingSession>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.types.hint = hint() }
    }

    /// `body`'s result with no session on this thread: a model's `init(from:)` run
    /// against a probe (`FieldPlan.learn`) tells nothing to the decode around it.
    static func outside<R>(_ body: () throws -> R) rethrows -> R {
        let previous = current.value
        current.value = nil
        defer { current.value = previous }
        return try body()
    }

    /// `body`'s result, with `session` as this thread's session while it runs.
    @inline(__always)
    static func with<R>(_ session: DecodingSession, _ body: () throws -> R) rethrows -> R {
        let previous = current.value
        // Safety: restored before `with` returns, while its caller still holds `session`.
        current.value = Unmanaged.passUnretained(session).toOpaque()
        defer { current.value = previous }
        return try body()
    }
}
