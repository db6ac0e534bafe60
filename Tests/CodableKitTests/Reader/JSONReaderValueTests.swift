import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

@Suite struct JSONReaderNumberTests {
    private func integer(_ text: String) throws -> JSONDocument.IntegerValue {
        let document = try JSONParser.parse(Array(text.utf8))
        return document.integer(0)
    }

    private func double(_ text: String) throws -> Double {
        try JSONParser.parse(Array(text.utf8)).double(0)
    }

    @Test(arguments: [
        ("0", JSONDocument.IntegerValue.exact(negative: false, magnitude: 0)),
        ("-0", .exact(negative: true, magnitude: 0)),
        ("9223372036854775807", .exact(negative: false, magnitude: UInt64(Int64.max))),
        ("-9223372036854775808", .exact(negative: true, magnitude: 1 << 63)),
        ("18446744073709551615", .exact(negative: false, magnitude: .max)),
        ("18446744073709551616", .outOfRange),
        ("-18446744073709551616", .outOfRange),
        ("12.0", .exact(negative: false, magnitude: 12)),
        ("1.5e1", .exact(negative: false, magnitude: 15)),
        ("1e3", .exact(negative: false, magnitude: 1000)),
        ("100e-2", .exact(negative: false, magnitude: 1)),
        ("0.000e5", .exact(negative: false, magnitude: 0)),
        ("12.5", .notIntegral),
        ("1e-3", .notIntegral),
        ("1e30", .outOfRange),
        ("1e400", .outOfRange),
        ("1e999999999999999999", .outOfRange),
        ("1e-999999999999999999", .notIntegral),
        (String(repeating: "9", count: 10_000), .outOfRange),
        ("0." + String(repeating: "0", count: 10_000) + "1", .notIntegral),
    ])
    func integersAreExactOrSayWhyNot(_ text: String, _ expected: JSONDocument.IntegerValue) throws {
        #expect(try integer(text) == expected)
    }

    /// The validator used for numbers written inside strings agrees with the parser's
    /// grammar (its callers trim surrounding whitespace first).
    @Test(arguments: ["0", "-0", "12", "-12.5", "1e3", "1E+3", "0.5e-2", "01", "+1", ".5", "5.", "1e", "-", "", "1.2.3", "0x1", "NaN", "--1"])
    func numberValidatorMatchesTheParser(_ text: String) {
        let bytes = Array(text.utf8)
        let parsed = try? JSONParser.parse(bytes, maxDepth: 1)
        let expected: Bool? = parsed.flatMap { $0.nodes[0].kind == .number ? $0.nodes[0].isInteger : nil }
        #expect(bytes.withUnsafeBufferPointer { JSONNumberText.validate($0) } == expected)
    }

    @Test func integersConvertToEveryWidthWithoutTrapping() throws {
        #expect(try integer("300").exactly(UInt8.self) == nil)
        #expect(try integer("255").exactly(UInt8.self) == 255)
        #expect(try integer("-1").exactly(UInt64.self) == nil)
        #expect(try integer("-0").exactly(UInt64.self) == 0)
        #expect(try integer("-128").exactly(Int8.self) == -128)
        #expect(try integer("-129").exactly(Int8.self) == nil)
        #expect(try integer("-9223372036854775808").exactly(Int64.self) == .min)
        #expect(try integer("9223372036854775808").exactly(Int64.self) == nil)
        #expect(try integer("18446744073709551615").exactly(UInt64.self) == .max)
        #expect(try integer("12.5").exactly(Int.self) == nil)
    }

    @Test(arguments: [
        "0", "-0", "1", "-1", "0.1", "1.5", "3.141592653589793", "2.2250738585072014e-308", "4.9e-324", "5e-324",
        "1.7976931348623157e308", "1.7976931348623159e308", "1e400", "-1e400", "1E-400", "123456789012345678901234567890",
        "9007199254740993", "0.30000000000000004", "1e22", "1e23", "8.589973e9", "2.4703282292062327e-324",
        "7.038531e-26", "1.00000000000000011102230246251565404236316680908203125", "9.109e-31", "6.02214076e23",
        "1" + String(repeating: "0", count: 400) + "e-400", "0." + String(repeating: "0", count: 300) + "1e300",
    ])
    func doublesAreCorrectlyRounded(_ text: String) throws {
        let expected = Double(text)!
        let actual = try double(text)
        #expect(actual.bitPattern == expected.bitPattern, "\(text): \(actual) != \(expected)")
    }

