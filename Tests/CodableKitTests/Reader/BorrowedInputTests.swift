@testable import CodableKit
import Foundation
import Testing

/// A document parsed from `Data` reads a copy of the bytes that it owns.
struct BorrowedInputTests {
    struct Person: Codable, Equatable { var name: String; var note: String }

    private let json = Data(#"{"name": "Ada Augusta", "note": "line\nbreak \u00e9"}"#.utf8)

    /// A decode that keeps nothing leaves the document to no one: it is freed with its copy.
    @Test func aDecodeThatKeepsNothingLeavesTheDocumentToNoOne() throws {
        weak var seen: JSONDocument?
        let person = try DecodeCall.withDocument(json, options: .init()) { document in
            seen = document
            return try DecodeCall.value(Person.self, document: document, options: .init())
        }
        #expect(person == Person(name: "Ada Augusta", note: "line\nbreak é"))
        #expect(seen == nil)
    }

    /// A document that outlives the call has its own copy of the input, so it reads the
    /// same after the caller's bytes change: text from the input and from the arena.
    @Test func aDocumentThatOutlivesTheCallOwnsItsText() throws {
        var data = json
        data.append(contentsOf: Array(repeating: UInt8(ascii: " "), count: 64))  // its own storage
        let document = try DecodeCall.document(data, options: .init())
        data.resetBytes(in: 0 ..< data.count)
        let name = try #require(document.member("name", in: 0))
        let note = try #require(document.member("note", in: 0))
        #expect(document.string(name) == "Ada Augusta")
        #expect(document.string(note) == "line\nbreak é")
        #expect(try DecodeCall.value(Person.self, document: document, options: .init()) == Person(name: "Ada Augusta", note: "line\nbreak é"))
    }
}

/// A caller's bytes can change while a decode runs: a reused network buffer wrapped
/// without a copy (`Data(bytesNoCopy:count:deallocator: .none)`), a file mapped into
/// memory and rewritten. The decoder reads a copy it owns, made when the call starts, so
/// such a change never reaches a `String`: the value is the one the bytes held then.
/// (`JSONDecoder` reads the bytes in place, validates each string as it makes it, and
/// throws `dataCorrupted` when they are no longer UTF-8.)
@Suite(.serialized) struct ChangedInputTests {  // serialized: `Rewriter` acts on one shared buffer
    /// The buffer a decode reads, and what to write into it while the decode runs.
    final class Rewriter: @unchecked Sendable {  // used by one decode at a time
        static let shared = Rewriter()
        var buffer: UnsafeMutableRawBufferPointer?
        var at = 0
        var bytes: [UInt8] = []

        func rewrite() {
            guard let buffer else { return }
            for (offset, byte) in bytes.enumerated() { buffer[at + offset] = byte }
        }
    }

    /// Rewrites the buffer when it is decoded: it comes before the string it changes.
    struct Trigger: Codable {
        init(from decoder: any Decoder) throws {
            _ = try decoder.singleValueContainer().decode(Int.self)
            Rewriter.shared.rewrite()
        }
        func encode(to _: any Encoder) throws {}
    }

    struct Message: Codable {
        var trigger: Trigger
        var text: String
    }

    /// Decodes `json` from a `Data` over a buffer that is rewritten with `bytes` at the
    /// first `"hello"` while the decode runs.
    func decodeChanging(_ json: String, to bytes: [UInt8], with decode: (Data) throws -> Message) throws -> Message {
        let raw = UnsafeMutableRawBufferPointer.allocate(byteCount: json.utf8.count, alignment: 1)
        defer { raw.deallocate() }
        raw.copyBytes(from: Array(json.utf8))
        let rewriter = Rewriter.shared
        rewriter.buffer = raw
        rewriter.at = Array(json.utf8).firstRange(of: Array("hello".utf8))!.lowerBound
        rewriter.bytes = bytes
        defer { rewriter.buffer = nil }
        let data = Data(bytesNoCopy: raw.baseAddress!, count: raw.count, deallocator: .none)
        return try decode(data)
    }

    @Test(arguments: [[0xFF, 0xFE, 0xC0, 0x80, 0xE0], [0x68, 0x65, 0x6C, 0x6C, 0xC3], Array("HELLO".utf8)])
    func bytesWrittenDuringTheDecodeDoNotReachTheValue(bytes: [UInt8]) throws {
        let json = #"{"trigger": 1, "text": "hello"}"#
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            let message = try decodeChanging(json, to: bytes) { try ModelDecoder(options: .init(mode: mode)).decode(Message.self, from: $0) }
            #expect(message.text == "hello")
            #expect(message.text.count == 5 && message.text.utf8.count == 5)
        }
        // JSONDecoder, in the same scenario: the value as rewritten, or dataCorrupted for bytes that are no longer UTF-8.
        let foundation = Result { try decodeChanging(json, to: bytes) { try JSONDecoder().decode(Message.self, from: $0) } }
        if String(validating: bytes, as: UTF8.self) == nil {
            #expect(throws: DecodingError.self) { try foundation.get() }
        } else {
            #expect(try foundation.get().text == String(decoding: bytes, as: UTF8.self))
        }
    }
}
