#if canImport(Glibc)
import Glibc
#endif

/// Reading number nodes, from their literal text, without ever trapping.
extension JSONDocument {
    /// A JSON number read as an integer.
    package enum IntegerValue: Equatable, Sendable {
        /// The exact value: its sign and magnitude (`-9223372036854775808` has magnitude 2^63).
        case exact(negative: Bool, magnitude: UInt64)
        /// The number has a non-zero fractional part (`12.5`, `1e-3`).
        case notIntegral
        /// The number is integral but beyond ±UInt64.max (`1e30`, `99999999999999999999`).
        case outOfRange
    }

    /// The number at `index` as an integer. `12.0` and `1e3` are integral; `12.5` is not.
    package func integer(_ index: Int) -> IntegerValue {
        let flags = nodes[index].flags
        if flags & Node.smallIntegerFlag != 0 { return .exact(negative: false, magnitude: UInt64(nodes[index].lengthOrCount)) }
        if flags & Node.nonFiniteFlag != 0 { return .outOfRange }
        let isInteger = nodes[index].isInteger
        return withText(index) { JSONNumberText.integer($0, isPlainInteger: isInteger) }
    }

    /// The number at `index` as a correctly rounded `Double` (±infinity beyond its range).
    /// In line, the value the parser converted (a coordinate array is little else); from
    /// the text, out of line.
    @inline(__always)
    package func double(_ index: Int) -> Double {
        let node = nodes[index]
        return node.flags & Node.valueFlag != 0 ? numberValue(node) : doubleFromText(index)
    }

    @inline(never)
    private func doubleFromText(_ index: Int) -> Double {
        if nodes[index].flags & Node.smallIntegerFlag != 0 { return Double(nodes[index].lengthOrCount) }
        if nodes[index].flags & Node.nonFiniteFlag != 0 {
            return withText(index) { $0.first == UInt8(ascii: "N") ? .nan : $0.first == UInt8(ascii: "-") ? -.infinity : .infinity }
        }
        return withText(index) { JSONNumberText.double($0) }
    }
}

extension JSONDocument {
    /// The number at `index` as an integer of up to 128 bits (for `Int128` and `UInt128`),
    /// or nil when it is not integral or out of range. As `JSONDecoder` reads them: plain
    /// digits up to ±`UInt128.max`; a number with a fraction or an exponent (`1.0`, `1e3`)
    /// as for the 64-bit types (`integer(_:as:)`).
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func wideInteger<T: FixedWidthInteger>(_ index: Int, as _: T.Type) -> T? {
        guard nodes[index].isInteger, nodes[index].flags & Node.nonFiniteFlag == 0 else { return integer(index, as: T.self) }
        return withText(index) { text -> T? in
            let negative = text[0] == UInt8(ascii: "-")
            var magnitude: UInt128 = 0
            for digit in text[(negative ? 1 : 0)...] {
                let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times10.addingReportingOverflow(UInt128(digit &- UInt8(ascii: "0")))
                if overflow || carry { return nil }
                magnitude = sum
            }
            return T(negative: negative, magnitude: magnitude)
        }
    }
}

extension JSONDocument {
    /// The number at `index` as `T`, as `JSONDecoder` reads an integer: plain digits exactly;
    /// a number with a fraction or an exponent only where the `Double` nearest to it is a
    /// whole number that `T` holds — then that `Double` below 2^53, from there the number's
    /// own value truncated toward zero, where its significant digits fit 64 bits. So
    /// `1.00000000000000001` is 1 and `9007199254740993.5` is 9007199254740993, while `1.5`
    /// and `9007199254740993.1234` are none (nil).
    @inline(__always)
    func integer<T: FixedWidthInteger>(_ index: Int, as _: T.Type) -> T? {
        if nodes[index].flags & Node.smallIntegerFlag != 0 { return T(exactly: nodes[index].lengthOrCount) }
        if nodes[index].isInteger || nodes[index].flags & Node.nonFiniteFlag != 0 { return integer(index).exactly(T.self) }
        return integerWithFraction(index, as: T.self)
    }

    /// `integer(_:as:)` for a number with a fraction or an exponent: out of line, since
    /// integer properties seldom meet one.
    @inline(never)
    private func integerWithFraction<T: FixedWidthInteger>(_ index: Int, as _: T.Type) -> T? {
        let nearest = double(index)
        guard let rounded = T(exactly: nearest) else { return nil }
        if nearest.magnitude < 9_007_199_254_740_992 { return rounded }  // 2^53: every integer below it is a Double
        return withText(index) { text -> T? in
            let decimal = JSONNumberText.DecimalDigits(text)
            guard !decimal.overflowed else { return nil }
            var magnitude = decimal.mantissa
            if decimal.exponent < 0 {
                for _ in 0 ..< min(-decimal.exponent, 20) { magnitude /= 10 }
            } else {
                for _ in 0 ..< decimal.exponent {
                    let (times10, overflow) = magnitude.multipliedReportingOverflow(by: 10)
                    if overflow { return nil }
                    magnitude = times10
                }
            }
            guard let sized = T(exactly: magnitude) else { return nil }
            guard text[0] == UInt8(ascii: "-") else { return sized }
            return T.isSigned ? 0 - sized : nil
        }
    }
}

extension JSONDocument.IntegerValue {
    /// The value as `T`, or nil when it is not integral or does not fit `T`.
    @inline(__always)
    package func exactly<T: FixedWidthInteger>(_: T.Type) -> T? {
        guard case let .exact(negative, magnitude) = self else { return nil }
        return T(negative: negative, magnitude: magnitude)
    }
}

extension FixedWidthInteger {
    /// The value with this sign and magnitude, or nil when it does not fit.
    @inline(__always)
    init?<Magnitude: FixedWidthInteger & UnsignedInteger>(negative: Bool, magnitude: Magnitude) {
        if !negative {
            self.init(exactly: magnitude)
            return
        }
        guard Self.isSigned else {
            if magnitude != 0 { return nil }
            self = 0
            return
        }
        // -magnitude fits when magnitude ≤ |min|.
        guard magnitude <= Self.min.magnitude else { return nil }
        self = magnitude == Self.min.magnitude ? Self.min : 0 - Self(magnitude)
    }
}
