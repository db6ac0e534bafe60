import CodableKit
import Foundation
import Testing

/// `decodePartial` reads UTF-16 and UTF-32 input as `decode` does (found by
/// `FuzzStreamChunks`: a whole UTF-32 document that `decode` read was "nothing complete yet").
@Suite struct PartialDocumentEncodingTests {
    struct Message: Codable, Equatable { var id = 0; var text = ""; var tags: [String] = [] }

    static let json = #"{"id": 7, "text": "caf\u00e9 🌍 ok", "tags": ["a", "é", "🙂"]}"#

    static func encoded(_ text: String, _ encoding: String.Encoding) -> [UInt8] {
        Array(text.data(using: encoding)!)
    }

    @Test(arguments: [String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf16, .utf32BigEndian, .utf32LittleEndian, .utf32])
    func aWholeDocumentInAnyEncodingDecodesAsDecodeDoes(_ encoding: String.Encoding) throws {
        let bytes = Self.encoded(Self.json, encoding)
        let whole = try ModelDecoder().decode(Message.self, from: bytes)
        if encoding != .utf32 {  // `JSONDecoder` takes its byte order mark, FF FE 00 00, for UTF-16's and fails
            #expect(whole == (try JSONDecoder().decode(Message.self, from: Data(bytes))))
        }
        let partial = try ModelDecoder().decodePartial(Message.self, from: Data(bytes))
        #expect(partial.value == whole && partial.report.endedEarly == nil)
    }

    /// Every prefix, cut inside a code unit or between the two halves of a surrogate pair
    /// too: what is complete, never an error once the first member has arrived.
    @Test(arguments: [String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian])
    func everyPrefixGivesWhatIsComplete(_ encoding: String.Encoding) throws {
        let bytes = Self.encoded(Self.json, encoding)
        let unit = encoding == .utf16BigEndian || encoding == .utf16LittleEndian ? 2 : 4
        let afterFirstMember = Self.encoded(#"{"id": 7,"#, encoding).count
        var tags = 0
        for cut in afterFirstMember ..< bytes.count {
            let (value, report) = try ModelDecoder().decodePartial(Message.self, from: Data(bytes[..<cut]))
            #expect(value.id == 7 && report.endedEarly != nil, "cut at \(cut)")
            #expect(value.tags.count >= tags && (value.text.isEmpty || value.text == "café 🌍 ok"), "cut at \(cut): \(value)")
            tags = value.tags.count
        }
        // Cut after the first code unit of "🙂" (in UTF-16, between the two halves of its surrogate pair).
        let insideEmoji = Self.encoded(#"{"id": 7, "text": "caf\u00e9 🌍 ok", "tags": ["a", "é", ""#, encoding).count + unit
        #expect(try ModelDecoder().decodePartial(Message.self, from: Data(bytes[..<insideEmoji])).value.tags == ["a", "é"])
        // The same prefixes in UTF-8 give the same values.
        let utf8 = Array(Self.json.utf8)
        let cutInsideTags = Self.encoded(#"{"id": 7, "text": "caf\u00e9 🌍 ok", "tags": ["a", "é"#, encoding).count
        #expect(try ModelDecoder().decodePartial(Message.self, from: Data(bytes[..<cutInsideTags])).value
            == (try ModelDecoder().decodePartial(Message.self, from: Data(utf8[..<Array(#"{"id": 7, "text": "caf\u00e9 🌍 ok", "tags": ["a", "é"#.utf8).count])).value))
    }

    /// A lone surrogate that is not at the end is no text: the error `decode` gives.
    @Test func invalidUTF16IsAnError() {
        var bytes = Self.encoded(Self.json, .utf16BigEndian)
        bytes[4 ... 5] = [0xD8, 0x00]  // a high surrogate in place of `"` of "id"
        #expect(throws: DecodingError.self) { try ModelDecoder().decode(Message.self, from: bytes) }
        #expect(throws: DecodingError.self) { try ModelDecoder().decodePartial(Message.self, from: Data(bytes)) }
    }
}
