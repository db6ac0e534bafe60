@testable import CodableKit
import Foundation
import Testing

/// A document parsed from `Data` reads the bytes where the `Data` holds them, and
/// copies them only if something still holds the document when the call ends.
struct BorrowedInputTests {
    struct Person: Codable, Equatable { var name: String; var note: String }

    private let json = Data(#"{"name": "Ada Augusta", "note": "line\nbreak \u00e9"}"#.utf8)

    /// A decode that keeps nothing leaves the document to no one: it was dropped
    /// without a copy of the input (a copy is made only for a holder).
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
