import Foundation

/// Runs `body` on a new thread with a 64 MB stack and returns its result: for tests
/// that build very deep values on purpose. Swift releases such values recursively,
/// which a test runner's worker thread may not have room for — under AddressSanitizer,
/// whose frames are larger, it does not.
public func onLargeStack<R: Sendable>(_ body: @escaping @Sendable () throws -> R) throws -> R {
    try onThread(stackSize: 64 << 20, body)
}

/// Runs `body` on a new thread with a stack of `size` bytes and returns its result: for
/// tests of what a secondary thread's smaller stack allows (512 KB is common).
public func onThread<R: Sendable>(stackSize size: Int, _ body: @escaping @Sendable () throws -> R) throws -> R {
    let box = ResultBox<R>()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
        box.result = Result { try body() }
        done.signal()
    }
    thread.stackSize = size
    thread.start()
    done.wait()
    return try box.result!.get()
}

/// The result of `onLargeStack`'s thread, read after the thread signals.
private final class ResultBox<R>: @unchecked Sendable {
    var result: Result<R, any Error>?
}
