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

    /// A number's digits are loaded a word at a time, and its last word may reach past its
    /// text: into the next number's digits where texts sit back to back (a document made
    /// from Foundation objects). None of them may count.
    @Test func aNumberReadsNoDigitBeyondItsText() throws {
        let values: [Double] = [12, 3_456_789, 0.5, 123_456_789_012, 7, 1.25e-7, 98_765_432_109_876_544, 65.61361699999998, 4]
        let document = try JSONDocument(foundationObject: values.map { NSNumber(value: $0) } as [Any], maxDepth: 512)
        for (index, value) in values.enumerated() {
            #expect(document.double(index + 1) == value, "\(value)")
        }
    }

    /// Digit runs are read eight bytes at a time: a run of every length from 1 to 24, in
    /// the integer part, the fraction and the exponent, ends exactly at the byte after it,
    /// whatever that byte is (ASCII, a byte above 0x7F, the end of the input).
    @Test func digitRunsEndWhereTheirDigitsEnd() throws {
        for length in 1 ... 24 {
            let digits = (0 ..< length).map { String($0 % 9 + 1) }.joined()
            for form in [digits, "0." + digits, "1e" + digits, "-" + digits + ".5"] {
                let document = try JSONParser.parse(Array("[\(form)]".utf8))
                #expect(document.string(1) == form)  // the number's text, as read
                for bad in ["x", ":", "/", "\u{e9}", "\u{7f}"] {
                    let input = Array("[\(form)\(bad)]".utf8)
                    let error = #expect(throws: JSONReadError.self) { try JSONParser.parse(input) }
                    #expect(error?.offset == 1 + form.utf8.count, "\(form)\(bad)")
                }
            }
        }
    }

    /// A number with a fraction or an exponent and up to 19 digits gets its `Double` from
    /// the parser (`NumberValues`), and keeps its text for everything else; a number past 19
    /// digits is read from its text when it is decoded (an integer: see below).
    @Test func fractionsAreConvertedAsTheyAreRead() throws {
        let numbers: [(text: String, converted: Bool)] = [
            ("-65.613616999999977", true), ("0.5", true), ("1e3", true), ("-2.5E-3", true), ("12.0", true),
            ("1234567890.123456789", true), ("0.1234567890123456789", true),  // 19 digits
            ("12", false), ("-7", false), ("0.12345678901234567891", false), ("12345678901234567890.5", false),
        ]
        let document = try JSONParser.parse(Array("[\(numbers.map(\.text).joined(separator: ", "))]".utf8))
        for (offset, number) in numbers.enumerated() {
            #expect((document.nodes[offset + 1].flags & JSONDocument.Node.valueFlag != 0) == number.converted, "\(number.text)")
            #expect(document.double(offset + 1).bitPattern == Double(number.text)!.bitPattern, "\(number.text)")
            #expect(document.string(offset + 1) == number.text)
        }
        #expect(document.integer(5) == .exact(negative: false, magnitude: 12))  // "12.0"
        #expect(document.integer(2) == .notIntegral)  // "0.5"
    }

    /// An unsigned integer of up to nine digits gets its value from the parser
    /// (`Node.smallIntegerFlag`); a longer or negative one is read from its text. Either way
    /// every reading is the text's: the integer, each integer type (a value too large for one
    /// is nil), the `Double`, the text itself. Each at the document's start (fewer than eight
    /// bytes before its end), inside it, and at its end (no byte after it).
    @Test func shortIntegersAreReadAsTheyAreParsed() throws {
        let texts = ["0", "7", "42", "255", "256", "65535", "65536", "12345678", "99999999", "100000000",
                     "205705993", "999999999", "1000000000", "4294967295", "4294967296", "-1", "-0", "-12345678"]
        for text in texts {
            let negative = text.hasPrefix("-")
            let magnitude = UInt64(negative ? String(text.dropFirst()) : text)!
            for (input, node) in [(text, 0), ("[\(text)]", 1), ("[\"padding the start\", \(text), 1]", 2)] {
                let document = try JSONParser.parse(Array(input.utf8))
                let flagged = document.nodes[node].flags & JSONDocument.Node.smallIntegerFlag != 0
                #expect(flagged == (!negative && text.count <= 9), "\(input)")
                #expect(document.nodes[node].isInteger)
                #expect(document.integer(node) == .exact(negative: negative, magnitude: magnitude), "\(input)")
                #expect(document.integer(node, as: Int.self) == Int(text), "\(input)")
                #expect(document.integer(node, as: UInt8.self) == UInt8(text), "\(input)")
                #expect(document.integer(node, as: Int16.self) == Int16(text), "\(input)")
                #expect(document.integer(node, as: UInt32.self) == UInt32(text), "\(input)")
                #expect(document.double(node) == Double(text)!, "\(input)")
                #expect(document.string(node) == text, "\(input)")
            }
        }
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

    /// Plain integers of every length up to 19 digits (eight digits at a time from 8 on), at
    /// the start of the input and after other text, read exactly.
    @Test func plainIntegersOfEveryLengthAreExact() throws {
        let digits = "9876543210123456789"
        for length in 1 ... 19 {
            let text = String(digits.prefix(length))
            let magnitude = try #require(UInt64(text))
            for sign in ["", "-"] {
                #expect(try integer(sign + text) == .exact(negative: !sign.isEmpty, magnitude: magnitude), "\(sign)\(text)")
                let document = try JSONParser.parse(Array("[\"padding\", \(sign)\(text)]".utf8))
                #expect(document.integer(2) == .exact(negative: !sign.isEmpty, magnitude: magnitude), "\(sign)\(text)")
            }
        }
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
