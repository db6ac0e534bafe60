/// The fewest decimal digits that read back as a given `Double` or `Float` — and of those,
/// the closest to it (the even one on a tie) — which is what `description` prints and so what
/// `JSONEncoder` writes. Computed here rather than through `description`, which makes a
/// `String` (a heap allocation, for most numbers) per number.
///
/// The algorithm is Junekey Jeon's Dragonbox ("Dragonbox: A New Floating-Point
/// Binary-to-Decimal Conversion Algorithm", 2020). The value's rounding interval is scaled by a
/// power of ten (rounded up, from `PowersOfFive`) so that its upper end has 10^κ more units than the
/// digits wanted: one product gives that end, and its remainder modulo 10^(κ+1) against the
/// interval's width decides whether a number of one digit fewer lies inside; when none does,
/// the nearest number with 10^κ's digits is read off the same remainder. A second, narrower
/// product is needed only when a remainder lands exactly on a boundary, which for most values
/// never happens.
enum ShortestDigits {
    /// `value`'s shortest digits as `digits × 10^exponent`, with no trailing zero in `digits`.
    /// `value` must be finite and not zero.
    @inline(__always)
    static func of(_ value: Double) -> (digits: UInt64, exponent: Int) {
        let bits = value.bitPattern
        let fraction = bits & (1 << 52 - 1)
        let biased = Int(bits >> 52 & 0x7FF)
        guard biased != 0 else { return nearest(Binary64.self, twiceSignificand: fraction << 1, exponent: -1074, even: fraction & 1 == 0) }
        let significand = fraction | 1 << 52, exponent = biased - 1075
        // An integer below 2^53 is its own shortest form: any decimal of fewer digits is at
        // least 1 away, and its neighbours at most 1.
        if exponent <= 0, exponent > -53, significand & (1 << UInt64(-exponent) - 1) == 0 {
            return stripped(significand >> UInt64(-exponent), 0)
        }
        if fraction == 0 { return nearestOfNarrowerBelow(Binary64.self, exponent: exponent) }
        return nearest(Binary64.self, twiceSignificand: significand << 1, exponent: exponent, even: fraction & 1 == 0)
    }

    /// As for a `Double`, for a `Float`'s own (wider) rounding interval.
    @inline(__always)
    static func of(_ value: Float) -> (digits: UInt64, exponent: Int) {
        let bits = value.bitPattern
        let fraction = UInt64(bits & (1 << 23 - 1))
        let biased = Int(bits >> 23 & 0xFF)
        guard biased != 0 else { return nearest(Binary32.self, twiceSignificand: fraction << 1, exponent: -149, even: fraction & 1 == 0) }
        let significand = fraction | 1 << 23, exponent = biased - 150
        if exponent <= 0, exponent > -24, significand & (1 << UInt64(-exponent) - 1) == 0 {
            return stripped(significand >> UInt64(-exponent), 0)
        }
        if fraction == 0 { return nearestOfNarrowerBelow(Binary32.self, exponent: exponent) }
        return nearest(Binary32.self, twiceSignificand: significand << 1, exponent: exponent, even: fraction & 1 == 0)
    }

