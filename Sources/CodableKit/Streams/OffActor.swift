/// A stream's iterator taken off its caller's actor to read and decode a batch, and back.
///
/// `for try await` in Swift 6 calls `next(isolation:)` with the loop's actor. A stream's
/// iterator answers from the values it has ready there, on that actor, and leaves it only
/// for the next batch (a chunk's elements, the lines already here): one hop to another
/// executor and back per batch. Swift's default `next(isolation:)`, which calls `next()`,
/// hops for every value, and each hop is a thread switch: a loop on the main actor ran 50
/// to 90 times slower than the same loop in a plain function.
enum OffActor {
    /// `iterator.next()` off the caller's actor; the iterator comes back however it ends.
    static func next<Iterator: AsyncIteratorProtocol>(_ iterator: inout Iterator,
                                                      isolation _: isolated (any Actor)?) async throws -> Iterator.Element? {
        // Moved into the box, not copied: a copy left behind would share the iterator's
        // buffers, and the batch's first write to each would copy it whole.
        let carried = Carried(consume iterator)
        await carried.next()
        iterator = carried.iterator
        return try carried.result.get()
    }
}

/// An iterator carried between executors by the one task that owns it, with what its
/// `next()` gave: the task awaits it there and back, so nothing else can reach it in
/// between — what makes it `Sendable`.
private final class Carried<Iterator: AsyncIteratorProtocol>: @unchecked Sendable {  // one task's, handed over and awaited, never shared
    var iterator: Iterator
    var result: Result<Iterator.Element?, any Error> = .success(nil)

    init(_ iterator: consuming Iterator) {
        self.iterator = iterator
    }

    /// The iterator's `next()`, run off any actor (a nonisolated async method), in place.
    nonisolated func next() async {
        do {
            result = .success(try await iterator.next())
        } catch {
            result = .failure(error)
        }
    }
}
