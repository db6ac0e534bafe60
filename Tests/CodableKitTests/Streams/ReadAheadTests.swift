import CodableKit
import Foundation
import Testing

/// A loop on an actor is handed batches that a task of its own reads and decodes ahead: the
/// task stays a few batches ahead, stops when the loop stops or its task is cancelled, and
/// lets the source go.
@Suite struct ReadAheadTests {
    typealias Point = StreamTests.Point

    /// An endless array of points, one chunk of `perChunk` elements per call (100 of 700
    /// bytes: 70 KB, more than the read-ahead joins): counts the chunks read, and notes when
    /// the source is let go.
    final class EndlessArray: Sendable {
        let chunksRead = Locked(0)
        let released = Locked(false)
        static let point = Point(x: 1, label: String(repeating: "p", count: 680))
        static let element = #"{"x": 1, "label": "\#(point.label)"},"#

        func chunks(perChunk: Int = 100) -> AsyncStream<Data> {
            let body = Data(String(repeating: Self.element, count: perChunk).utf8)
            let first = Data("[".utf8) + body
            let token = Token(released)
            return AsyncStream { [chunksRead] in
                _ = token  // kept as long as the stream's state lives
                return chunksRead.withLock { count in
                    count += 1
                    return count == 1 ? first : body
                }
            }
        }

        /// Sets `released` when the stream's closure, and so the stream, is let go.
        final class Token: Sendable {
            let released: Locked<Bool>
            init(_ released: Locked<Bool>) { self.released = released }
            deinit { released.withLock { $0 = true } }
        }
    }

    /// Waits up to `seconds` for `condition` (long: the whole suite runs at once, under the
    /// sanitizers in CI, and these tasks wait for a thread).
    static func eventually(_ seconds: Double = 300, _ condition: @Sendable () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition()
    }

    @MainActor static func firstValues(_ count: Int, of source: AsyncStream<Data>) async throws -> [Point] {
        var values: [Point] = []
        for try await point in ModelDecoder().elements(of: Point.self, from: source) {
            values.append(point)
            if values.count == count { break }
        }
        return values
    }

    /// A loop on the main actor that takes a few values and breaks: the reading task has
    /// read a few chunks ahead at most (not the endless source), stops, and lets it go.
    @Test func aLoopThatBreaksStopsTheReadingAndLetsTheSourceGo() async throws {
        let source = EndlessArray()
        let values = try await Self.firstValues(150, of: source.chunks())
        #expect(values.count == 150 && values.allSatisfy { $0 == EndlessArray.point })
        #expect(await Self.eventually { source.released.withLock { $0 } }, "the reading task still holds the source")
        let read = source.chunksRead.withLock { $0 }
        #expect(read <= 8, "\(read) chunks read for 2 chunks' values")
    }

    /// While the loop is busy with a batch, the reading task decodes two more and waits:
    /// memory stays a few chunks' worth, however long the source.
    @Test func theReadingWaitsForTheLoop() async throws {
        let source = EndlessArray()
        @MainActor func busyLoop() async throws -> (Int, Int) {
            var iterator = ModelDecoder().elements(of: Point.self, from: source.chunks()).makeAsyncIterator()
            _ = try await iterator.next(isolation: MainActor.shared)  // the first chunk's 100 values are here
            _ = await Self.eventually { source.chunksRead.withLock { $0 } >= 3 }
            let ahead = source.chunksRead.withLock { $0 }
            try await Task.sleep(for: .milliseconds(200))
            return (ahead, source.chunksRead.withLock { $0 })
        }
        let (ahead, later) = try await busyLoop()
        #expect(ahead == 3 && later == 3, "\(ahead), then \(later) chunks read while the loop held the first")
        #expect(await Self.eventually { source.released.withLock { $0 } })
    }

