import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

@Suite struct JSONReaderStringTests {
    private func string(_ json: String) throws -> String {
        try JSONParser.parse(Array(json.utf8)).string(0)
    }

    @Test func escapesAreUnescaped() throws {
        #expect(try string(#""a\"b\\c\/d\be\ff\ng\rh\ti""#) == "a\"b\\c/d\u{8}e\u{C}f\ng\rh\ti")
        #expect(try string(#""\u0041\u00e9\u4E2D""#) == "Aé中")
        #expect(try string(#""\ud83d\ude00 \uD834\uDD1E""#) == "😀 𝄞")
        #expect(try string(#""\u0000""#) == "\u{0}")
    }

    @Test func rawUnicodeIsKeptAsIs() throws {
        #expect(try string(#""Zürich 中文 😀 \u00e9""#) == "Zürich 中文 😀 é")
        // Runs of non-ASCII text before, between and after escapes (copied into the arena as runs).
        #expect(try string(#""日本語\n中文é😀\tZü\/ñ""#) == "日本語\n中文é😀\tZü/ñ")
        #expect(throws: JSONReadError.self) { try JSONParser.parse(Array(#""\n日本"#.utf8) + [0xE8, 0x41, 0x22]) }
        #expect(try string("\"\u{10FFFF}\u{FFFF}\"") == "\u{10FFFF}\u{FFFF}")
    }

    @Test func everyControlCharacterMustBeEscaped() {
        for byte in UInt8(1) ..< 0x20 {
            let error = #expect(throws: JSONReadError.self) { try JSONParser.parse([0x22, byte, 0x22]) }
            #expect(error?.reason.contains("must be escaped") == true)
        }
        // A zero second byte makes the input UTF-16, as for `JSONDecoder`: `"` and a lone byte.
        #expect(throws: JSONReadError.self) { try JSONParser.parse([0x22, 0, 0x22]) }
        #expect(throws: JSONReadError.self) { try JSONParser.parse([0x22, 0x61, 0, 0x22]) }
        #expect(throws: Never.self) { try JSONParser.parse([0x22, 0x7F, 0x22]) }  // DEL is allowed raw
    }

    /// The scanner looks at 8 bytes at a time: put each kind of byte it must stop
    /// at in every position of and around those windows.
    @Test func specialBytesAtEveryOffsetOfTheWordScan() throws {
        for length in 0 ..< 20 {
            let prefix = String(repeating: "a", count: length)
            #expect(try string("\"\(prefix)\"") == prefix)
            #expect(try string("\"\(prefix)\\n\(prefix)\"") == prefix + "\n" + prefix)
            #expect(try string("\"\(prefix)é\(prefix)\"") == prefix + "é" + prefix)
            #expect(try string("\"\(prefix)\u{7F}~ \"") == prefix + "\u{7F}~ ")
            let control = #expect(throws: JSONReadError.self) { try JSONParser.parse(Array("\"\(prefix)\u{1F}\"".utf8)) }
            #expect(control?.offset == length + 1)
            let unterminated = #expect(throws: JSONReadError.self) { try JSONParser.parse(Array("\"\(prefix)".utf8)) }
            #expect(unterminated?.offset == length + 1)
        }
    }

    /// Indentation is skipped eight bytes at a time: every width, after every kind of
    /// line break, next to tabs, and a control character in it still an error at its offset.
    @Test func indentationOfEveryWidth() throws {
        for width in 0 ..< 20 {
            for lineBreak in ["\n", "\r\n", "\t", " "] {
                let indent = lineBreak + String(repeating: " ", count: width)
                let text = "{" + indent + "\"a\":" + indent + "[1," + indent + "true]" + indent + "}" + indent
                let value = try JSONValue(parsing: Data(text.utf8))
                #expect(value == .object(["a": .array([.int(1), .bool(true)])]), "\(text.debugDescription)")
            }
            let bad = "[" + String(repeating: " ", count: width) + "\u{0B}1]"
            let error = #expect(throws: JSONReadError.self) { try JSONParser.parse(Array(bad.utf8)) }
            #expect(error?.offset == width + 1)
        }
    }

