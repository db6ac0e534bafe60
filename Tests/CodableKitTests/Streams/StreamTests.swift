import Foundation
import Testing
@testable import CodableKit

/// JSON Lines, array elements and partial documents, each compared with decoding the whole
/// input at once (and with `JSONDecoder`, line by line and element by element), with the
/// bytes cut into chunks at every offset.
@Suite struct StreamTests {
    struct Point: Codable, Equatable { var x: Int; var label: String }
    struct Model: CodableModel, Equatable { var x = 0; var label = "none"; var tags: [String] = [] }

    /// `bytes` as chunks cut at `cuts`, as `Data`.
    static func chunks(_ bytes: [UInt8], cuts: [Int]) -> AsyncStream<Data> {
        AsyncStream { continuation in
            var start = 0
            for cut in cuts.sorted() + [bytes.count] where cut >= start {
                continuation.yield(Data(bytes[start ..< cut]))
                start = cut
            }
            continuation.finish()
        }
    }

    static func single(_ bytes: [UInt8]) -> AsyncStream<UInt8> {
        AsyncStream { continuation in
            for byte in bytes { continuation.yield(byte) }
            continuation.finish()
        }
    }

    static func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
        var values: [S.Element] = []
        for try await value in sequence { values.append(value) }
        return values
    }

    // MARK: JSON Lines

    static let lines = "{\"x\": 1, \"label\": \"a\"}\n\n{\"x\": 2, \"label\": \"caf\u{e9} \\u00e9\"}\r\n   \n{\"x\": 3, \"label\": \"\u{1F600}\"}"

    @Test func linesAtEveryChunkBoundaryAsLineByLine() async throws {
        let bytes = Array(Self.lines.utf8)
        let expected = try Self.lines.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            .filter { !$0.isEmpty }.map { try JSONDecoder().decode(Point.self, from: Data($0.utf8)) }
        #expect(expected.map(\.x) == [1, 2, 3])
        for cut in 0 ... bytes.count {
            let values = try await Self.collect(ModelDecoder().lines(of: Point.self, from: Self.chunks(bytes, cuts: [cut])))
            #expect(values == expected, "cut at \(cut)")
        }
        #expect(try await Self.collect(ModelDecoder().lines(of: Point.self, from: Self.single(bytes))) == expected)
        let pairs = try await Self.collect(ModelDecoder().lines(of: Point.self, from: Self.chunks(bytes, cuts: Array(stride(from: 0, to: bytes.count, by: 2)))))
        #expect(pairs == expected)
    }

    /// Invalid UTF-8 (a broken pair, a sequence cut short), with the chunks cut at every byte:
    /// the same as decoding each line, or the whole array, at once.
    @Test func invalidUTF8AtEveryChunkBoundaryAsAtOnce() async throws {
        let bad: [[UInt8]] = [[0xC3, 0x28], [0xF0, 0x9F, 0x98], [0xFF]]
        var lines = Array(#"{"x": 1, "label": "a"}"#.utf8) + [0x0A]
        for (index, bytes) in bad.enumerated() { lines += Array(#"{"x": \#(index + 2), "label": "b"#.utf8) + bytes + Array(#""}"#.utf8) + [0x0A] }
        lines += Array(#"{"x": 9, "label": "d"}"#.utf8)
        let lineByLine = lines.split(separator: 0x0A).compactMap { try? ModelDecoder().decode(Point.self, from: Array($0)) }
        #expect(lineByLine.map(\.x) == [1, 9])
        for cut in 0 ... lines.count {
            #expect(try await Self.collect(ModelDecoder().lines(of: Point.self, from: Self.chunks(lines, cuts: [cut]))) == lineByLine, "cut at \(cut)")
        }
        let array = Array(#"[{"x": 1, "label": "a"}, {"x": 2, "label": "b"#.utf8) + [0xF0, 0x9F, 0x98] + Array(#""}, {"x": 3, "label": "c"}]"#.utf8)
        #expect(throws: DecodingError.self) { try ModelDecoder().decode([Point].self, from: array) }
        for cut in 0 ... array.count {
            var seen: [Int] = []
            await #expect(throws: DecodingError.self, "cut at \(cut)") {
                for try await point in ModelDecoder().elements(of: Point.self, from: Self.chunks(array, cuts: [cut])) { seen.append(point.x) }
            }
            #expect(seen == [1], "cut at \(cut)")
        }
    }

    @Test func strictLinesThrowNamingTheLine() async throws {
        let text = "{\"x\": 1, \"label\": \"a\"}\n{\"x\": \"two\", \"label\": \"b\"}\n{\"x\": 3, \"label\": \"c\"}\n"
        let decoder = ModelDecoder(options: .init(mode: .strict))
        var seen: [Int] = []
        do {
            for try await point in decoder.lines(of: Point.self, from: Self.chunks(Array(text.utf8), cuts: [10])) { seen.append(point.x) }
            Issue.record("no error")
        } catch let error as DecodingError {
            #expect(seen == [1])
            #expect("\(error)".contains("Line 2:"), "\(error)")
            let foundation = #expect(throws: DecodingError.self) { try JSONDecoder().decode(Point.self, from: Data(#"{"x": "two", "label": "b"}"#.utf8)) }
            #expect(DropInTests.describe(error) == foundation.map(DropInTests.describe))
        }
        let notJSON = "{\"x\": 1, \"label\": \"a\"}\n{\"x\": 2,\n"
        await #expect(throws: DecodingError.self) { try await Self.collect(decoder.lines(of: Point.self, from: Self.single(Array(notJSON.utf8)))) }
    }

    @Test func tolerantLinesRepairAndSkip() async throws {
        let text = "{\"x\": \"1\"}\nnot json\n{\"label\": \"b\", \"x\": 2}\n[1, 2]\n"
        // "[1, 2]" is not a Model: left out (recorded), as a whole document of it is an error.
        let values = try await Self.collect(ModelDecoder().lines(of: Model.self, from: Self.chunks(Array(text.utf8), cuts: [3, 17])))
        #expect(values == [Model(x: 1), Model(x: 2, label: "b")])
        #expect(throws: DecodingError.self) { try ModelDecoder().decode(Model.self, from: Data("[1, 2]".utf8)) }
        // A Point has no value to fall back on: its lines that are not one are left out.
        let points = "{\"x\": 1, \"label\": \"a\"}\n[1, 2]\n\"junk\"\n{\"x\": \"2\", \"label\": \"b\"}\n"
        #expect(try await Self.collect(ModelDecoder().lines(of: Point.self, from: Self.single(Array(points.utf8)))).map(\.x) == [1, 2])
    }

    @Test func aLineOverTheLimitIsAnErrorNamingIt() async throws {
        let text = "{\"x\": 1, \"label\": \"a\"}\n{\"x\": 2, \"label\": \"" + String(repeating: "y", count: 200) + "\"}\n"
        do {
            _ = try await Self.collect(ModelDecoder().lines(of: Point.self, from: Self.chunks(Array(text.utf8), cuts: [30, 60]), maxLineLength: 100))
            Issue.record("no error")
        } catch {
            #expect("\(error)".contains("Line 2 is longer than the limit of 100 bytes"), "\(error)")
        }
    }

    @Test func encodeLinesRoundTrips() async throws {
        let points = [Point(x: 1, label: "a\nb"), Point(x: 2, label: "")]
        let encoder = ModelEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let data = try encoder.encodeLines(points)
        #expect(String(decoding: data, as: UTF8.self) == "{\"label\":\"a\\nb\",\"x\":1}\n{\"label\":\"\",\"x\":2}\n")
        #expect(try await Self.collect(ModelDecoder().lines(of: Point.self, from: Self.chunks([UInt8](data), cuts: [7]))) == points)
    }

    // MARK: Array elements

    static let feed = #"{"meta": {"n": [1, 2]}, "data": {"skip": [{"x": 9, "label": "no"}], "items": [{"x": 1, "label": "a,]}"}, {"x": 2, "label": "b"} ,{"x": 3, "label": "\"c\""}], "after": 1}}"#

    @Test func elementsAtEveryChunkBoundaryAsTheWholeArray() async throws {
        struct Feed: Decodable { struct Data: Decodable { var items: [Point] }; var data: Data }
        let bytes = Array(Self.feed.utf8)
        let expected = try JSONDecoder().decode(Feed.self, from: Foundation.Data(bytes)).data.items
        for cut in 0 ... bytes.count {
            let values = try await Self.collect(ModelDecoder().elements(of: Point.self, from: Self.chunks(bytes, cuts: [cut]), designatedPath: "data.items"))
            #expect(values == expected, "cut at \(cut)")
        }
        let top = Array("[3, -4.5e1 ,[5], \"x\"]".utf8)
        for cut in 0 ... top.count {
            #expect(try await Self.collect(ModelDecoder().elements(of: JSONValue.self, from: Self.chunks(top, cuts: [cut])))
                == [.int(3), .double(-45), .array([.int(5)]), .string("x")])
        }
        #expect(try await Self.collect(ModelDecoder().elements(of: Int.self, from: Self.single(Array("[1,2]".utf8)))) == [1, 2])
    }

    @Test func elementsTolerantDropsStrictThrowsWithThePath() async throws {
        let bytes = Array(#"[{"x": 1, "label": "a"}, "junk", {"x": 3, "label": "c"}]"#.utf8)
        let tolerant = try await Self.collect(ModelDecoder().elements(of: Point.self, from: Self.chunks(bytes, cuts: [20])))
        #expect(tolerant.map(\.x) == [1, 3])
        #expect(try ModelDecoder().decode([Point].self, from: bytes).map(\.x) == [1, 3])  // as in memory
        do {
            _ = try await Self.collect(ModelDecoder(options: .init(mode: .strict)).elements(of: Point.self, from: Self.chunks(bytes, cuts: [20])))
            Issue.record("no error")
        } catch let error as DecodingError {
            let foundation = #expect(throws: DecodingError.self) { try JSONDecoder().decode([Point].self, from: Data(bytes)) }
            #expect(DropInTests.describe(error) == foundation.map(DropInTests.describe))
        }
    }

    @Test func elementsOfATruncatedStreamComeBeforeTheError() async throws {
        let bytes = Array(#"[{"x": 1, "label": "a"}, {"x": 2, "lab"#.utf8)
        var seen: [Int] = []
        await #expect(throws: DecodingError.self) {
            for try await point in ModelDecoder().elements(of: Point.self, from: Self.chunks(bytes, cuts: [5])) { seen.append(point.x) }
        }
        #expect(seen == [1])
    }

    @Test func strictElementsBeforeTheBadOneInTheSameChunkStillCome() async throws {
        let bytes = Array(#"[{"x": 1, "label": "a"}, {"x": 2, "label": "b"}, {"x": "three", "label": "c"}, {"x": 4, "label": "d"}]"#.utf8)
        let strict = ModelDecoder(options: .init(mode: .strict))
        for cut in [0, 30, bytes.count] {  // the bad element in the first chunk with all, some or none of the good ones
            var seen: [Int] = []
            do {
                for try await point in strict.elements(of: Point.self, from: Self.chunks(bytes, cuts: [cut])) { seen.append(point.x) }
                Issue.record("no error")
            } catch let error as DecodingError {
                #expect(seen == [1, 2], "cut at \(cut)")
                #expect(DropInTests.describe(error).hasPrefix("typeMismatch at Index 2.x"), "\(DropInTests.describe(error))")
            }
        }
        // Bytes that are not JSON inside the array: the elements before them, then the error, in either mode.
        let broken = Array("[1, 2, tru, 4]".utf8)
        var seen: [Int] = []
        await #expect(throws: DecodingError.self) {
            for try await n in ModelDecoder().elements(of: Int.self, from: Self.chunks(broken, cuts: [])) { seen.append(n) }
        }
        #expect(seen == [1, 2])
    }

    /// A value that is not an array where the elements should be is an error in both modes, as
    /// the wrong root is in memory (issue 57: an empty result was taken for the payload's).
    @Test func elementsOfAValueThatIsNotAnArrayAreAnErrorAsInMemory() async throws {
        for text in [#"{"a": 1}"#, "42", "null", #""s""#, "true "] {
            let bytes = Array(text.utf8)
            #expect(throws: DecodingError.self) { try ModelDecoder().decode([Int].self, from: bytes) }
            for cut in 0 ... bytes.count {
                await #expect(throws: DecodingError.self, "\(text) cut at \(cut)") {
                    try await Self.collect(ModelDecoder().elements(of: Int.self, from: Self.chunks(bytes, cuts: [cut])))
                }
            }
            await #expect(throws: DecodingError.self) {
                try await Self.collect(ModelDecoder(options: .init(mode: .strict)).elements(of: Int.self, from: Self.chunks(bytes, cuts: [])))
            }
        }
        let atPath = Array(#"{"data": {"other": [1], "items": {"x": [2]}, "after": [3]}}"#.utf8)
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            for cut in [0, 9, atPath.count] {
                do {
                    _ = try await Self.collect(ModelDecoder(options: .init(mode: mode)).elements(of: Int.self, from: Self.chunks(atPath, cuts: [cut]),
                                                                                              designatedPath: "data.items"))
                    Issue.record("no error, \(mode), cut at \(cut)")
                } catch let error as DecodingError {
                    #expect(DropInTests.describe(error).hasPrefix("typeMismatch at data.items"), "\(DropInTests.describe(error))")
                }
            }
        }
        // A path that is not there at all stays an error, as a missing designated path is in memory.
        await #expect(throws: DecodingError.self) {
            try await Self.collect(ModelDecoder().elements(of: Int.self, from: Self.chunks(atPath, cuts: []), designatedPath: "data.missing"))
        }
    }

    /// The nesting limit and the stack guard apply to each element and each line on its own:
    /// too deep is an error after the values before it, never a crash, on the
    /// concurrency pool's threads too.
    final class Link: Decodable { let next: Link? }

    @Test func nestingLimitsApplyPerElementAndPerLine() async throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)  // past the default limit of 512
        let array = Array("[1, 2, \(deep), 4]".utf8)
        for decoder in [ModelDecoder(), ModelDecoder(options: .init(mode: .strict))] {
            var seen: [JSONValue] = []
            do {
                for try await value in decoder.elements(of: JSONValue.self, from: Self.chunks(array, cuts: [3, 300])) { seen.append(value) }
                Issue.record("no error")
            } catch let error as DecodingError {
                #expect(seen == [.int(1), .int(2)])
                #expect("\(error)".contains("512"), "\(error)")
            }
        }
        let lines = Array("1\n\(deep)\n3\n".utf8)
        #expect(try await Self.collect(ModelDecoder().lines(of: JSONValue.self, from: Self.chunks(lines, cuts: [100]))) == [.int(1), .int(3)])
        await #expect(throws: DecodingError.self) {
            try await Self.collect(ModelDecoder(options: .init(mode: .strict)).lines(of: JSONValue.self, from: Self.chunks(lines, cuts: [100])))
        }
        // With the limit lifted, the stack guard stops what the thread's stack cannot hold.
        var options = DecodingOptions()
        options.maxDepth = 10_000_000
        let deeper = Array(("[{\"next\": null}, " + String(repeating: "{\"next\": ", count: 200_000) + "null" + String(repeating: "}", count: 200_000) + "]").utf8)
        var count = 0
        do {
            for try await _ in ModelDecoder(options: options).elements(of: Link.self, from: Self.chunks(deeper, cuts: [4096])) { count += 1 }
            Issue.record("no error")
        } catch let error as DecodingError {
            #expect("\(error)".contains("Nesting too deep for this thread's stack"), "\(error)")
        }
        #expect(count == 1)
    }

    /// Swift 6 code hands a stream to another task: the sequences are Sendable when their
    /// bytes are.
    @Test func aStreamMadeInOneTaskIsReadInAnother() async throws {
        let lines = ModelDecoder().lines(of: Point.self, from: Self.chunks(Array(Self.lines.utf8), cuts: [9]))
        let elements = ModelDecoder().elements(of: Int.self, from: Self.chunks(Array("[1, 2, 3]".utf8), cuts: [2]))
        func shared<S: Sendable>(_ value: S) -> S { value }  // kept by more than one task, not only sent
        let counted = Task.detached { try await (Self.collect(shared(lines)).count, Self.collect(shared(elements))) }
        let (count, numbers) = try await counted.value
        #expect(count == 3 && numbers == [1, 2, 3])
    }

    // MARK: Partial documents

    @Test func everyPrefixDecodesToWhatIsComplete() throws {
        let text = #"{"x": 12345, "label": "caf\u00e9 done", "tags": ["one", "two", "three"]}"#
        let bytes = Array(text.utf8)
        let whole = try ModelDecoder().decode(Model.self, from: bytes)
        var previousTags = 0
        for cut in 1 ... bytes.count {
            let prefix = Data(bytes[..<cut])
            guard let (value, report) = try? ModelDecoder().decodePartial(Model.self, from: prefix) else {
                Issue.record("prefix of \(cut) bytes threw")
                continue
            }
            if cut == bytes.count {
                #expect(value == whole && report.isClean)
                continue
            }
            #expect(report.endedEarly == "line 1, column \(cut + 1)", "\(cut)")
            #expect(value.x == 0 || value.x == 12345, "a number cut short is never read: \(value.x) at \(cut)")
            #expect(value.label == "none" || value.label == "café done", "a string cut short is left out: \(value.label)")
            #expect(value.tags.count >= previousTags && whole.tags.starts(with: value.tags))
            previousTags = value.tags.count
        }
        #expect(throws: DecodingError.self) { try ModelDecoder().decodePartial(Int.self, from: Data("12".utf8)) }
        #expect(try ModelDecoder().decodePartial([Bool].self, from: Data("[true, tr".utf8)).value == [true])
        #expect(try ModelDecoder().decodePartial(Bool.self, from: Data("true".utf8)).value == true)
    }

    // MARK: Partial strings

    struct Reply: CodableModel, PartialStringDecodable, Equatable {
        struct Delta: CodableModel, Equatable { var content = ""; var index = 0 }
        var title = "none"
        var count = 0
        var note: String?
        var delta = Delta()
        var tags: [String] = []
        var link: URL?
    }

    /// A model that opts in gets each string cut short as far as it arrived, at every
    /// byte, escapes and multi-byte characters included; nothing else is read short.
    @Test func partialStringsGrowWithEachByteWhenTheModelOptsIn() throws {
        let text = #"{"title": "Hi \u00e9 \ud83d\ude00 \"q\" 😀 é done", "count": 12345, "note": "a note", "link": "https://example.com/path", "#
            + #""delta": {"index": 7, "content": "Once upon a time"}, "tags": ["first", "second"]}"#
        let bytes = Array(text.utf8)
        let whole = try ModelDecoder().decode(Reply.self, from: bytes)
        #expect(whole.title == "Hi é 😀 \"q\" 😀 é done")
        var previous = Reply()
        for cut in 1 ..< bytes.count {
            let (value, report) = try ModelDecoder().decodePartial(Reply.self, from: Data(bytes[..<cut]))
            #expect(report.endedEarly != nil)
            for (part, full, before) in [(value.title, whole.title, previous.title), (value.note ?? "", whole.note!, previous.note ?? ""),
                                         (value.delta.content, whole.delta.content, previous.delta.content)] where part != "none" {
                #expect(full.unicodeScalars.starts(with: part.unicodeScalars), "\(part.debugDescription) at \(cut)")
                #expect(part.unicodeScalars.count >= before.unicodeScalars.count || before == "none", "shrank at \(cut)")
            }
            #expect(value.count == 0 || value.count == 12345, "\(value.count) at \(cut)")
            #expect(value.link == nil || value.link == whole.link, "a URL is not read short: \(String(describing: value.link)) at \(cut)")
            #expect(whole.tags.starts(with: value.tags), "an element is not read short: \(value.tags) at \(cut)")
            #expect(value.delta.index == 0 || value.delta.index == 7)
            previous = value
        }
        let cutInsideText = Data(#"{"title": "Hi", "delta": {"content": "Once up"#.utf8)
        #expect(try ModelDecoder().decodePartial(Reply.self, from: cutInsideText).value.delta.content == "Once up")
        struct Line: Decodable, PartialStringDecodable { var text: String }  // strict mode, as JSONDecoder would read the prefix
        #expect(try ModelDecoder(options: .init(mode: .strict)).decodePartial(Line.self, from: Data(#"{"text": "Hel"#.utf8)).value.text == "Hel")
        // An escape the cut split waits for the rest.
        #expect(try ModelDecoder().decodePartial(Reply.self, from: Data(#"{"title": "a\u00"#.utf8)).value.title == "a")
        #expect(try ModelDecoder().decodePartial(Reply.self, from: Data(#"{"title": "a\ud83d"#.utf8)).value.title == "a")
        #expect(try ModelDecoder().decodePartial(Reply.self, from: Data(#"{"title": "a\"#.utf8)).value.title == "a")
        #expect(try ModelDecoder().decodePartial(Reply.self, from: Data([UInt8](#"{"title": "a"#.utf8) + [0xF0, 0x9F])).value.title == "a")
        // Text that is not valid string content is left out, as without the conformance.
        #expect(try ModelDecoder().decodePartial(Reply.self, from: Data([UInt8](#"{"title": "a"#.utf8) + [0xFF, 0x41])).value.title == "none")
    }

    /// The cut string is known by its node and its document: a document made from JSON in a
    /// string has node numbers of its own, and its nulls stay nulls.
    @Test func aPartialStringIsKnownByItsDocumentToo() throws {
        struct Inner: CodableModel, Equatable { var a = "x"; var b = "y" }
        struct Outer: CodableModel, PartialStringDecodable { var inner = Inner(); var text = "" }
        // The outer document's cut member is its node 4; so is the inner document's second null.
        let (value, _) = try ModelDecoder().decodePartial(Outer.self, from: Data(#"{"inner": "{\"a\": null, \"b\": null}", "text": "abc"#.utf8))
        #expect(value.text == "abc")
        #expect(value.inner == Inner())
    }

    /// A type that reads `null` itself (JSONValue, an AnyCodable) never sees the member the
    /// cut stands for as a null: it is missing for it, with the conformance as without.
    @Test func aTypeThatReadsNullItselfFindsTheCutMemberMissing() throws {
        struct Opted: CodableModel, PartialStringDecodable, Equatable { var extra: JSONValue = .string("initial"); var bag: [String: JSONValue] = [:] }
        struct Plain: CodableModel, Equatable { var extra: JSONValue = .string("initial"); var bag: [String: JSONValue] = [:] }
        for text in [#"{"extra": "cut sh"#, #"{"bag": {"a": 1, "b": "cut sh"#] {
            let opted = try ModelDecoder().decodePartial(Opted.self, from: Data(text.utf8)).value
            let plain = try ModelDecoder().decodePartial(Plain.self, from: Data(text.utf8)).value
            #expect(opted.extra == plain.extra && opted.bag == plain.bag, "\(text): \(opted) / \(plain)")
        }
    }

    @Test func withoutTheConformanceAStringCutShortIsLeftOut() throws {
        struct Plain: CodableModel { var title = "none"; var values: [String: String] = [:] }
        #expect(try ModelDecoder().decodePartial(Plain.self, from: Data(#"{"title": "Hel"#.utf8)).value.title == "none")
        struct Dictionaries: CodableModel, PartialStringDecodable { var values: [String: String] = [:] }
        #expect(try ModelDecoder().decodePartial(Plain.self, from: Data(#"{"values": {"a": "1", "b": "tw"#.utf8)).value.values == ["a": "1"])
        let (values, report) = try ModelDecoder().decodePartial(Dictionaries.self, from: Data(#"{"values": {"a": "1", "b": "tw"#.utf8))
        #expect(values.values == ["a": "1", "b": "tw"])
        #expect(report.issues.isEmpty && report.endedEarly == "line 1, column 31")
        struct Numbers: CodableModel, PartialStringDecodable { var values: [String: Int] = [:] }
        let (numbers, numbersReport) = try ModelDecoder().decodePartial(Numbers.self, from: Data(#"{"values": {"a": 1, "b": "2"#.utf8))
        #expect(numbers.values == ["a": 1] && numbersReport.issues.isEmpty, "a number in a string cut short is not read: \(numbersReport)")
    }
}
