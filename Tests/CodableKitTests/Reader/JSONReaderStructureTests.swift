import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

@Suite struct JSONReaderStructureTests {
    /// The first of repeated keys wins, as in JSONDecoder.
    @Test func duplicateKeysFirstOneWins() throws {
        let json = #"{"a": 1, "b": 2, "a": [3]}"#
        let document = try JSONParser.parse(Array(json.utf8))
        let index = try #require(document.member("a", in: 0))
        #expect(document.nodes[index].kind == .number)
        #expect(try JSONValue(parsing: json) == .object(["a": .int(1), "b": .int(2)]))
    }

    @Test func tapeRecordsCountsAndEnds() throws {
        let document = try JSONParser.parse(Array(#"{"a": [1, 2], "b": null, "c": {}}"#.utf8))
        #expect(document.nodes.map(\.kind) == [.object, .string, .array, .number, .number, .string, .null, .string, .object])
        #expect(document.nodes[0].lengthOrCount == 3)
        #expect(document.nodes[0].offsetOrEnd == 9)
        #expect(document.nodes[2].lengthOrCount == 2)
        #expect(document.next(after: 2) == 5)
        #expect(document.nodes[8].lengthOrCount == 0)
        #expect(document.element(1, in: 2) == 4)
        #expect(document.element(2, in: 2) == nil)
    }

    /// Indentation of every length up to past two of the reader's 32-byte steps, after a
    /// newline, a tab or a space, ending anywhere in the input: read through, and the byte
    /// after it found where it is (a stray byte's error names its offset).
    @Test func whitespaceRunsOfEveryLengthEndWhereTheyEnd() throws {
        for count in 0 ... 80 {
            for lead in ["\n", "\t", " ", "\r\n"] {
                let run = lead + String(repeating: " ", count: count)
                #expect(try JSONValue(parsing: "[" + run + "1," + run + "2" + run + "]" + run) == .array([.int(1), .int(2)]))
                #expect(try JSONValue(parsing: "{" + run + #""a":"# + run + "true" + run + "}") == .object(["a": .bool(true)]))
                let text = "[1," + run + "x]"
                do {
                    _ = try JSONParser.parse(Array(text.utf8))
                    Issue.record("\(text.debugDescription) parsed")
                } catch {
                    #expect(error.offset == 3 + run.utf8.count, "\(text.debugDescription)")
                }
            }
        }
    }

    @Test func scalarsAtTopLevel() throws {
        #expect(try JSONValue(parsing: "  42 ") == .int(42))
        #expect(try JSONValue(parsing: "\"x\"") == .string("x"))
        #expect(try JSONValue(parsing: "null") == .null)
        #expect(try JSONValue(parsing: "-1.5") == .double(-1.5))
    }

    @Test func everyInputKindReadsTheSame() throws {
        let text = #"{"k": ["v", 1, 2.5, true, null]}"#
        let expected = JSONValue.object(["k": .array([.string("v"), .int(1), .double(2.5), .bool(true), .null])])
        #expect(try JSONValue(parsing: text) == expected)
        #expect(try JSONValue(parsing: Substring("xx" + text + "xx").dropFirst(2).dropLast(2)) == expected)
        #expect(try JSONValue(parsing: Data(text.utf8)) == expected)
        #expect(try JSONValue(parsing: Array(text.utf8)) == expected)
    }
}
