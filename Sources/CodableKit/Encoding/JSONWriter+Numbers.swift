/// Numbers written straight into the output, as `JSONEncoder` writes them, without a
/// `String` per number: integers in decimal, `Double` and `Float` as their `description`
/// (the shortest digits that read back, `ShortestDigits`) without a trailing `.0`.
extension JSONWriter {
    /// An integer's digits.
    @inline(__always)
    mutating func writeInteger<I: FixedWidthInteger>(_ value: I) {
        // A wider integer beyond 64 bits (`Int128`), by its description; for the others the
        // test is false at compile time.
        if I.bitWidth > 64, value.magnitude > UInt64.max {
            var text = String(value)
            return text.withUTF8 { bytes.append($0) }
        }
        let magnitude = UInt64(truncatingIfNeeded: value.magnitude)
        if magnitude < 10 {  // the commonest integers: one digit
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            return bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
        }
        let out = bytes.reserve(21)
        var at = out
        if value < 0 {
            // Safety: a sign and at most 20 digits, inside the 21 bytes reserved.
            at.pointee = UInt8(ascii: "-")
            at += 1
        }
        let count = Self.digitCount(magnitude)
        Self.writeDigits(magnitude, count: count, at: at)
        bytes.commit(upTo: at + count)
    }

    /// A finite `Double`: its `description` (the shortest digits that read back; `1e-07`,
    /// `1.5e+300` beyond 2^53 or below 10^-4) without the `.0` of an integral value (`86400`, `-0`).
    mutating func writeDouble(_ value: Double) {
        guard value != 0 else { return writeZero(negative: value.sign == .minus) }
        let (digits, exponent) = ShortestDigits.of(value)
        writeDecimal(digits, exponent, negative: value < 0, exponential: value.magnitude > 0x1p53)
    }

    /// A finite `Float`, as for a `Double` (exponential beyond 2^24).
    mutating func writeFloat(_ value: Float) {
        guard value != 0 else { return writeZero(negative: value.sign == .minus) }
        let (digits, exponent) = ShortestDigits.of(value)
        writeDecimal(digits, exponent, negative: value < 0, exponential: value.magnitude > 0x1p24)
    }

    private mutating func writeZero(negative: Bool) {
        if negative { bytes.append(UInt8(ascii: "-")) }
        bytes.append(UInt8(ascii: "0"))
    }

    /// `digits × 10^exponent` in `description`'s layout: `0.000123`, `12.5`, `1250`, `1.25e+20`,
    /// `1e-05`. `digits` is below 10^17 (a `Double`'s or `Float`'s shortest digits).
    ///
    /// All seventeen places are written at once, leading zeros included, past the room the
    /// number takes (`writeSeventeen`), and the significant ones moved into place sixteen at a
    /// time: loops over the digits' count or the places before the point would run a different
    /// number of times for neighbouring numbers, each exit a mispredicted branch.
    private mutating func writeDecimal(_ digits: UInt64, _ exponent: Int, negative: Bool, exponential: Bool) {
        let count = Self.digitCount(digits)
        let point = exponent + count  // the value is 0.digits × 10^point
        // The layout in the first 40 bytes (at most a sign, `0.000`, 17 digits and 16 more
        // stored past them; or a sign, 17 digits, `.`, `e+308`), the 17 places at 40 ..< 57,
        // read up to 16 bytes past their first significant digit.
        let out = bytes.reserve(80)
        let places = out + 40
        Self.writeSeventeen(digits, at: places)
        let first = UnsafeRawPointer(places + (17 &- count))  // the first significant digit
        var at = out
        // Safety (every write and read below): inside the 80 bytes reserved, as laid out above.
        at.pointee = UInt8(ascii: "-")
        at += negative ? 1 : 0
        if exponential || point < -3 {
            // The first digit, the others after a point, then the exponent with two digits at least.
            at[0] = first.load(as: UInt8.self)  // Safety: as above
            at[1] = UInt8(ascii: ".")
            Self.copySixteen(from: first + 1, to: at + 2)
            at += count > 1 ? count &+ 1 : 1
            let power = point - 1
            at[0] = UInt8(ascii: "e")
            at[1] = power < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            let magnitude = UInt64(power.magnitude)
            let width = Swift.max(2, Self.digitCount(magnitude))
            Self.writeDigits(magnitude, count: width, at: at + 2)
            at += 2 + width
        } else if point <= 0 {
            // `0.000` (as many zeros as -point, at most 3), then the digits.
            UnsafeMutableRawPointer(at).storeBytes(of: UInt64(0x3030_3030_3030_2E30).littleEndian, as: UInt64.self)  // Safety: as above
            at += 2 &- point
            Self.copySixteen(from: first, to: at)
            at[16] = first.load(fromByteOffset: 16, as: UInt8.self)  // Safety: as above
            at += count
        } else if point < count {
            // The digits, then those after the point again one place further, the point between.
            Self.copySixteen(from: first, to: at)
            Self.copySixteen(from: first + point, to: at + point + 1)
            at[point] = UInt8(ascii: ".")
            at += count &+ 1
        } else {
            // The digits, then zeros up to the point (at most 16: the value is below 2^53 here).
            Self.copySixteen(from: first, to: at)
            at[16] = first.load(fromByteOffset: 16, as: UInt8.self)  // Safety: as above
            let zeros = UnsafeMutableRawPointer(at + count)
            // Safety (these two): as above.
            zeros.storeBytes(of: 0x3030_3030_3030_3030 as UInt64, as: UInt64.self)
            zeros.storeBytes(of: 0x3030_3030_3030_3030 as UInt64, toByteOffset: 8, as: UInt64.self)
            at += point
        }
        bytes.commit(upTo: at)
    }

