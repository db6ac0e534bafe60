import CodableKit
import Foundation
import Testing

/// Streams looped on an actor — the main actor, as at the top level of `main.swift`, or an
/// actor of one's own — give what the same loop in a plain function gives, and without a
/// hop to another executor and back per value (which made a main-actor loop 50 to 90
/// times slower: `next(isolation:)` answers from the batch it has, on the caller's actor).
@Suite struct StreamIsolationTests {
    typealias Point = StreamTests.Point

    static let count = 30_000
    static let lines = Array((0 ..< count).map { #"{"x": \#($0), "label": "p\#($0)"}"# }.joined(separator: "\n").utf8)
    static let array = [UInt8(ascii: "[")] + Array((0 ..< count).map { #"{"x": \#($0), "label": "p\#($0)"}"# }.joined(separator: ",").utf8)
        + [UInt8(ascii: "]")]

    /// `bytes` in chunks of `size`.
    static func chunks(_ bytes: [UInt8], size: Int) -> AsyncStream<Data> {
        StreamTests.chunks(bytes, cuts: Array(stride(from: size, to: bytes.count, by: size)))
    }

    /// The loop on `actor` (nil: a plain function's), with its seconds.
    static func loop<S: AsyncSequence>(_ sequence: S, on actor: isolated (any Actor)?) async throws -> ([S.Element], Double) {
        let started = ContinuousClock.now
        var values: [S.Element] = []
        for try await value in sequence { values.append(value) }
        let elapsed = ContinuousClock.now - started
        return (values, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    actor Service {}

    @Test func loopsOnAnActorGiveWhatAPlainLoopGives() async throws {
        let expected = (0 ..< Self.count).map { Point(x: $0, label: "p\($0)") }
        let service = Service()
        for actor in [MainActor.shared as (any Actor)?, service, nil] {
            for size in [1 << 10, 64 << 10] {
                let (lines, _) = try await Self.loop(ModelDecoder().lines(of: Point.self, from: Self.chunks(Self.lines, size: size)), on: actor)
                #expect(lines == expected, "lines, chunks of \(size)")
                let (elements, _) = try await Self.loop(ModelDecoder().elements(of: Point.self, from: Self.chunks(Self.array, size: size)), on: actor)
                #expect(elements == expected, "elements, chunks of \(size)")
            }
            // Single bytes: read off the actor a batch at a time.
            let bytes = Array(Self.lines.prefix(20_000))
            let (single, _) = try await Self.loop(ModelDecoder().lines(of: Point.self, from: StreamTests.single(bytes)), on: actor)
            let (chunked, _) = try await Self.loop(ModelDecoder().lines(of: Point.self, from: Self.chunks(bytes, size: 4096)), on: nil)
            #expect(single == chunked && !single.isEmpty)
        }
    }

    /// Errors arrive where they arrive in a plain loop: the values before them first, then
    /// the error (strict mode, naming the line), then the stream has ended.
    @Test func errorsOnTheMainActorAsInAPlainLoop() async throws {
        let bytes = Array("{\"x\": 1, \"label\": \"a\"}\n{\"x\": \"two\", \"label\": \"b\"}\n{\"x\": 3, \"label\": \"c\"}".utf8)
        let strict = ModelDecoder(options: .init(mode: .strict))
        @MainActor func onMain() async -> ([Int], String?, Point?) {
            var iterator = strict.lines(of: Point.self, from: Self.chunks(bytes, size: 7)).makeAsyncIterator()
            var values: [Int] = []
            do {
                while let value = try await iterator.next(isolation: MainActor.shared) { values.append(value.x) }
                return (values, nil, nil)
            } catch {
                let after = try? await iterator.next(isolation: MainActor.shared)
                return (values, "\(error)", after ?? nil)
            }
        }
        let (values, error, after) = await onMain()
        #expect(values == [1])
        #expect(error?.contains("ine 2") == true, "\(error ?? "no error")")
        #expect(after == nil)
        // A source that fails: its error, after the values before it.
        let failing = AsyncThrowingStream<Data, any Error> { continuation in
            continuation.yield(Data("{\"x\": 1, \"label\": \"a\"}\n".utf8))
            continuation.finish(throwing: CancellationError())
        }
        await #expect(throws: CancellationError.self) {
            _ = try await Self.loop(ModelDecoder().lines(of: Point.self, from: failing), on: MainActor.shared)
        }
    }

    /// One hop per batch, not per value: a loop on an actor over 30,000 short lines comes
    /// back to the actor a few times per chunk, where it came back for every value (which,
    /// on the main actor, is a thread switch each: 50 to 90 times the plain loop's time).
    /// Counted by the actor's executor, so that the test needs no clock and no quiet machine.
    @Test func anActorLoopComesBackOncePerBatch() async throws {
        let executor = CountingExecutor()
        let service = CountedService(executor: executor)
        let (lines, _) = try await Self.loop(ModelDecoder().lines(of: Point.self, from: Self.chunks(Self.lines, size: 64 << 10)), on: service)
        let (elements, _) = try await Self.loop(ModelDecoder().elements(of: Point.self, from: Self.chunks(Self.array, size: 64 << 10)),
                                                on: service)
        #expect(lines.count == Self.count && elements.count == Self.count)
        let chunks = (Self.lines.count + Self.array.count) / (64 << 10) + 2
        #expect(executor.jobs.withLock { $0 } <= 4 * chunks + 10, "\(executor.jobs.withLock { $0 }) jobs for \(chunks) chunks")
    }
}

/// A serial executor that counts the jobs it is given: each is the actor taken up again.
final class CountingExecutor: SerialExecutor, @unchecked Sendable {  // `queue` orders the jobs; `jobs` is locked
    let jobs = Locked(0)
    private let queue = DispatchQueue(label: "CountingExecutor")

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.withLock { $0 += 1 }
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

/// An actor running on a `CountingExecutor`.
actor CountedService {
    let executor: CountingExecutor

    init(executor: CountingExecutor) {
        self.executor = executor
    }

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }
}
