import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// Errors name what was expected, what was found, and where.
@Suite struct JSONReaderErrorTests {
    struct Case: Sendable, CustomStringConvertible {
        var json: String
        var offset: Int
        var line: Int
        var column: Int
        var reason: String
        var description: String { json }
    }

    static let cases: [Case] = [
        Case(json: #"{"a": 1,,}"#, offset: 8, line: 1, column: 9, reason: "expected a string key, found ','"),
        Case(json: "[1, 2", offset: 5, line: 1, column: 6, reason: "expected ',' or ']', found end of input"),
        Case(json: "{\n  \"a\": tru\n}", offset: 12, line: 2, column: 11, reason: "expected 'true', found U+000A"),
        Case(json: #"{"é": x}"#, offset: 7, line: 1, column: 7, reason: "expected a JSON value, found 'x'"),
        Case(json: "", offset: 0, line: 1, column: 1, reason: "expected a JSON value, found end of input"),
        Case(json: "   ", offset: 3, line: 1, column: 4, reason: "expected a JSON value, found end of input"),
        Case(json: "[1] 2", offset: 4, line: 1, column: 5, reason: "expected end of input after the JSON value, found '2'"),
        Case(json: #"{"a" 1}"#, offset: 5, line: 1, column: 6, reason: "expected ':' after the key, found '1'"),
        Case(json: "[01]", offset: 2, line: 1, column: 3, reason: "invalid number: leading zeros are not allowed"),
        Case(json: "[1.]", offset: 3, line: 1, column: 4, reason: "expected a digit after '.', found ']'"),
        Case(json: "[1e]", offset: 3, line: 1, column: 4, reason: "expected a digit in the exponent, found ']'"),
        Case(json: "[\"a\tb\"]", offset: 3, line: 1, column: 4, reason: "control character U+0009 must be escaped in a string"),
        Case(json: #"["\x"]"#, offset: 3, line: 1, column: 4, reason: #"invalid escape sequence: expected one of \" \\ \/ \b \f \n \r \t \u after '\', found 'x'"#),
        Case(json: #"["\u12G4"]"#, offset: 6, line: 1, column: 7, reason: #"invalid \u escape: expected four hexadecimal digits"#),
        Case(json: #"["\uD800"]"#, offset: 2, line: 1, column: 3, reason: #"lone UTF-16 surrogate \uD800 is not a character"#),
        Case(json: #"["\uDC00\uD800"]"#, offset: 2, line: 1, column: 3, reason: #"lone UTF-16 surrogate \uDC00 is not a character"#),
        Case(json: #"["abc"#, offset: 5, line: 1, column: 6, reason: "expected '\"' to end the string, found end of input"),
        Case(json: "[NaN]", offset: 1, line: 1, column: 2, reason: "expected a JSON value, found 'N'"),
        Case(json: "[1,,]", offset: 3, line: 1, column: 4, reason: "expected a JSON value, found ','"),
        Case(json: "[,]", offset: 1, line: 1, column: 2, reason: "expected a JSON value, found ','"),
        Case(json: "{\"a\":1,,}", offset: 7, line: 1, column: 8, reason: "expected a string key, found ','"),
    ]

    @Test(arguments: cases)
    func errorNamesPositionAndReason(_ testCase: Case) {
        let error = #expect(throws: JSONReadError.self) { try JSONParser.parse(Array(testCase.json.utf8)) }
        #expect(error?.reason == testCase.reason)
        #expect(error?.offset == testCase.offset)
        #expect(error?.line == testCase.line)
        #expect(error?.column == testCase.column)
        #expect(error?.description == "line \(testCase.line), column \(testCase.column) (byte \(testCase.offset)): \(testCase.reason)")
    }

    /// `true`, `false` and `null` are compared as one word where eight bytes remain, byte by
    /// byte nearer the end: at every distance from the end each is read, and each with one
    /// letter wrong is rejected at that letter.
    @Test func aLiteralWithAnyLetterWrongIsRejectedAtThatLetter() throws {
        for (word, value) in [("true", true as Bool?), ("false", false), ("null", nil)] {
            for padding in 0 ... 9 {
                let tail = "]" + String(repeating: " ", count: padding)
                #expect(try ModelDecoder().decode([Bool?].self, from: Data("[\(word)\(tail)".utf8)) == [value])
                for place in 0 ..< word.count {
                    var letters = Array(word)
                    letters[place] = letters[place] == "e" ? "E" : "e"
                    let json = "[\(String(letters))\(tail)"
                    let error = #expect(throws: JSONReadError.self, "\(json)") { try JSONParser.parse(Array(json.utf8)) }
                    #expect(error?.offset == 1 + place, "\(json)")
                }
            }
        }
    }

    @Test func invalidUTF8IsRejectedAtItsOffset() {
        for bytes: [UInt8] in [[0x22, 0xC3, 0x22], [0x22, 0xE0, 0x80, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
                               [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xF8, 0x22], [0x22, 0xC0, 0xAF, 0x22], [0x22, 0xF0, 0x9F, 0x98]] {
            let error = #expect(throws: JSONReadError.self) { try JSONParser.parse(bytes) }
            #expect(error?.reason == "invalid UTF-8 byte sequence", "\(bytes)")
            #expect(error?.offset == 1)
        }
    }

    @Test func nonASCIIOutsideStringsIsRejected() {
        let error = #expect(throws: JSONReadError.self) { try JSONParser.parse(Array("[1, é]".utf8)) }
        #expect(error?.reason == "expected a JSON value, found byte 0xC3")
    }

    @Test func everyTruncationOfADocumentFailsCleanly() throws {
        let json = Array(#"{"name": "Zürich \u00e9\ud83d\ude00", "list": [1, -2.5e3, true, false, null], "nested": {"a": {}}}"#.utf8)
        _ = try JSONParser.parse(json)
        for length in 0 ..< json.count {
            #expect(throws: JSONReadError.self, "prefix of \(length) bytes") { try JSONParser.parse(Array(json[..<length])) }
        }
    }

    /// A document that is not JSON: `JSONDecoder`'s words, and the position once (the
    /// underlying error's).
    @Test func thePositionIsSaidOnce() {
        do {
            _ = try ModelDecoder().decode([String: Bool].self, from: Data("{\n  \"a\": tru }".utf8))
            Issue.record("decoded")
        } catch {
            let printed = "\(error)"
            #expect(printed.components(separatedBy: "line 2, column").count == 2, "\(printed)")
            guard case let DecodingError.dataCorrupted(context) = error else { Issue.record("\(error)"); return }
            #expect(context.debugDescription == "The given data was not valid JSON.")
            #expect(context.underlyingError is JSONReadError)
        }
    }
}
