#if canImport(Glibc)
import Glibc
#endif

/// Number text known to match the JSON grammar (the parser validated it).
package enum JSONNumberText {
    /// Whether `text` is exactly one JSON number (`-? (0 | [1-9][0-9]*) (.[0-9]+)? ([eE][+-]?[0-9]+)?`):
    /// nil if not, else whether it is a plain integer (no fraction, no exponent).
    static func validate(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, text[index] &- UInt8(ascii: "0") < 10 { index += 1 }
            return index - start
        }
        if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
        guard index < text.count else { return nil }
        if text[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return nil
        }
        var isInteger = true
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            isInteger = false
            guard digits() > 0 else { return nil }
        }
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            isInteger = false
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        return index == text.count ? isInteger : nil
    }

    static func integer(_ text: UnsafeBufferPointer<UInt8>, isPlainInteger: Bool) -> JSONDocument.IntegerValue {
        let negative = text[0] == UInt8(ascii: "-")
        var index = negative ? 1 : 0
        if isPlainInteger, text.count - index <= 19 {  // 19 digits never overflow UInt64
            // Identifiers are most of the long integers in payloads: eight digits at a time.
            if text.count >= 8 { return .exact(negative: negative, magnitude: digitsValue(text.baseAddress!, index ..< text.count)) }
            var value: UInt64 = 0
            while index < text.count {
                value = value &* 10 &+ UInt64(text[index] &- UInt8(ascii: "0"))
                index += 1
            }
            return .exact(negative: negative, magnitude: value)
        }
        let decimal = DecimalDigits(text)
        if decimal.digitCount == 0 { return .exact(negative: negative, magnitude: 0) }
        if decimal.exponent < 0 { return .notIntegral }  // its last significant digit is a fraction
        if decimal.overflowed || decimal.digitCount + decimal.exponent > 20 { return .outOfRange }
        var value = decimal.mantissa
        for _ in 0 ..< decimal.exponent {
            let (times10, overflow) = value.multipliedReportingOverflow(by: 10)
            if overflow { return .outOfRange }
            value = times10
        }
        return .exact(negative: negative, magnitude: value)
    }

    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        let negative = text[0] == UInt8(ascii: "-")
        let decimal = ShortDecimal(text) ?? ShortDecimal(DecimalDigits(text))
        if !decimal.overflowed, let value = double(negative: negative, mantissa: decimal.mantissa, exponent: decimal.exponent) {
            return value
        }
        // Slow path: C's correctly rounded conversion from a copy on the stack (a String for
        // each long number was an allocation per number) while the decimal point is `.`;
        // otherwise the standard library's, which ignores the locale.
        #if canImport(Glibc)
        // Safety: `localeconv` returns the C library's static locale data; the buffer holds the text and its NUL, written before `strtod` reads it.
        if let point = localeconv()?.pointee.decimal_point, point[0] == 0x2E, point[1] == 0 {
            return withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
                for index in 0 ..< text.count { buffer[index] = CChar(bitPattern: text[index]) }
                buffer[text.count] = 0
                return strtod(buffer.baseAddress!, nil)
            }
        }
        #endif
        return Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    /// `mantissa × 10^exponent` correctly rounded, for up to 19 significant digits (Eisel
    /// and Lemire's method): the mantissa, normalized, times a 128-bit approximation of
    /// 5^exponent (`PowersOfFive`) gives the result's significand and the bits below it,
    /// which decide the rounding; a binary exponent comes from a linear approximation of
    /// log2(10). Nil where those bits cannot decide (a product whose lowest bits might
    /// carry, or an exact tie outside the exponents where one can occur), for the slow path.
    @inline(__always)
    static func eiselLemire(_ mantissa: UInt64, _ exponent: Int) -> Double? {
        if mantissa == 0 || exponent < PowersOfFive.smallestExponent { return 0 }
        if exponent > PowersOfFive.largestExponent { return .infinity }
        let zeros = mantissa.leadingZeroBitCount
        let normalized = mantissa << zeros
        let entry = 2 * (exponent - PowersOfFive.smallestExponent)
        var (high, low) = normalized.multipliedFullWidth(by: PowersOfFive.table[entry])
        if high & 0x1FF == 0x1FF {  // the 55 bits kept might change with the table's low word
            let (carry, _) = normalized.multipliedFullWidth(by: PowersOfFive.table[entry + 1])
            let (sum, overflow) = low.addingReportingOverflow(carry)
            low = sum
            if overflow { high &+= 1 }
            if high & 0x1FF == 0x1FF, low == .max { return nil }  // still undecided
        }
        let upper = Int(high >> 63)
        var significand = high >> (upper + 9)
        // floor(log2(10^exponent)) + 63, exact over the table's range, and the normalization.
        var binaryExponent = ((217_706 * exponent) >> 16) + 63 + upper - zeros + 1023
        if binaryExponent <= 0 {  // subnormal (or zero): shift down to the smallest exponent (no tie can occur here)
            let shift = 1 - binaryExponent
            if shift >= 64 { return 0 }
            significand >>= shift
            significand += significand & 1
            significand >>= 1
            binaryExponent = significand < (1 << 52) ? 0 : 1
            return Double(sign: .plus, exponentBitPattern: UInt(binaryExponent), significandBitPattern: significand & ((1 << 52) - 1))
        }
        if low <= 1, significand & 3 == 1 {  // possibly halfway between two doubles
            // An exact tie needs 5^exponent to be exact here: only for small exponents.
            guard exponent >= -4, exponent <= 23 else { return nil }
            if significand << (upper + 9) == high { significand &= ~1 }  // a tie: to even
        }
        significand += significand & 1
        significand >>= 1
        if significand >= 1 << 53 {
            significand = 1 << 52
            binaryExponent += 1
        }
        if binaryExponent >= 0x7FF { return .infinity }
        return Double(sign: .plus, exponentBitPattern: UInt(binaryExponent), significandBitPattern: significand & ((1 << 52) - 1))
    }

    /// `mantissa × 10^exponent` (a mantissa of up to 19 digits), signed, by the fast paths;
    /// nil where they cannot decide (then `double(_:)` falls back to the C library, from
    /// the text). The parser's conversion and `double(_:)`'s.
    @inline(__always)
    static func double(negative: Bool, mantissa: UInt64, exponent: Int) -> Double? {
        var value: Double = 0
        if mantissa == 0 {
            value = 0
        } else if mantissa <= 1 << 53, exponent >= -22, exponent <= 22 {
            // Clinger: the mantissa and a power of ten up to 22 are both exact doubles, so one
            // multiplication or division rounds correctly.
            value = exponent >= 0 ? Double(mantissa) * exactPowerOfTen(exponent) : Double(mantissa) / exactPowerOfTen(-exponent)
        } else if let approximated = eiselLemire(mantissa, exponent) {
            value = approximated
        } else {
            return nil
        }
        return negative ? -value : value
    }

    /// Appends the digits from `index` on (up to `count`) to `mantissa` and returns how many
    /// there were (`mantissa` wraps past 19: the caller checks the count), eight at a time
    /// while eight bytes remain; a run's last one to seven digits come from the same word,
    /// moved to its top and led by ASCII zeros. The parser's fraction loop and `ShortDecimal`.
    @inline(__always)
    static func addDigits(_ base: UnsafeRawPointer, count: Int, at index: inout Int, to mantissa: inout UInt64) -> Int {
        let start = index
        while index &+ 8 <= count {
            // Safety: the loop reads a word only while `index + 8 <= count`.
            let word = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            let nonDigits = nonDigits(word)
            if nonDigits == 0 {
                mantissa = mantissa &* 100_000_000 &+ eightDigitsValue(word)
                index &+= 8
                continue
            }
            let run = nonDigits.trailingZeroBitCount &>> 3
            if run > 0 {
                let shift = UInt64(8 &* (8 &- run))
                let padded = (word &<< shift) | (0x3030_3030_3030_3030 & ((1 &<< shift) &- 1))
                mantissa = mantissa &* powerOfTen(run) &+ eightDigitsValue(padded)
                index &+= run
            }
            return index &- start
        }
        while index < count {
            // Safety: `index < count`, a byte of the text.
            let digit = base.load(fromByteOffset: index, as: UInt8.self) &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(digit)
            index &+= 1
        }
        return index &- start
    }

    /// The value of the ASCII digits at `digits` in `input` (at most 19), eight at a time;
    /// a run's last one to seven come from the word that ends with them, the bytes before
    /// them (earlier input, already read) replaced by ASCII zeros.
    @inline(__always)
    static func digitsValue(_ input: UnsafePointer<UInt8>, _ digits: Range<Int>) -> UInt64 {
        var value: UInt64 = 0
        var index = digits.lowerBound
        while digits.upperBound &- index >= 8 {
            value = value &* 100_000_000 &+ eightDigitsValue(word(input, at: index))
            index &+= 8
        }
        let remaining = digits.upperBound &- index
        guard remaining > 0 else { return value }
        guard digits.upperBound >= 8 else {
            while index < digits.upperBound {
                value = value &* 10 &+ UInt64(input[index] &- UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
        let before: UInt64 = (1 << UInt64(8 &* (8 &- remaining))) &- 1  // the bits of the bytes before the run
        let padded = (word(input, at: digits.upperBound &- 8) & ~before) | (0x3030_3030_3030_3030 & before)
        return value &* powerOfTen(remaining) &+ eightDigitsValue(padded)
    }

    /// The eight bytes at `index`, the first in the lowest byte.
    @inline(__always)
    private static func word(_ input: UnsafePointer<UInt8>, at index: Int) -> UInt64 {
        // Safety: callers read a word only where eight bytes of input remain at `index`.
        UInt64(littleEndian: UnsafeRawPointer(input + index).loadUnaligned(as: UInt64.self))
    }

    /// 10^exponent for 0 … 19: a `switch` of constants, because a global array is a lazy
    /// global, read through a `swift_once` call and a bounds check every time.
    @inline(__always)
    static func powerOfTen(_ exponent: Int) -> UInt64 {
        switch exponent {
        case 0: 1
        case 1: 10
        case 2: 100
        case 3: 1000
        case 4: 10000
        case 5: 100_000
        case 6: 1_000_000
        case 7: 10_000_000
        case 8: 100_000_000
        case 9: 1_000_000_000
        case 10: 10_000_000_000
        case 11: 100_000_000_000
        case 12: 1_000_000_000_000
        case 13: 10_000_000_000_000
        case 14: 100_000_000_000_000
        case 15: 1_000_000_000_000_000
        case 16: 10_000_000_000_000_000
        case 17: 100_000_000_000_000_000
        case 18: 1_000_000_000_000_000_000
        default: 10_000_000_000_000_000_000
        }
    }

    /// The value of eight ASCII digits (the first in the lowest byte), by combining pairs,
    /// then pairs of pairs, then the two halves.
    @inline(__always)
    static func eightDigitsValue(_ word: UInt64) -> UInt64 {
        var value = word &- 0x3030_3030_3030_3030
        value = (value &* 10) &+ (value >> 8)  // each even byte: two digits
        value = (((value & 0x0000_00FF_0000_00FF) &* 0x000F_4240_0000_0064)
            &+ (((value >> 16) & 0x0000_00FF_0000_00FF) &* 0x0000_2710_0000_0001)) >> 32
        return value
    }

    /// 10^exponent for 0 … 22, each exactly a `Double` (a `switch`, as `powerOfTen`).
    @inline(__always)
    static func exactPowerOfTen(_ exponent: Int) -> Double {
        switch exponent {
        case 0: 1e0
        case 1: 1e1
        case 2: 1e2
        case 3: 1e3
        case 4: 1e4
        case 5: 1e5
        case 6: 1e6
        case 7: 1e7
        case 8: 1e8
        case 9: 1e9
        case 10: 1e10
        case 11: 1e11
        case 12: 1e12
        case 13: 1e13
        case 14: 1e14
        case 15: 1e15
        case 16: 1e16
        case 17: 1e17
        case 18: 1e18
        case 19: 1e19
        case 20: 1e20
        case 21: 1e21
        default: 1e22
        }
    }

    /// The bytes of `word` that are not ASCII digits, as their high bits; zero when all
    /// eight are digits, else the first non-digit (the first byte is the lowest) is at
    /// `trailingZeroBitCount >> 3`. A byte is a digit when neither adding 0x46 nor
    /// subtracting 0x30 takes it past 0x7F; a carry or borrow only reaches the bytes after
    /// the first non-digit, so that one is marked exactly (later bytes may be marked wrongly).
    @inline(__always)
    static func nonDigits(_ word: UInt64) -> UInt64 {
        ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080
    }

    /// The exponent written from `index` (at an `e` or `E`, or the end: 0), clamped so that
    /// `1e999999999999` cannot overflow.
    @inline(__always)
    static func writtenExponent(_ text: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        guard index < text.count else { return 0 }
        index += 1
        var negative = false
        if text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var written = 0
        while index < text.count {
            written = min(written * 10 + Int(text[index] &- UInt8(ascii: "0")), 1_000_000_000)
            index += 1
        }
        return negative ? -written : written
    }
}
