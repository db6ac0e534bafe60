/// The fewest decimal digits that read back as a given `Double` or `Float` — and of those,
/// the closest to it (the even one on a tie) — which is what `description` prints and so what
/// `JSONEncoder` writes. Computed here rather than through `description`, which makes a
/// `String` (a heap allocation, for most numbers) per number.
///
/// The algorithm is Raffaello Giulietti's Schubfach ("The Schubfach way to render doubles",
/// 2020): the rounding interval of the value, scaled by a power of ten chosen so that it
/// holds at most one number of one digit fewer, decides between that number and the two
/// nearest of full length. Its scaled products are rounded to odd from 126-bit powers of ten
/// (`PowersOfTen`), which keeps every comparison exact.
enum ShortestDigits {
    /// `value`'s shortest digits as `digits × 10^exponent`, with no trailing zero in `digits`.
    /// `value` must be finite and not zero.
    @inline(__always)
    static func of(_ value: Double) -> (digits: UInt64, exponent: Int) {
        let bits = value.bitPattern
        let fraction = bits & (1 << 52 - 1)
        let biased = Int(bits >> 52 & 0x7FF)
        guard biased != 0 else { return shortest(significand: fraction, exponent: -1074, narrowBelow: false) }
        let significand = fraction | 1 << 52, exponent = biased - 1075
        // An integer below 2^53 is its own shortest form: any decimal of fewer digits is at
        // least 1 away, and its neighbours at most 1.
        if exponent <= 0, exponent > -53, significand & (1 << UInt64(-exponent) - 1) == 0 {
            return stripped(significand >> UInt64(-exponent), 0)
        }
        return shortest(significand: significand, exponent: exponent, narrowBelow: fraction == 0 && biased > 1)
    }

    /// As for a `Double`, for a `Float`'s own (wider) rounding interval.
    @inline(__always)
    static func of(_ value: Float) -> (digits: UInt64, exponent: Int) {
        let bits = value.bitPattern
        let fraction = UInt64(bits & (1 << 23 - 1))
        let biased = Int(bits >> 23 & 0xFF)
        guard biased != 0 else { return shortest(significand: fraction, exponent: -149, narrowBelow: false) }
        let significand = fraction | 1 << 23, exponent = biased - 150
        if exponent <= 0, exponent > -24, significand & (1 << UInt64(-exponent) - 1) == 0 {
            return stripped(significand >> UInt64(-exponent), 0)
        }
        return shortest(significand: significand, exponent: exponent, narrowBelow: fraction == 0 && biased > 1)
    }

    /// The value `significand × 2^exponent`; `narrowBelow`: the next value down is half as far
    /// as the next up (the significand is a power of two above the smallest exponent).
    private static func shortest(significand c: UInt64, exponent q: Int, narrowBelow: Bool) -> (digits: UInt64, exponent: Int) {
        // Four times the value and its interval's bounds, in units of 2^q: the interval reaches
        // halfway to each neighbour, and includes its bounds when the significand is even
        // (a tie rounds to even, so to this value).
        let excluded: UInt64 = c & 1
        let center = c << 2, upper = center + 2
        let lower = narrowBelow ? center - 1 : center - 2
        let k = narrowBelow ? (q &* 661_971_961_083 &- 274_743_187_321) >> 41 : (q &* 661_971_961_083) >> 41  // floor(log10)
        let shift = q + ((-k) &* 913_124_641_741) >> 38 + 2  // q + floor(log2(10^-k)) + 2
        let index = 2 * (-k - PowersOfTen.smallestExponent)
        // Safety: the table is read inside the closure; `index` is an even entry of it (checked in debug by the subscript).
        let (high, low) = PowersOfTen.table.withUnsafeBufferPointer { ($0[index], $0[index + 1]) }
        let scaledCenter = roundedToOdd(high, low, center << UInt64(shift))
        let scaledLower = roundedToOdd(high, low, lower << UInt64(shift))
        let scaledUpper = roundedToOdd(high, low, upper << UInt64(shift))
        let s = scaledCenter >> 2  // floor(value × 10^-k)
        if s >= 10 {
            // One digit fewer: at most one multiple of ten lies in the interval.
            let tenths = s / 10
            let down = tenths * 10, up = down + 10
            let downIn = scaledLower + excluded <= down << 2
            let upIn = up << 2 + excluded <= scaledUpper
            if downIn != upIn { return stripped(downIn ? tenths : tenths + 1, k + 1) }
        }
        let t = s + 1
        let sIn = scaledLower + excluded <= s << 2
        let tIn = t << 2 + excluded <= scaledUpper
        if sIn != tIn { return stripped(sIn ? s : t, k) }
        // Both (or, for the tiniest values, neither) in: the closer, the even one on a tie.
        let below = scaledCenter < (s + t) << 1 || (scaledCenter == (s + t) << 1 && s & 1 == 0)
        return stripped(below ? s : t, k)
    }

    /// `g × cp / 2^127` rounded to odd, where `g` is `high × 2^63 + low` (each below 2^63):
    /// the low bit is set when anything was cut off, so that comparisons with even numbers
    /// come out as with the exact product.
    @inline(__always)
    private static func roundedToOdd(_ high: UInt64, _ low: UInt64, _ cp: UInt64) -> UInt64 {
        let lowProduct = low.multipliedFullWidth(by: cp).high
        let highProduct = high.multipliedFullWidth(by: cp)
        let middle = highProduct.low >> 1 &+ lowProduct
        let floor = highProduct.high &+ middle >> 63
        return floor | (middle & (1 << 63 - 1) &+ (1 << 63 - 1)) >> 63
    }

    @inline(__always)
    private static func stripped(_ digits: UInt64, _ exponent: Int) -> (digits: UInt64, exponent: Int) {
        var (digits, exponent) = (digits, exponent)
        while digits % 10 == 0 {
            digits /= 10
            exponent += 1
        }
        return (digits, exponent)
    }
}