    @Test func escapedAndPlainKeysCompareAlike() throws {
        let document = try JSONParser.parse(Array(#"{"n\u0061me": 1, "plain": 2}"#.utf8))
        #expect(document.member("name", in: 0) == 2)
        #expect(document.member("plain", in: 0) == 4)
        #expect(document.member("missing", in: 0) == nil)
    }

    /// Strings from `JSONParser`'s documents are made without a second validation, with
    /// the ASCII flag the parser found: each must be the string `String(decoding:)` makes,
    /// down to the flag the standard library keeps (an ASCII string flagged otherwise
    /// would compare and hash the slow way; a non-ASCII one flagged ASCII would be wrong).
    @Test(arguments: [
        #""""#, #""short""#, #""an ASCII string longer than fifteen bytes""#,
        #""\"quoted\" \/ \n \t \\ escaped""#, #""\u0041\u0042C""#, #""\u007f""#,
        #""é""#, #""Zürich""#, #""日本語のテキスト、十五バイトより長い""#, #""😀""#,
        #""\u00e9 escaped""#, #""\ud83d\ude00 pair""#, #""ascii \n then 中文""#, #""中文 then \n ascii""#,
        #""\u00e9""#, #""ascii, then \u0800""#,
        // Longer than 15 bytes: stored, not small strings, which find their flag themselves.
        #""\u00e9 escaped, then ASCII past fifteen bytes""#, #""a long ASCII prefix, then \ud83d\ude00""#,
        #""a long ASCII prefix with \"escapes\" only""#,
    ])
    func stringsAreTheOnesStringDecodingMakes(json: String) throws {
        let document = try JSONParser.parse(Array(json.utf8))
        let made = document.string(0)
        let expected = try JSONDecoder().decode(String.self, from: Data(json.utf8))
        #expect(made == expected)
        #expect(Array(made.utf8) == Array(expected.utf8))
        #expect(made._classify()._isASCII == expected._classify()._isASCII)
        #expect(made._classify()._isASCII == made.utf8.allSatisfy { $0 < 0x80 })
        #expect(made.hashValue == expected.hashValue)
    }

    /// Non-ASCII runs are validated two three-byte scalars at a time where they can be:
    /// the parser must accept exactly the strings of valid UTF-8, for runs of every
    /// length with every kind of sequence — and of error — at every offset of the
    /// 8-byte windows, and keep the accepted ones byte for byte.
    @Test func utf8ValidationAcceptsExactlyValidUTF8() throws {
        let pieces: [[UInt8]] = [
            [0x41], [0xC3, 0xA9], [0xE3, 0x81, 0x82], [0xE4, 0xB8, 0xAD], [0xEF, 0xBC, 0x81],
            [0xE0, 0xA4, 0x85], [0xED, 0x9F, 0xBF], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x8F, 0xBF, 0xBF],
            // Invalid: overlong, surrogate, truncated, a bad continuation, a lone continuation,
            // an overlong two-byte form, above U+10FFFF, a byte never in UTF-8.
            [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE3, 0x81], [0xE3, 0x41, 0x82], [0x80],
            [0xC0, 0xAF], [0xF4, 0x90, 0x80, 0x80], [0xFF],
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        var accepted = 0
        for _ in 0 ..< 4_000 {
            var text: [UInt8] = []
            for _ in 0 ..< next(16) {
                // Mostly plain three-byte scalars (the fast path), sometimes anything.
                text += next(4) == 0 ? pieces[next(pieces.count)] : pieces[2 + next(3)]
            }
            let isValid = Array(String(decoding: text, as: UTF8.self).utf8) == text
            let document = try? JSONParser.parse([0x22] + text + [0x22])
            #expect((document != nil) == isValid, "\(text.map { String($0, radix: 16) })")
            // JSONDecoder, on the same bytes, accepts and rejects the same strings.
            let foundation = try? JSONDecoder().decode(String.self, from: Data([0x22] + text + [0x22]))
            #expect((foundation != nil) == isValid, "JSONDecoder: \(text.map { String($0, radix: 16) })")
            #expect(foundation.map { Array($0.utf8) } == (isValid ? text : nil))
            if let document {
                #expect(Array(document.string(0).utf8) == text)
                accepted += 1
            }
        }
        #expect(accepted > 500 && accepted < 3_500)  // both outcomes were exercised
    }

    /// Documents from other readers (JSON5, Foundation values) validate as they make strings.
    @Test func otherReadersStringsAreTheSame() throws {
        let json5 = try JSON5Parser.parse(Array(#"['abc', 'Zürich', "\u00e9"]"#.utf8), maxDepth: 8, assumesTopLevelDictionary: false)
        let strings = (1 ... 3).map { json5.string($0) }
        #expect(strings == ["abc", "Zürich", "é"])
        #expect(strings.map { $0._classify()._isASCII } == [true, false, false])
        let foundation = try JSONDocument(foundationObject: ["Zürich", "abc"])
        #expect([foundation.string(1), foundation.string(2)] == ["Zürich", "abc"])
    }

    /// Keys decoded through the validated path find their entries by literal.
    @Test func decodedStringsWorkAsDictionaryKeys() throws {
        let json = #"{"plain": 1, "Zürich": 2, "esc\"aped": 3, "\u00e9": 4}"#
        let decoded = try ModelDecoder().decode([String: Int].self, from: Data(json.utf8))
        #expect(decoded == ["plain": 1, "Zürich": 2, "esc\"aped": 3, "é": 4])
        #expect(decoded["plain"] == 1 && decoded["Zürich"] == 2 && decoded["é"] == 4)
    }
}
