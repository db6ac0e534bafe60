import Foundation
import Testing
@testable import CodableKit

/// `elements(of:from:)` over arrays that are not JSON where no batch of elements reaches the
/// parser that would say so: the array's own end, and a batch taken apart after it failed.
@Suite struct StreamMalformedArrayTests {
    static func chunks(_ bytes: [UInt8], cuts: [Int]) -> AsyncStream<Data> { StreamTests.chunks(bytes, cuts: cuts) }
    static func single(_ bytes: [UInt8]) -> AsyncStream<UInt8> { StreamTests.single(bytes) }
    static func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] { try await StreamTests.collect(sequence) }

    /// An array that a brace closes is not JSON, as in memory: an error, however the bytes
    /// arrive, after the elements before it. (`FuzzStreamChunks` found `["x"}` and `[1}` read
    /// as whole arrays: no batch of elements holds the array's end, so no parser saw it.)
    @Test func anArrayClosedByABraceIsAnErrorAsInMemory() async throws {
        let cases: [(text: String, before: [Int], message: String)] = [
            ("[1}", [1], "expected ',' or ']' after element 0 of the array, found '}'"),
            ("[1, 2 }", [1, 2], "expected ',' or ']' after element 1 of the array, found '}'"),
            ("[}", [], "expected an element or ']' after '[' of the array, found '}'"),
            ("[1,}", [1], "expected an element or ']' after the ',' after element 0 of the array, found '}'"),
            ("[[1], 2}\n", [1, 2], "expected ',' or ']' after element 1 of the array, found '}'"),
        ]
        for (text, before, message) in cases {
            let bytes = Array(text.utf8)
            #expect(throws: DecodingError.self) { try ModelDecoder(options: .init(mode: .strict)).decode([JSONValue].self, from: bytes) }
            for cut in 0 ... bytes.count {
                for mode in [DecodingOptions.Mode.tolerant, .strict] {
                    var seen: [JSONValue] = []
                    do {
                        for try await value in ModelDecoder(options: .init(mode: mode)).elements(of: JSONValue.self, from: Self.chunks(bytes, cuts: [cut])) {
                            seen.append(value)
                        }
                        Issue.record("\(text) cut at \(cut): no error")
                    } catch let error as DecodingError {
                        #expect(seen.count == before.count, "\(text) cut at \(cut)")
                        #expect("\(error)".contains(message), "\(text) cut at \(cut): \(error)")
                    }
                }
            }
            await #expect(throws: DecodingError.self, "\(text) a byte at a time") {
                try await Self.collect(ModelDecoder().elements(of: JSONValue.self, from: Self.single(bytes)))
            }
        }
        // A string handed out at a chunk's end, the brace in the next chunk (the fuzzer's input).
        let string = Array("[\"x\"}".utf8)
        for cut in 0 ... string.count {
            await #expect(throws: DecodingError.self, "cut at \(cut)") {
                try await Self.collect(ModelDecoder().elements(of: JSONValue.self, from: Self.chunks(string, cuts: [cut])))
            }
        }
    }

    /// A batch of elements that fails is decoded again element by element, each element's
    /// bounds found by the scanner that cut the batch. Bytes that are not JSON inside an element
    /// (a control character and NULs in a key, bytes that are not UTF-8) made another scanner
    /// give a range past the batch's end, and the stream trapped (found by `FuzzStreamChunks`).
    @Test func aBrokenBatchIsTakenApartWithoutATrap() async throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[{".utf8) + [0xFF, 0x07] + Array("\"i/".utf8) + [0x1F, 0x70, 0xCA, 0x60, 0x7F, 0, 0]
            + Array(",\n {\"id\": ".utf8) + [0xCE, 0xD3, 0xDF, 0xDD, 0x8B, 0x9A, 0x87, 0x8B] + Array("\": \"".utf8) + [0xC4, 0x8A]
            + Array("\"}, 3, \"xb\"]".utf8)
        #expect(throws: DecodingError.self) { try ModelDecoder(options: .init(mode: .strict)).decode([JSONValue].self, from: bytes) }
        for cut in 0 ... bytes.count {
            for mode in [DecodingOptions.Mode.tolerant, .strict] {
                await #expect(throws: DecodingError.self, "cut at \(cut), \(mode)") {
                    try await Self.collect(ModelDecoder(options: .init(mode: mode)).elements(of: JSONValue.self, from: Self.chunks(bytes, cuts: [cut])))
                }
            }
        }
    }
}