    /// Sixteen bytes from `source` to `target`, as one load and one store.
    @inline(__always)
    private static func copySixteen(from source: UnsafeRawPointer, to target: UnsafeMutablePointer<UInt8>) {
        // Safety: the caller has 16 bytes at both (`writeDecimal`'s layout).
        UnsafeMutableRawPointer(target).storeBytes(of: source.loadUnaligned(as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
    }

    /// The 17 decimal places of `digits` (below 10^17) at `out`, leading zeros included: a
    /// digit and two independent eights, with no branch on how many digits there are.
    @inline(__always)
    private static func writeSeventeen(_ digits: UInt64, at out: UnsafeMutablePointer<UInt8>) {
        let high = digits / 100_000_000, top = high / 100_000_000
        out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: top)  // Safety: the caller has 17 bytes at `out`
        writeEight(high &- top &* 100_000_000, at: out + 1)
        writeEight(digits &- high &* 100_000_000, at: out + 9)
    }

    /// The number of decimal digits of `value` (1 for 0).
    @inline(__always)
    static func digitCount(_ value: UInt64) -> Int {
        // log10(2) ≈ 1233 / 4096 gives the count or one less; one comparison settles it. (A
        // literal array in a function is static data: no lazy global to check per call.)
        let powers: [UInt64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000,
                                10_000_000_000, 100_000_000_000, 1_000_000_000_000, 10_000_000_000_000, 100_000_000_000_000,
                                1_000_000_000_000_000, 10_000_000_000_000_000, 100_000_000_000_000_000,
                                1_000_000_000_000_000_000, 10_000_000_000_000_000_000]
        let estimate = ((64 - value.leadingZeroBitCount) &* 1233) >> 12
        return estimate < 20 && value >= powers[estimate] ? estimate + 1 : Swift.max(estimate, 1)
    }

    /// Writes the `count` lowest decimal digits of `value` at `out`, most significant first:
    /// eight at a time from the right, each eight as two independent fours of two pairs, so that
    /// the divisions do not wait on one another.
    @inline(__always)
    static func writeDigits(_ value: UInt64, count: Int, at out: UnsafeMutablePointer<UInt8>) {
        var value = value
        var end = count
        while end >= 8 {
            let rest = value / 100_000_000
            writeEight(value &- rest &* 100_000_000, at: out + end - 8)
            value = rest
            end -= 8
        }
        while end >= 2 {
            let rest = value / 100
            writePair(value &- rest &* 100, at: out + end - 2)
            value = rest
            end -= 2
        }
        if end == 1 { out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value) }
    }

    /// Eight digits of `value` (below 10^8), leading zeros included, as one word: the two
    /// fours in 32-bit lanes, split into pairs in 16-bit lanes, then into digits in bytes, each
    /// split a multiplication by a reciprocal that cannot carry from one lane into the next
    /// (a four times 10,486 is below 2^27; a pair times 103 below 2^14). A byte store per digit
    /// was a quarter of writing a coordinate of canada.
    @inline(__always)
    private static func writeEight(_ value: UInt64, at out: UnsafeMutablePointer<UInt8>) {
        let high = value / 10_000
        let fours = high | (value &- high &* 10_000) << 32  // the first four digits in the low lane
        let hundreds = (fours &* 10_486) >> 20 & 0x0000_007F_0000_007F  // each lane / 100
        let pairs = hundreds | (fours &- hundreds &* 100) << 16
        let tens = (pairs &* 103) >> 10 & 0x000F_000F_000F_000F  // each lane / 10
        let digits = tens | (pairs &- tens &* 10) << 8
        // Safety: the caller's `out` has room for the eight digits (`writeDigits`).
        UnsafeMutableRawPointer(out).storeBytes(of: (digits | 0x3030_3030_3030_3030).littleEndian, as: UInt64.self)
    }

    @inline(__always)
    private static func writePair(_ pair: UInt64, at out: UnsafeMutablePointer<UInt8>) {
        let tens = (pair &* 205) >> 11  // pair / 10, for pair < 100
        out[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: tens)
        out[1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: pair &- tens &* 10)
    }
}
