/// A stream read and decoded by a task of its own, ahead of a loop that runs on an actor.
///
/// `for try await` in Swift 6 calls `next(isolation:)` with the loop's actor. Reading and
/// decoding on that actor would hold it (the main actor's UI, a service's other callers), and
/// leaving it for each batch and coming back costs two thread switches that the loop waits
/// for. So the first call starts a task that reads and decodes batch after batch, at most
/// `capacity` ahead of the loop, which takes each whole batch on its own actor: the loop waits
/// only when it has caught up, and then for one switch, while the task goes on with the
/// next batch. A batch from a few bytes (a line, or a value, from a source of single bytes)
/// joins the batch the loop has not taken yet, up to a chunk's worth of input: the loop then
/// pays one switch for all the values that arrived while it was woken, not one per value,
/// and none waits for a later one. A loop in a plain function (no actor) reads and decodes
/// in place and never starts one.
///
/// The loop owns this handle: when it ends early (a `break`, a thrown error, the iterator
/// dropped) the handle's end stops the task, and when the loop's task is cancelled the
/// reading task is too, so that a source that honours cancellation ends as it would in place.
final class ReadAhead<Element>: Sendable {
    private let channel: Channel
    private let task: Task<Void, Never>

    /// Starts reading the iterator handed over (the stream's own, its ready values already
    /// out) in a task of its own, on the global executor.
    init<Iterator: BatchIterator>(_ handedOver: HandedOver<Iterator>, capacity: Int = 2) where Iterator.Element == Element {
        channel = Channel(capacity: capacity)
        handedOver.channel = channel
        let reader: any ReadsAhead = handedOver  // the task's closure knows no generic type: one for any stream
        task = Task { await reader.read() }
    }

    deinit {
        channel.stop()
        task.cancel()
    }

    /// The batch the loop is done with, back to the task to be freed there: the values were
    /// made on its thread, and freed on the loop's they would contend for the allocator's
    /// lock with the task making the next ones.
    func giveBack(_ spent: [Element]) {
        channel.giveBack(spent)
    }

    /// The next batch, on the caller's actor: nil once the stream has ended; its error once
    /// every batch before it is out. Waits if the task has not finished it yet.
    func next(isolation actor: isolated (any Actor)?) async throws -> [Element]? {
        try await withTaskCancellationHandler {
            try await channel.take(isolation: actor)?.get()
        } onCancel: {
            task.cancel()
        }
    }
}

/// A stream iterator whose `next()` decodes values a batch at a time, ready to be handed out.
protocol BatchIterator: AsyncIteratorProtocol {
    /// Values decoded but not yet returned, in order, and the error that comes after them.
    var ready: ReadyValues<Element> { get set }
    /// Reads and decodes once a loop on an actor has asked for a batch.
    var ahead: ReadAhead<Element>? { get set }
    /// Bytes read from the source so far: what a batch's values were decoded from, which
    /// bounds the batches the read-ahead joins.
    var bytesRead: Int { get }
}

extension BatchIterator {
    /// The value `next()` just returned and the rest of its batch, without waiting: every
    /// value comes out of `ready`, so the batch is there whole.
    mutating func takeBatch() -> [Element] {
        ready.takeFromLast()
    }

    /// The next value for a `for try await` loop on `actor`: from the values ready, on the
    /// loop's actor; then, in a plain function, read and decoded in place; on an actor, from
    /// the task that reads ahead (started by the first call, given this iterator).
    mutating func next(readingAheadOf actor: isolated (any Actor)?) async throws -> Element? {
        if let value = try ready.next() { return value }
        if ahead == nil {
            guard actor != nil else {
                // No actor: in place. The box only carries the iterator (moved, not copied,
                // so that its buffers stay unshared) through the nonisolated call.
                let carried = HandedOver(consume self)
                let value = await carried.next()
                self = carried.iterator
                return try value.get()
            }
            ahead = ReadAhead(HandedOver(self))  // a copy, whose `ready` is empty; this one keeps only `ready` and `ahead` in use
        }
        guard let ahead else { return nil }
        ahead.giveBack(ready.takeSpent())  // a statement of its own: the loop keeps no reference while it waits
        guard let batch = try await ahead.next(isolation: actor) else { return nil }
        ready.set(batch)
        return try ready.next()
    }
}

