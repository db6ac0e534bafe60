import CodableKit
import Foundation
import Testing

/// A value reaches the loop as soon as the bytes that complete it arrive, not once more
/// follow: a server's JSON Lines or array of events followed live is read event by event.
/// An array's element that ends with a closing brace, bracket or quote is complete there;
/// a number or a literal, which the next chunk may go on, waits for what follows it.
@Suite struct StreamLatencyTests {
    typealias Point = StreamTests.Point

    /// The next chunk is sent only once the loop has the value before it: a value held back
    /// until more bytes came would leave the loop waiting (until the stream is finished,
    /// after `ReadAheadTests.eventually`'s wait, so that a failure is reported, not a hang).
    @Test(arguments: ["lines", "elements", "elements at a path"], [true, false])
    func eachValueReachesTheLoopBeforeTheNextIsSent(_ kind: String, onMainActor: Bool) async throws {
        let (source, continuation) = AsyncStream<Data>.makeStream()
        func chunk(_ x: Int) -> String {
            let point = #"{"x": \#(x), "label": "p"}"#
            switch kind {
            case "lines": return point + "\n"
            case "elements": return (x == 0 ? "[" : ",\n") + point
            default: return (x == 0 ? #"{"page": 1, "data": {"items": ["# : ", ") + point
            }
        }
        let end = ["lines": "", "elements": "\n]", "elements at a path": "]}}"][kind]!
        continuation.yield(Data(chunk(0).utf8))
        let seen = Locked<[Int]>([])
        func answer<Values: AsyncSequence>(_ values: Values, on actor: isolated (any Actor)?) async throws where Values.Element == Point {
            for try await point in values {
                seen.withLock { $0.append(point.x) }
                continuation.yield(Data((point.x == 4 ? end : chunk(point.x + 1)).utf8))
                if point.x == 4 { continuation.finish() }
            }
        }
        let loop = Task {
            let actor: (any Actor)? = onMainActor ? MainActor.shared : nil
            switch kind {
            case "lines": try await answer(ModelDecoder().lines(of: Point.self, from: source), on: actor)
            case "elements": try await answer(ModelDecoder().elements(of: Point.self, from: source), on: actor)
            default: try await answer(ModelDecoder().elements(of: Point.self, from: source, designatedPath: "data.items"), on: actor)
            }
        }
        let allArrived = await ReadAheadTests.eventually(60) { seen.withLock { $0.count } == 5 }
        continuation.finish()
        let result = await loop.result
        #expect(allArrived && seen.withLock { $0 } == [0, 1, 2, 3, 4], "the loop got \(seen.withLock { $0 }) and waited for more")
        #expect((try? result.get()) != nil, "\(result)")
    }

    /// Chunks handed out one per `next()` call, counted.
    struct CountedChunks: AsyncSequence, Sendable {
        let chunks: [String]
        let asked = Locked(0)

        struct AsyncIterator: AsyncIteratorProtocol {
            let chunks: [String]
            let asked: Locked<Int>
            mutating func next() async -> Data? {
                let index = asked.withLock { asked in defer { asked += 1 }; return asked }
                return index < chunks.count ? Data(chunks[index].utf8) : nil
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(chunks: chunks, asked: asked) }
    }

    /// Objects, strings and nested arrays are complete at their closing byte: the first value
    /// comes from the first chunk alone. A number or a literal is not (the next chunk may
    /// hold more of it): its value needs the second chunk.
    @Test(arguments: [
        (#"[{"x": 1, "label": "a"}"#, 1), (#"["a"]"#, 1), (#"["a""#, 1), ("[[1, 2] ", 1), (#"[{"x": [1, "]"]}"#, 1),
        ("[1", 2), ("[12", 2), ("[tru", 2), ("[1 ", 2),
    ])
    func theChunksAFirstValueNeeds(_ first: String, _ needed: Int) async throws {
        let rest = first.hasSuffix("tru") ? "e]" : #", 2, "b", true, [3], {"x": 4}]"#
        let source = CountedChunks(chunks: [first, rest])
        var iterator = ModelDecoder().elements(of: JSONValue.self, from: source).makeAsyncIterator()
        let value = try await iterator.next()
        #expect(value != nil)
        #expect(source.asked.withLock { $0 } == needed, "\(first): \(source.asked.withLock { $0 }) chunks asked for")
    }

    /// A separator is still required after an element handed out at a chunk's end: what
    /// comes next must be a comma or the closing bracket, after any whitespace, or the
    /// bytes are not JSON — an error after the elements before it, in both modes, as the
    /// whole document is in memory.
    @Test func theSeparatorAfterAnElementHandedOutEarlyIsChecked() async throws {
        let good = [#"[{"x": 1, "label": "a"}"#, " \n", #", {"x": 2, "label": "b"}"#, "\t", "]"]
        let bad = [#"[{"x": 1, "label": "a"}"#, " \n", #"{"x": 2, "label": "b"}]"#]
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            let decoder = ModelDecoder(options: .init(mode: mode))
            let points = try await StreamTests.collect(decoder.elements(of: Point.self, from: CountedChunks(chunks: good)))
            #expect(points.map(\.x) == [1, 2])
            #expect(throws: DecodingError.self) { try decoder.decode([Point].self, from: Array(bad.joined().utf8)) }
            var seen: [Int] = []
            do {
                for try await point in decoder.elements(of: Point.self, from: CountedChunks(chunks: bad)) { seen.append(point.x) }
                Issue.record("no error, \(mode)")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(seen == [1])
                #expect(context.debugDescription.contains("expected ',' or ']' after element 0 of the array, found '{'"), "\(context.debugDescription)")
            }
        }
    }
}