    /// The value `twiceSignificand / 2 × 2^exponent`, whose neighbours are equally far on both
    /// sides; `even`: the significand is even, so a tie rounds to it and the interval includes
    /// its ends.
    private static func nearest<Format: BinaryFormat>(_: Format.Type, twiceSignificand twice: UInt64, exponent e: Int, even: Bool) -> (digits: UInt64, exponent: Int) {
        let kappa = Format.kappa, big = Format.bigDivisor, small = big / 10
        let minusK = (e &* 315_653) >> 20 &- kappa  // floor(log10(2^e)) - κ
        let power = Format.power(0 &- minusK)
        let beta = e &+ ((0 &- minusK) &* 1_741_647) >> 19  // e + floor(log2(10^-minusK)): 6 ... 9 (Double), 3 ... 6 (Float)
        // The interval's half width, in units of the upper end's last place.
        let delta = power.high &>> (63 &- beta)
        let upper = Format.product(twiceSignificand: (twice | 1) &<< beta, power)
        var digits = upper.integer / big
        var remainder = upper.integer &- digits &* big
        // A number of one digit fewer (a multiple of 10^(κ+1) units) inside the interval?
        if remainder < delta {
            // The upper end itself is inside only when the interval includes its ends.
            if remainder != 0 || !upper.isInteger || even { return stripped(digits, minusK &+ kappa &+ 1) }
            digits &-= 1
            remainder = big
        } else if remainder == delta {
            // On the lower end: inside if the end's fraction is past it, or it is included.
            let lower = Format.parity(twiceSignificand: twice &- 1, power, beta: beta)
            if lower.odd || (lower.isInteger && even) { return stripped(digits, minusK &+ kappa &+ 1) }
        }
        // None: the number of 10^κ units nearest the value, found from the upper end's
        // remainder less half the width (exact unless that lands on a multiple of 10^κ).
        digits &*= 10
        var distance = remainder &- delta / 2 &+ small / 2
        let approximateParity = (distance ^ (small / 2)) & 1 != 0
        let divisible = Format.divideBySmallDivisor(&distance)
        digits &+= distance
        if divisible {
            // The value's own product settles which of two neighbours, and breaks a tie to even.
            let center = Format.parity(twiceSignificand: twice, power, beta: beta)
            if center.odd != approximateParity {
                digits &-= 1
            } else if digits & 1 == 1 && center.isInteger {
                digits &-= 1
            }
        }
        return (digits, minusK &+ kappa)  // never a trailing zero: a shorter number would have been inside
    }

