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
        let values: any AsyncSequence<Point, any Error> & Sendable = switch kind {
        case "lines": ModelDecoder().lines(of: Point.self, from: source)
        case "elements": ModelDecoder().elements(of: Point.self, from: source)
        default: ModelDecoder().elements(of: Point.self, from: source, designatedPath: "data.items")
        }
        try await Self.eachValueReachesTheLoop(kind, onMainActor: onMainActor, values: values,
                                               send: { continuation.yield($0) }, finish: { continuation.finish() })
    }

    /// The same from a source of single bytes (as `URLSession.AsyncBytes`), which is read
    /// up to a line's end or an element's, not 64 KB at a time.
    @Test(arguments: ["lines", "elements", "elements at a path"], [true, false])
    func eachValueOfSingleBytesReachesTheLoopBeforeTheNextIsSent(_ kind: String, onMainActor: Bool) async throws {
        let (source, continuation) = AsyncStream<UInt8>.makeStream()
        let values: any AsyncSequence<Point, any Error> & Sendable = switch kind {
        case "lines": ModelDecoder().lines(of: Point.self, from: source)
        case "elements": ModelDecoder().elements(of: Point.self, from: source)
        default: ModelDecoder().elements(of: Point.self, from: source, designatedPath: "data.items")
        }
        try await Self.eachValueReachesTheLoop(kind, onMainActor: onMainActor, values: values,
                                               send: { for byte in $0 { continuation.yield(byte) } }, finish: { continuation.finish() })
    }

    static func eachValueReachesTheLoop(_ kind: String, onMainActor: Bool, values: any AsyncSequence<Point, any Error> & Sendable,
                                        send: @escaping @Sendable (Data) -> Void, finish: @escaping @Sendable () -> Void) async throws {
        func chunk(_ x: Int) -> String {
            let point = #"{"x": \#(x), "label": "p"}"#
            switch kind {
            case "lines": return point + "\n"
            case "elements": return (x == 0 ? "[" : ",\n") + point
            default: return (x == 0 ? #"{"page": 1, "data": {"items": ["# : ", ") + point
            }
        }
        let end = ["lines": "", "elements": "\n]", "elements at a path": "]}}"][kind]!
        send(Data(chunk(0).utf8))
        let seen = Locked<[Int]>([])
        func answer(on actor: isolated (any Actor)?) async throws {
            for try await point in values {
                seen.withLock { $0.append(point.x) }
                send(Data((point.x == 4 ? end : chunk(point.x + 1)).utf8))
                if point.x == 4 { finish() }
            }
        }
        let loop = Task { try await answer(on: onMainActor ? MainActor.shared : nil) }
        let allArrived = await ReadAheadTests.eventually(120) { seen.withLock { $0.count } == 5 }
        finish()
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

    /// Bytes handed out one per `next()` call, counted.
    struct CountedBytes: AsyncSequence, Sendable {
        let bytes: [UInt8]
        let asked = Locked(0)

        struct AsyncIterator: AsyncIteratorProtocol {
            let bytes: [UInt8]
            let asked: Locked<Int>
            mutating func next() async -> UInt8? {
                let index = asked.withLock { asked in defer { asked += 1 }; return asked }
                return index < bytes.count ? bytes[index] : nil
            }
        }

        func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes, asked: asked) }
    }

    /// From a source of single bytes the same: the first value comes before any byte after
    /// its closing one is asked for, at the top level and at a designated path; a number or a
    /// literal needs the byte after it.
    @Test(arguments: [
        (#"[{"x": 1, "label": "a"}"#, true), (#"["a"]"#, true), (#"["a""#, true), ("[[1, 2] ", true),
        (#"[{"x": [1, "]"]}"#, true), (#"["\"]""#, true), ("[1", false), ("[12", false), ("[tru", false), ("[1 ", false),
    ], [false, true])
    func theBytesAFirstValueNeeds(_ example: (first: String, completeAtItsEnd: Bool), atAPath: Bool) async throws {
        let (first, completeAtItsEnd) = example
        let rest = first.hasSuffix("tru") ? "e]" : #", 2, "b", true, [3], {"x": 4}]"#
        let (prefix, suffix) = atAPath ? (#"{"a": {"b": ["[]", {"c": 1}], "d": ["#, "}}") : ("[", "")
        let text = prefix + first.dropFirst() + rest + suffix
        let source = CountedBytes(bytes: Array(text.utf8))
        var iterator = ModelDecoder().elements(of: JSONValue.self, from: source, designatedPath: atAPath ? "a.d" : nil).makeAsyncIterator()
        let value = try await iterator.next()
        let firstEnd = (prefix + first.dropFirst()).utf8.count
        let asked = source.asked.withLock { $0 }
        #expect(value != nil)
        #expect(completeAtItsEnd ? asked <= firstEnd : asked > firstEnd, "\(first): \(asked) bytes asked for, \(firstEnd) in the first part")
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
