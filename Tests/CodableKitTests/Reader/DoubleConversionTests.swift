import Foundation
import Testing
@testable import CodableKit

/// Every number decodes to the bits `JSONDecoder` gives it (the standard library's
/// correctly rounded conversion): the Clinger fast path, Eisel–Lemire for up to 19
/// significant digits, and the slow path past them; both where the parser converts a
/// number as it reads it and where a number is read from its text.
@Suite struct DoubleConversionTests {
    /// A seeded generator (SplitMix64), so that a failure reproduces.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    private func converted(_ text: String) -> Double {
        var text = text
        return text.withUTF8 { JSONNumberText.double($0) }
    }

    /// The value the parser gives the number as it reads it (`NumberValues`), alone and
    /// after eight spaces (so that its first digits' word starts inside the input).
    private func parsed(_ text: String, padded: Bool) -> Double? {
        guard let document = try? JSONParser.parse(Array(((padded ? "        " : "") + text).utf8)) else { return nil }
        return document.double(0)
    }

    /// Each text read three ways: from its text, and by the parser, alone and padded.
    private func mismatches(_ texts: [String]) -> [String] {
        texts.compactMap { text in
            guard let expected = Double(text) else { return "\(text): not a Double" }
            for (way, value) in [("text", converted(text)), ("parser", parsed(text, padded: false)),
                                 ("parser, padded", parsed(text, padded: true))] {
                guard let value, value.bitPattern == expected.bitPattern else {
                    return "\(text) (\(way)): \(value.map { "\($0) (\($0.bitPattern))" } ?? "no value"), expected \(expected)"
                }
            }
            return nil
        }
    }

    @Test func randomDoublesPrintedWith17DigitsRoundTrip() {
        var random = Seeded(state: 31)
        var texts: [String] = []
        while texts.count < 60_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            texts.append(String(format: "%.17g", value))
        }
        let failures = mismatches(texts)
        #expect(failures.count == 0, "\(failures.prefix(10))")
        for text in texts.prefix(2_000) { #expect(converted(text).bitPattern == Double(text)!.bitPattern) }
    }

    @Test func randomSignificandsAndExponents() {
        var random = Seeded(state: 7)
        var texts: [String] = []
        for _ in 0 ..< 60_000 {
            let digits = Int.random(in: 1 ... 20, using: &random)
            var significand = String(Int.random(in: 1 ... 9, using: &random))
            for _ in 1 ..< digits { significand.append(String(Int.random(in: 0 ... 9, using: &random))) }
            let exponent = Int.random(in: -360 ... 330, using: &random)
            let negative = Bool.random(using: &random) ? "-" : ""
            if Bool.random(using: &random), digits > 1 {  // with a decimal point somewhere
                let point = Int.random(in: 1 ..< digits, using: &random)
                let index = significand.index(significand.startIndex, offsetBy: point)
                texts.append("\(negative)\(significand[..<index]).\(significand[index...])e\(exponent)")
            } else {
                texts.append("\(negative)\(significand)e\(exponent)")
            }
        }
        let failures = mismatches(texts)
        #expect(failures.count == 0, "\(failures.prefix(10))")
    }

    @Test func boundaries() {
        let texts = [
            "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308", "2.225073858507201136057409796709131975934819546351645648e-308",
            "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324",
            "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "1e308", "1e-308", "1e-323", "1e-324", "3e-324",
            "9007199254740993", "9007199254740992", "9007199254740995", "9007199254740993.0000000001",
            "1234567890123456789", "12345678901234567890", "123456789012345678901", "18446744073709551615", "18446744073709551616",
            "0.1", "0.2", "0.3", "1.1", "2.675", "1.0000000000000002", "0.9999999999999999", "5e-324", "1e23", "8.988465674311579e307",
            "7.2057594037927933e16", "123456789e-2", "1e22", "1e23", "1e-22", "9999999999999999999e-3", "4.35679e-12",
            "-0.0", "0.0", "0e10", "1e0", "100000000000000000000000e-10",
        ]
        let failures = mismatches(texts)
        #expect(failures.count == 0, "\(failures)")
    }

    /// Through the decoder, as `JSONDecoder` reads the same array.
    @Test func arraysOfDoublesMatchJSONDecoder() throws {
        var random = Seeded(state: 99)
        var values: [String] = []
        for _ in 0 ..< 5_000 {
            let value = Double(bitPattern: random.next())
            if value.isFinite { values.append(String(format: "%.17g", value)) }
        }
        let json = Data("[\(values.joined(separator: ","))]".utf8)
        let expected = try JSONDecoder().decode([Double].self, from: json)
        let decoded = try ModelDecoder(options: .init(mode: .strict)).decode([Double].self, from: json)
        #expect(decoded.map(\.bitPattern) == expected.map(\.bitPattern))
    }
}