    /// The value `2^significandBits × 2^exponent` (a power of two past the smallest exponent):
    /// the next value down is half as far as the next up.
    @inline(never)
    private static func nearestOfNarrowerBelow<Format: BinaryFormat>(_: Format.Type, exponent e: Int) -> (digits: UInt64, exponent: Int) {
        let p = Format.significandBits
        let minusK = (e &* 631_305 &- 261_663) >> 21  // floor(log10(3/4 × 2^e))
        let power = Format.power(0 &- minusK).high
        let beta = e &+ ((0 &- minusK) &* 1_741_647) >> 19
        let shift = UInt64(64 &- p &- 1 &- beta)
        var lower = (power &- power >> UInt64(p &+ 2)) >> shift
        let upper = (power &+ power >> UInt64(p &+ 1)) >> shift
        if !(2 ... 3).contains(e) { lower &+= 1 }  // the lower end is an integer only for these exponents
        // A number of one digit fewer in the interval (both ends included: the significand is even)?
        let tenths = upper / 10
        if tenths &* 10 >= lower { return stripped(tenths, minusK &+ 1) }
        // Otherwise the value rounded to the nearest unit, the even one on a tie (which only
        // one exponent can have), and inside the interval.
        var digits = (power >> (shift &- 1) &+ 1) / 2
        if digits & 1 == 1 && e == Format.tieExponent {
            digits &-= 1
        } else if digits < lower {
            digits &+= 1
        }
        return (digits, minusK)
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

/// What `ShortestDigits` needs of a binary format beyond its shape: its κ (the digits the
/// first product keeps past the shortest), and the products of a significand with a power of
/// ten at the format's width.
private protocol BinaryFormat {
    /// The explicit significand bits.
    static var significandBits: Int { get }
    /// κ, and 10^(κ+1).
    static var kappa: Int { get }
    static var bigDivisor: UInt64 { get }
    /// The one exponent at which a power of two's nearest decimal can be a tie.
    static var tieExponent: Int { get }
    /// 10^k at the format's width, in `high` (and `low`, for a `Double`).
    static func power(_ k: Int) -> (high: UInt64, low: UInt64)
    /// The integer part of `twiceSignificand × power` scaled to the format's units, and whether
    /// nothing was cut off.
    static func product(twiceSignificand: UInt64, _ power: (high: UInt64, low: UInt64)) -> (integer: UInt64, isInteger: Bool)
    /// The lowest bit of that integer part for `twiceSignificand × 2^beta`, and whether its fraction is 0.
    static func parity(twiceSignificand: UInt64, _ power: (high: UInt64, low: UInt64), beta: Int) -> (odd: Bool, isInteger: Bool)
    /// `distance` divided by 10^κ (it is at most 10^(κ+1)); whether it was divisible.
    static func divideBySmallDivisor(_ distance: inout UInt64) -> Bool
}

extension BinaryFormat {
    /// 10^k scaled into [2^127, 2^128) and rounded up, for k in -292 ... 326: the parser's
    /// `PowersOfFive` entry (a significand of 5^k is one of 10^k), one more in the last place
    /// where that is truncated and inexact (`Scripts/generate-powers-of-five.py` checks it).
    @inline(__always)
    fileprivate static func table(_ k: Int) -> (high: UInt64, low: UInt64) {
        let index = 2 &* (k &- PowersOfFive.smallestExponent)
        // Safety: the table is read inside the closure; `index` is an even entry of it (k is within the table's exponents for every finite value).
        let (high, low) = PowersOfFive.table.withUnsafeBufferPointer { ($0[index], $0[index &+ 1]) }
        let (up, carry) = low.addingReportingOverflow(k > 55 || k < -27 ? 1 : 0)
        return (high &+ (carry ? 1 : 0), up)
    }

    /// n / 10^κ and whether n % 10^κ == 0, for n ≤ 10^(κ+1), by one multiplication: a
    /// reciprocal scaled by 2^16, whose low 16 product bits stay below it exactly for multiples.
    @inline(__always)
    fileprivate static func divide(_ n: inout UInt64, reciprocal: UInt32) -> Bool {
        let product = UInt32(truncatingIfNeeded: n) &* reciprocal
        n = UInt64(product >> 16)
        return product & 0xFFFF < reciprocal
    }
}

private enum Binary64: BinaryFormat {
    static var significandBits: Int { 52 }
    static var kappa: Int { 2 }
    static var bigDivisor: UInt64 { 1000 }
    static var tieExponent: Int { -77 }

    @inline(__always)
    static func power(_ k: Int) -> (high: UInt64, low: UInt64) { table(k) }

    /// The upper 128 bits of the 192-bit product; the integer part is the high word.
    @inline(__always)
    static func product(twiceSignificand u: UInt64, _ power: (high: UInt64, low: UInt64)) -> (integer: UInt64, isInteger: Bool) {
        let high = u.multipliedFullWidth(by: power.high)
        let (middle, carry) = high.low.addingReportingOverflow(u.multipliedFullWidth(by: power.low).high)
        return (high.high &+ (carry ? 1 : 0), middle == 0)
    }

    /// From the lower 128 bits of the 192-bit product.
    @inline(__always)
    static func parity(twiceSignificand u: UInt64, _ power: (high: UInt64, low: UInt64), beta: Int) -> (odd: Bool, isInteger: Bool) {
        let low = u.multipliedFullWidth(by: power.low)
        let high = u &* power.high &+ low.high
        let fractionAt = 64 &- beta
        return (high &>> fractionAt & 1 != 0, high &<< beta | low.low &>> fractionAt == 0)
    }

    @inline(__always)
    static func divideBySmallDivisor(_ distance: inout UInt64) -> Bool { divide(&distance, reciprocal: 656) }
}

private enum Binary32: BinaryFormat {
    static var significandBits: Int { 23 }
    static var kappa: Int { 1 }
    static var bigDivisor: UInt64 { 100 }
    static var tieExponent: Int { -35 }

    /// The 64-bit power: the 128-bit one's high word, rounded up.
    @inline(__always)
    static func power(_ k: Int) -> (high: UInt64, low: UInt64) {
        let wide = table(k)
        return (wide.high &+ (wide.low == 0 ? 0 : 1), 0)
    }

    /// The 96-bit product (a 32-bit significand by the 64-bit power); the integer part is its top 32 bits.
    @inline(__always)
    static func product(twiceSignificand u: UInt64, _ power: (high: UInt64, low: UInt64)) -> (integer: UInt64, isInteger: Bool) {
        let product = u.multipliedFullWidth(by: power.high)
        return (product.high, product.low >> 32 == 0)
    }

    /// From the lower 64 bits of the 96-bit product.
    @inline(__always)
    static func parity(twiceSignificand u: UInt64, _ power: (high: UInt64, low: UInt64), beta: Int) -> (odd: Bool, isInteger: Bool) {
        let low = u &* power.high
        return (low &>> (64 &- beta) & 1 != 0, UInt32(truncatingIfNeeded: low &>> (32 &- beta)) == 0)
    }

    @inline(__always)
    static func divideBySmallDivisor(_ distance: inout UInt64) -> Bool { divide(&distance, reciprocal: 6554) }
}
