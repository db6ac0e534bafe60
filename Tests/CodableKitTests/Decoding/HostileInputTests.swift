import Foundation
import Testing
import CodableKit

/// Untrusted bytes: every case ends in a clear error or a recorded repair, never a
/// crash or a hang.
@Suite struct HostileInputTests {
    struct Message: DecodableModel, Equatable {
        var id = 0
        var text = ""
        var score = 0.0
        var tags: [String] = []
        var count: UInt8 = 0
    }

    let payload = Array(#"{"id": 7, "text": "Zürich 😀 \u00e9", "score": 1.5e2, "tags": ["a", "b"], "count": 3}"#.utf8)

    @Test func invalidUTF8AtEveryPosition() {
        for position in payload.indices {
            for bad: UInt8 in [0xFF, 0xC0, 0x80] {
                var bytes = payload
                bytes[position] = bad
                let result = Result { try Message.decode(from: Data(bytes)) }
                if case let .failure(error) = result {
                    guard case let DecodingError.dataCorrupted(context) = error, context.underlyingError is JSONReadError else {
                        Issue.record("position \(position): \(error)")
                        continue
                    }
                }
            }
        }
    }

    @Test func everyTruncationOfAModelPayload() {
        for length in 0 ..< payload.count {
            #expect(Message.deserialize(from: Data(payload[..<length])) == nil, "prefix \(length)")
        }
        #expect(Message.deserialize(from: Data(payload)) != nil)
    }

    @Test func tenMegabyteString() throws {
        let text = String(repeating: "abcdefghij", count: 1_000_000)
        let message = try Message.decode(from: #"{"text": "\#(text)", "id": 1}"#)
        #expect(message.text.utf8.count == 10_000_000)
        #expect(message.id == 1)
    }

    @Test func nulBytes() throws {
        #expect(try Message.decode(from: #"{"text": "a\u0000b"}"#).text == "a\u{0}b")  // escaped: a valid character
        let raw = Array(#"{"text": "a"#.utf8) + [0] + Array(#"b"}"#.utf8)
        #expect(throws: DecodingError.self) { try Message.decode(from: Data(raw)) }  // raw: a control character
        #expect(throws: DecodingError.self) { try Message.decode(from: Data([0])) }
    }

    @Test func hugeAndTinyNumbersFallBackWithAReason() throws {
        let digits = String(repeating: "9", count: 10_000)
        let (message, report) = try Message.decodeWithReport(
            from: #"{"id": \#(digits), "score": 1e400, "count": -0, "tags": [1E-400, \#(digits)]}"#)
        #expect(message.id == 0)
        #expect(message.score == 0)
        #expect(message.count == 0)
        #expect(message.tags == ["1E-400", digits])  // numbers into String keep their text
        #expect(report.issues.map(\.path) == ["id", "text", "score", "tags[0]", "tags[1]"])
        #expect(report.issues[0].kind == .typeMismatch(expected: "Int", found: "the number " + String(repeating: "9", count: 40) + "… (10000 characters)"))
        let kinds = report.issues.filter { $0.path == "id" || $0.path == "score" }.map(\.kind)
        #expect(kinds.allSatisfy { if case .typeMismatch = $0 { true } else { false } })
    }

    /// The first of repeated keys wins, as in JSONDecoder (which reads 1 here).
    @Test func duplicateKeysFirstWinsThroughModels() throws {
        #expect(try Message.decode(from: #"{"id": 1, "id": "2", "id": 3}"#).id == 1)
        #expect(try JSONDecoder().decode([String: Int].self, from: Data(#"{"b":5,"b":192}"#.utf8))
            == ModelDecoder().decode([String: Int].self, from: Data(#"{"b":5,"b":192}"#.utf8)))
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"id": 5}"#.utf8)
        #expect(try Message.decode(from: Data(bytes)).id == 5)
    }
}