    /// Small chunks' batches (a source of single bytes hands on each line or element) join
    /// the batch the loop has not taken yet, up to 64 KB of input each: a busy loop is read
    /// ahead by two such batches, not two chunks, and the reading then waits as before.
    @Test func smallBatchesJoinUpToAChunksWorth() async throws {
        let source = EndlessArray()
        let perChunk = 3, chunkBytes = perChunk * EndlessArray.element.utf8.count  // 2.1 KB
        @MainActor func busyLoop() async throws -> (Int, Int) {
            var iterator = ModelDecoder().elements(of: Point.self, from: source.chunks(perChunk: perChunk)).makeAsyncIterator()
            _ = try await iterator.next(isolation: MainActor.shared)
            var ahead = 0
            let deadline = ContinuousClock.now + .seconds(300)
            while ContinuousClock.now < deadline {  // until no chunk is read for 300 ms
                try await Task.sleep(for: .milliseconds(300))
                let now = source.chunksRead.withLock { $0 }
                if now == ahead { break }
                ahead = now
            }
            try await Task.sleep(for: .milliseconds(200))
            return (ahead, source.chunksRead.withLock { $0 })
        }
        let (ahead, later) = try await busyLoop()
        let joinedMost = 2 * (64 * 1024 / chunkBytes) + 3  // two joined batches, the loop's chunk, one in progress
        #expect(ahead > 3 && ahead <= joinedMost && later == ahead,
                "\(ahead), then \(later) chunks of \(chunkBytes) bytes read while the loop held the first")
    }

    /// Cancelling the loop's task reaches the reading task, and through it a source that
    /// honours cancellation: a loop waiting on a quiet stream ends, as it does in place.
    @Test func cancellingTheLoopsTaskEndsIt() async throws {
        let (quiet, continuation) = AsyncStream<Data>.makeStream()
        continuation.yield(Data("{\"x\": 1, \"label\": \"a\"}\n".utf8))  // one line, then nothing, never finished
        let received = Locked(0)
        let loop = Task { @MainActor in
            for try await _ in ModelDecoder().lines(of: Point.self, from: quiet) { received.withLock { $0 += 1 } }
        }
        #expect(await Self.eventually { received.withLock { $0 } == 1 })
        loop.cancel()
        let ended = Locked(false)
        Task { _ = await loop.result; ended.withLock { $0 = true } }
        #expect(await Self.eventually { ended.withLock { $0 } }, "the loop still waits after its task was cancelled")
        continuation.finish()
    }

    /// An element that notes whether it is freed on the main queue (the main actor's executor).
    final class Noted: Decodable {
        static let freedOnMain = Locked(0)
        static let freedElsewhere = Locked(0)
        static let mainQueue = DispatchSpecificKey<Bool>()
        let x: Int
        deinit {
            let onMain = DispatchQueue.getSpecific(key: Self.mainQueue) == true
            (onMain ? Self.freedOnMain : Self.freedElsewhere).withLock { $0 += 1 }
        }
    }

    /// The batches a loop on the main actor is done with go back to the reading task, which
    /// made their values and frees them on its own thread (freed on the loop's, they contend
    /// for the allocator with the values being made).
    @Test func spentBatchesAreFreedByTheReadingTask() async throws {
        let source = EndlessArray()
        DispatchQueue.main.setSpecific(key: Noted.mainQueue, value: true)
        @MainActor func loop() async throws -> Int {
            #expect(DispatchQueue.getSpecific(key: Noted.mainQueue) == true)
            var count = 0
            for try await _ in ModelDecoder().elements(of: Noted.self, from: source.chunks()) {
                count += 1
                if count == 3_000 { break }
            }
            return count
        }
        #expect(try await loop() == 3_000)
        #expect(await Self.eventually { Self.Noted.freedOnMain.withLock { $0 } + Self.Noted.freedElsewhere.withLock { $0 } >= 3_000 })
        let (onMain, elsewhere) = (Self.Noted.freedOnMain.withLock { $0 }, Self.Noted.freedElsewhere.withLock { $0 })
        #expect(onMain <= 400 && elsewhere >= 2_600, "\(onMain) freed on the main thread, \(elsewhere) elsewhere")
    }

    /// Values, repaired or not, and the error that ends them arrive as in a
    /// plain loop, with the reading task ahead of an actor's loop.
    @Test func valuesAndErrorsInOrderOnAnActor() async throws {
        let text = (0 ..< 3_000).map { $0 % 7 == 3 ? #"{"x": "\#($0)", "label": "p"}"# : #"{"x": \#($0), "label": "p"}"# }
            .joined(separator: "\n") + "\nnot json"
        let strict = ModelDecoder(options: .init(mode: .strict))
        func collect(_ decoder: ModelDecoder, on actor: isolated (any Actor)?) async -> ([Int], String?) {
            var values: [Int] = []
            do {
                for try await point in decoder.lines(of: Point.self, from: StreamIsolationTests.chunks(Array(text.utf8), size: 512)) {
                    values.append(point.x)
                }
                return (values, nil)
            } catch {
                return (values, "\(error)")
            }
        }
        func onMain(_ decoder: ModelDecoder) async -> ([Int], String?) { await collect(decoder, on: MainActor.shared) }
        func plain(_ decoder: ModelDecoder) async -> ([Int], String?) { await collect(decoder, on: nil) }
        let (mainTolerant, plainTolerant) = (await onMain(ModelDecoder()), await plain(ModelDecoder()))
        #expect(mainTolerant.0 == Array(0 ..< 3_000) && mainTolerant.1 == nil)
        #expect(mainTolerant.0 == plainTolerant.0)
        let (mainStrict, plainStrict) = (await onMain(strict), await plain(strict))
        #expect(mainStrict.0 == Array(0 ..< 3))
        #expect(mainStrict.0 == plainStrict.0 && mainStrict.1 == plainStrict.1 && mainStrict.1?.contains("Line 4") == true,
                "\(mainStrict.1 ?? "no error")")
    }
}