    /// 16–19 significant digits within 10^±27 (GeoJSON coordinates, say) take the
    /// `Float80` path on x86_64; integers at and next to midpoints between two
    /// doubles must still round to even, as `Double(String)` does.
    @Test func longMantissasAndMidpoints() throws {
        var generator = SeededGenerator(seed: 0xCA7ADA)
        for _ in 0 ..< 20_000 {
            let mantissa = UInt64.random(in: 1_000_000_000_000_000 ... UInt64.max, using: &generator) >> UInt64.random(in: 0 ... 4, using: &generator)
            let exponent = Int.random(in: -30 ... 30, using: &generator)
            for text in ["\(mantissa)e\(exponent)", "-\(mantissa)e\(exponent)"] {
                #expect(try double(text).bitPattern == Double(text)!.bitPattern, "\(text)")
            }
            let integer = UInt64.random(in: (1 << 53) ... (1 << 63), using: &generator)
            let below = Double(integer).nextDown  // a double, with the next one up 2…2048 away
            let midpoint = UInt64(below) + UInt64(below.ulp) / 2
            for candidate in [midpoint - 1, midpoint, midpoint + 1] {
                let text = "\(candidate)"
                #expect(try double(text).bitPattern == Double(text)!.bitPattern, "\(text)")
                let scaled = "\(candidate)e-\(Int.random(in: 1 ... 27, using: &generator))"
                #expect(try double(scaled).bitPattern == Double(scaled)!.bitPattern, "\(scaled)")
            }
        }
    }

    @Test func randomDoublesRoundTrip() throws {
        var generator = SeededGenerator(seed: 0x5EED)
        for _ in 0 ..< 20_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            let text = "\(value)"
            #expect(try double(text).bitPattern == value.bitPattern, "\(text)")
            let short = String(format: "%.\(Int.random(in: 1 ... 17, using: &generator))g", value)
            #expect(try double(short).bitPattern == Double(short)!.bitPattern, "\(short)")
        }
    }
}

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
        #expect(document.nodes[0].b == 3)
        #expect(document.nodes[0].a == 9)
        #expect(document.nodes[2].b == 2)
        #expect(document.next(after: 2) == 5)
        #expect(document.nodes[8].b == 0)
        #expect(document.element(1, in: 2) == 4)
        #expect(document.element(2, in: 2) == nil)
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

@Suite struct JSONValueTests {
    let value = JSONValue.object([
        "data": .object(["items": .array([.object(["name": .string("first")]), .int(7)])]),
        "a.b": .string("dotted key"),
        "n": .null,
    ])

    @Test func pathSubscript() {
        #expect(value["data.items.0.name"] == .string("first"))
        #expect(value["data.items.1"] == .int(7))
        #expect(value["data.items.2"] == nil)
        #expect(value["data.missing"] == nil)
        #expect(value["a.b"] == .string("dotted key"))
        #expect(value["n"] == .null)
        #expect(value["n.x"] == nil)
    }

    @Test func numbersIntOrDouble() throws {
        #expect(try JSONValue(parsing: "[1, 1.0, 1e3, -0, 18446744073709551615]")
            == .array([.int(1), .double(1), .double(1000), .int(0), .double(Double(UInt64.max))]))
    }

    @Test func anyValueIsFoundationShaped() throws {
        let any = try JSONValue(parsing: #"{"i": 1, "d": 1.5, "s": "x", "b": true, "n": null, "a": [1]}"#).anyValue
        let object = try #require(any as? [String: Any])
        #expect(object["i"] as? Int == 1)
        #expect(object["d"] as? Double == 1.5)
        #expect(object["s"] as? String == "x")
        #expect(object["b"] as? Bool == true)
        #expect(object["n"] is NSNull)
        #expect((object["a"] as? [Any])?.first as? Int == 1)
    }

    @Test func codableWithFoundationCoders() throws {
        let data = try JSONEncoder().encode(value)
        #expect(try JSONDecoder().decode(JSONValue.self, from: data) == value)
    }
}