extension ReadAhead {
    /// The batches between the reading task and the loop, behind one lock.
    fileprivate final class Channel: Sendable {
        private struct State {
            /// With the bytes of input each was decoded from.
            var batches: [(values: Result<[Element], any Error>, bytes: Int)] = []
            /// The reading task is done: after the batches, nothing more.
            var ended = false
            /// The loop is gone: the task stops at its next batch.
            var stopped = false
            /// Batches the loop is done with, for the task to free.
            var spent: [[Element]] = []
            var waitingLoop: UnsafeContinuation<Void, Never>?
            var waitingTask: UnsafeContinuation<Void, Never>?
        }

        private let state: Locked<State>
        private let capacity: Int
        /// The input that batches joined together may have been decoded from: a chunk's worth
        /// (`ByteChunks` gathers single bytes up to it), so that joining holds no more values
        /// than two batches of a chunk each would.
        private static var joinedBytes: Int { 64 * 1024 }

        init(capacity: Int) {
            state = Locked(State())
            self.capacity = capacity
        }

        /// Hands the loop a batch, decoded from `bytes` of input: joined to the last one
        /// waiting when both are small; waits while `capacity` batches wait for the loop.
        /// False once the loop is gone.
        func put(_ batch: Result<[Element], any Error>, bytes: Int) async -> Bool {
            var spent: [[Element]] = []
            let (loop, full) = state.withLock { state in
                swap(&spent, &state.spent)
                guard !state.stopped else { return (UnsafeContinuation<Void, Never>?.none, false) }
                if !Self.join(batch, bytes: bytes, to: &state.batches) { state.batches.append((batch, bytes)) }
                defer { state.waitingLoop = nil }
                return (state.waitingLoop, state.batches.count >= capacity)
            }
            loop?.resume()
            spent = []  // freed here, on the task's thread, after the loop goes on
            if full {
                // Safety: resumed exactly once: here if the loop caught up already, else by the loop, which takes `waitingTask` under the lock.
                await withUnsafeContinuation { (task: UnsafeContinuation<Void, Never>) in
                    let goOn = state.withLock { state in
                        guard !state.stopped, state.batches.count >= capacity else { return true }
                        state.waitingTask = task
                        return false
                    }
                    if goOn { task.resume() }
                }
            }
            return !state.withLock { $0.stopped }
        }

        /// Appends `batch`'s values to the last batch waiting, when both are values and their
        /// input together is within `joinedBytes`: false when it is not joined.
        private static func join(_ batch: Result<[Element], any Error>, bytes: Int,
                                 to batches: inout [(values: Result<[Element], any Error>, bytes: Int)]) -> Bool {
            guard case let .success(values) = batch, let last = batches.indices.last,
                  batches[last].bytes + bytes <= joinedBytes, case var .success(joined) = batches[last].values else { return false }
            batches[last].values = .success([])  // `joined` is then the array's only reference: appended in place
            joined.append(contentsOf: values)
            batches[last] = (.success(joined), batches[last].bytes + bytes)
            return true
        }

        /// Keeps a batch the loop is done with for the task to free, unless the task is done.
        func giveBack(_ batch: [Element]) {
            guard !batch.isEmpty else { return }
            let kept: [Element]? = state.withLock { state in
                guard !state.ended, !state.stopped, state.spent.count < 4 else { return batch }
                state.spent.append(batch)
                return nil
            }
            _ = kept  // freed here, outside the lock
        }

        /// The stream has no more batches.
        func end() {
            let loop = state.withLock { state in
                state.ended = true
                defer { state.waitingLoop = nil }
                return state.waitingLoop
            }
            loop?.resume()
        }

        /// The loop is gone: lets a waiting task go on, to find it stopped.
        func stop() {
            let task = state.withLock { state in
                state.stopped = true
                state.batches = []
                defer { state.waitingTask = nil }
                return state.waitingTask
            }
            task?.resume()
        }

        /// The oldest batch, on the caller's actor, waiting for one if need be; nil at the end.
        func take(isolation actor: isolated (any Actor)?) async -> Result<[Element], any Error>? {
            while true {
                let (batch, ended, task) = state.withLock { state in
                    guard !state.batches.isEmpty else { return (Result<[Element], any Error>?.none, state.ended, UnsafeContinuation<Void, Never>?.none) }
                    defer { state.waitingTask = nil }
                    return (state.batches.removeFirst().values, false, state.waitingTask)
                }
                task?.resume()
                if let batch { return batch }
                if ended { return nil }
                // Safety: resumed exactly once: here if a batch or the end came already, else by the task, which takes `waitingLoop` under the lock.
                await withUnsafeContinuation(isolation: actor) { (loop: UnsafeContinuation<Void, Never>) in
                    let goOn = state.withLock { state in
                        guard state.batches.isEmpty, !state.ended else { return true }
                        state.waitingLoop = loop
                        return false
                    }
                    if goOn { loop.resume() }
                }
            }
        }
    }
}

/// What the task that reads ahead runs.
private protocol ReadsAhead: Sendable {
    func read() async
}

/// A stream's iterator handed to code that runs off the loop's actor: the task that reads
/// ahead, which alone uses it from then on, or one `next()` that the loop awaits. Either
/// way one task at a time has it: what makes it `Sendable`.
final class HandedOver<Iterator: BatchIterator>: ReadsAhead, @unchecked Sendable {  // one task's at a time, as above
    private(set) var iterator: Iterator
    /// Where `read()` puts the batches.
    fileprivate var channel: ReadAhead<Iterator.Element>.Channel?

    init(_ iterator: consuming Iterator) {
        self.iterator = iterator
    }

    /// The iterator's `next()`, off any actor, in place.
    func next() async -> Result<Iterator.Element?, any Error> {
        do {
            return .success(try await iterator.next())
        } catch {
            return .failure(error)
        }
    }

    /// Reads and decodes batch after batch into the channel, until the stream ends, fails,
    /// or the loop is gone.
    fileprivate func read() async {
        guard let channel else { return }
        var bytesRead = iterator.bytesRead
        while true {
            let batch: Result<[Iterator.Element], any Error>
            do {
                guard try await iterator.next() != nil else { break }
                batch = .success(iterator.takeBatch())
            } catch {
                batch = .failure(error)
            }
            let bytes = iterator.bytesRead - bytesRead
            bytesRead = iterator.bytesRead
            guard await channel.put(batch, bytes: bytes), case .success = batch else { break }
        }
        channel.end()
    }
}
