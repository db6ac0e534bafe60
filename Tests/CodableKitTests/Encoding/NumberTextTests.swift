import CodableKit
import CodableKitTestSupport
import Foundation
import Testing

/// Numbers are written without a `String` each (`ShortestDigits`, `JSONWriter+Numbers`): the
/// bytes must be `JSONEncoder`'s, compared here on a million random values of each type (every
/// finite bit pattern equally likely, and decimal-looking values, where ties and short forms
/// are) and on the boundaries.
@Suite struct NumberTextTests {
    /// Encodes `values` with both encoders, as one array, and compares the bytes.
    private static func expectSameBytes<T: Encodable>(_ values: [T], _ comment: Comment? = nil) throws {
        let mine = try ModelEncoder().encode(values), foundation = try JSONEncoder().encode(values)
        guard mine != foundation else { return }
        let ours = String(decoding: mine, as: UTF8.self).split(separator: ","), theirs = String(decoding: foundation, as: UTF8.self).split(separator: ",")
        let first = zip(ours, theirs).first { $0 != $1 }
        Issue.record("\(comment?.rawValue ?? ""): first difference \(first.map { "\($0) vs JSONEncoder's \($1)" } ?? "in length")")
    }

    static let boundaryDoubles: [Double] = {
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.5, 2.5, 1e-4, 1e-5, 0.000123, 123456.789, 1e15, 1e16, 1e17, 1e21, 1e22, 1e23,
                                .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
                                .leastNormalMagnitude.nextDown, .leastNormalMagnitude.nextUp, .pi, .ulpOfOne, 86400, Double(bitPattern: 1), Double(bitPattern: 2),
                                0x1p53, 0x1p53 - 1, 0x1p53 + 2, (0x1p53 as Double).nextDown, 0x1p54, 0x1p53 + 4, 4.35, 2.675, 1.005]
        for power in -325 ... 309 {
            let value = Double("1e\(power)")!
            values += [value, value.nextUp, value.nextDown, -value]
        }
        for power in -1074 ... 1023 { values.append(Double(sign: .plus, exponent: power, significand: 1)) }
        for subnormal in 1 ... 64 { values.append(Double(bitPattern: UInt64(subnormal))) }
        for power in -5 ... 16 {  // the point before each of 17 digits, and 0.000… ahead of them
            let value = Double("1.2345678901234567e\(power)")!
            values += [value, value.nextUp, value.nextDown, -value, Double("9.87e\(power)")!]
        }
        return values.filter(\.isFinite)
    }()

    @Test func boundaryDoublesAreWrittenAsJSONEncoderWritesThem() throws {
        try Self.expectSameBytes(Self.boundaryDoubles, "boundaries")
    }

    @Test func boundaryFloatsAreWrittenAsJSONEncoderWritesThem() throws {
        var values: [Float] = [0, -0.0, 1, 0.1, 1e-4, 1e-5, 16777216, 16777218, 0x1p24, (0x1p24 as Float).nextDown, 1e8, 3.4028235e38,
                               .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude, .pi, 7.038531e-26]
        for power in -46 ... 39 {
            let value = Float("1e\(power)")!
            values += [value, value.nextUp, value.nextDown]
        }
        for power in -149 ... 127 { values.append(Float(sign: .plus, exponent: power, significand: 1)) }
        for subnormal in 1 ... 64 { values.append(Float(bitPattern: UInt32(subnormal))) }
        try Self.expectSameBytes(values.filter(\.isFinite), "boundaries")
    }

    @Test func aMillionRandomDoublesAreWrittenAsJSONEncoderWritesThem() throws {
        var generator = SeededGenerator(seed: 56)
        for _ in 0 ..< 5 {
            var bits: [Double] = [], decimal: [Double] = []
            while bits.count < 100_000 {
                let value = Double(bitPattern: generator.next())
                if value.isFinite { bits.append(value) }
            }
            for _ in 0 ..< 100_000 {  // a few digits at some scale: what payloads hold
                let digits = Double(Int64.random(in: -99_999_999 ... 99_999_999, using: &generator))
                decimal.append(digits * pow(10, Double(Int.random(in: -12 ... 12, using: &generator))))
            }
            try Self.expectSameBytes(bits, "random bits")
            try Self.expectSameBytes(decimal, "random decimals")
        }
    }

    @Test func aMillionRandomFloatsAreWrittenAsJSONEncoderWritesThem() throws {
        var generator = SeededGenerator(seed: 57)
        for _ in 0 ..< 5 {
            var bits: [Float] = [], decimal: [Float] = []
            while bits.count < 100_000 {
                let value = Float(bitPattern: UInt32(truncatingIfNeeded: generator.next()))
                if value.isFinite { bits.append(value) }
            }
            for _ in 0 ..< 100_000 {
                decimal.append(Float(Int32.random(in: -999_999 ... 999_999, using: &generator)) * powf(10, Float(Int.random(in: -8 ... 8, using: &generator))))
            }
            try Self.expectSameBytes(bits, "random bits")
            try Self.expectSameBytes(decimal.filter(\.isFinite), "random decimals")
        }
    }

    @Test func integersOfEveryWidthAreWrittenAsJSONEncoderWritesThem() throws {
        var generator = SeededGenerator(seed: 58)
        var ints: [Int] = [0, 1, -1, 9, 10, 99, 100, -10, .max, .min, 1_000_000, 999_999_999_999]
        for power in 0 ... 18 {
            let value = (0 ..< power).reduce(1) { result, _ in result * 10 }
            ints += [value, value - 1, value + 1, -value, -(value - 1)]
        }
        ints += (0 ..< 100_000).map { _ in Int(truncatingIfNeeded: generator.next()) >> Int.random(in: 0 ... 63, using: &generator) }
        try Self.expectSameBytes(ints, "Int")
        try Self.expectSameBytes([UInt64.max, 0, 10_000_000_000_000_000_000, 9_999_999_999_999_999_999], "UInt64")
        try Self.expectSameBytes([Int8.min, .max, 0, -1], "Int8")
        try Self.expectSameBytes([Int32.min, .max, 0, -1], "Int32")
        try Self.expectSameBytes([UInt8.max, 0, 10], "UInt8")
    }
}