@Suite struct FoundationInputTests {
    @Test func jsonSerializationOutputReadsLikeTheBytes() throws {
        let text = #"{"t": true, "f": false, "one": 1, "zero": 0, "d": 1.25, "big": 18446744073709551615, "neg": -5, "s": "é", "n": null, "a": [1, [2, {"x": "y"}]]}"#
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(try JSONValue(foundationObject: object) == JSONValue(parsing: text))
    }

    @Test func nativeSwiftValues() throws {
        let object: [String: Any] = [
            "bool": true, "int": 3, "int8": Int8(-4), "uint64": UInt64.max, "double": 0.1, "float": Float(0.1),
            "string": "s", "substring": Substring("sub"), "null": NSNull(), "none": Int?.none as Any, "some": Int?.some(5) as Any,
            "array": [1, "two"], "nested": ["k": [String: Any]()],
        ]
        let value = try JSONValue(foundationObject: object)
        #expect(value["bool"] == .bool(true))
        #expect(value["int"] == .int(3))
        #expect(value["int8"] == .int(-4))
        #expect(value["uint64"] == .double(Double(UInt64.max)))
        #expect(value["double"] == .double(0.1))
        #expect(value["float"] == .double(0.1))
        #expect(value["string"] == .string("s"))
        #expect(value["substring"] == .string("sub"))
        #expect(value["null"] == .null)
        #expect(value["none"] == .null)
        #expect(value["some"] == .int(5))
        #expect(value["array"] == .array([.int(1), .string("two")]))
        #expect(value["nested.k"] == .object([:]))
    }

    @Test func numbersAndBooleansStayApart() throws {
        let value = try JSONValue(foundationObject: [NSNumber(value: 1), NSNumber(value: true), NSNumber(value: Int8(1)), NSNumber(value: 2.5)])
        #expect(value == .array([.int(1), .bool(true), .int(1), .double(2.5)]))
    }

    @Test func propertyListValues() throws {
        let date = Date(timeIntervalSinceReferenceDate: 12.5)
        let value = try JSONValue(foundationObject: ["date": date, "data": Data([1, 2, 3])])
        #expect(value["date"] == .double(12.5))
        #expect(value["data"] == .string("AQID"))
    }

    @Test func unsupportedValuesNameTheirPath() {
        struct Custom {}
        let error = #expect(throws: DecodingError.self) {
            try JSONValue(foundationObject: ["list": [1, ["bad": Custom()]]])
        }
        guard case let .dataCorrupted(context) = error else { Issue.record("expected dataCorrupted"); return }
        #expect(context.codingPath.map(\.stringValue) == ["list", "Index 1", "bad"])  // positions named as Foundation names them
        #expect(context.codingPath[1].intValue == 1)
        #expect(context.debugDescription.contains("Custom"))
        #expect(throws: DecodingError.self) { try JSONValue(foundationObject: [Double.nan]) }
        #expect(throws: DecodingError.self) { try JSONValue(foundationObject: [Double.infinity]) }
    }

    @Test func deepFoundationObjectsHitTheLimitNotTheStack() {
        // 2,000 levels: deeper than the limit. (Far deeper nested arrays would overflow the
        // stack in Swift's own recursive release of the test's value, before CodableKit runs.)
        let error = #expect(throws: DecodingError.self) {
            try onLargeStack {
                var deep: Any = 1
                for _ in 0 ..< 2_000 { deep = [deep] }
                return try JSONValue(foundationObject: deep)
            }
        }
        guard case let .dataCorrupted(context) = error else { Issue.record("expected dataCorrupted"); return }
        #expect(context.debugDescription.contains("limit of 512"))
        #expect(context.codingPath.count == 512)
    }
}
