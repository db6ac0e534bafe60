extension JSONNumberText {
    /// A number of up to 19 significant digits as `mantissa × 10^exponent` (trailing zeros
    /// kept in the mantissa), read eight digits at a time where eight follow: the common
    /// case of `double`, which needs no more. Nil past 19 digits (`DecimalDigits` then).
    struct ShortDecimal {
        var mantissa: UInt64 = 0
        var digitCount = 0
        var exponent = 0
        var overflowed = false

        init(_ decimal: DecimalDigits) {
            mantissa = decimal.mantissa
            digitCount = decimal.digitCount
            exponent = decimal.exponent
            overflowed = decimal.overflowed
        }

        @inline(__always)
        init?(_ text: UnsafeBufferPointer<UInt8>) {
            let count = text.count
            let base = UnsafeRawPointer(text.baseAddress!)
            var index = text[0] == UInt8(ascii: "-") ? 1 : 0
            while index < count, text[index] == UInt8(ascii: "0") { index += 1 }  // leading zeros
            var mantissa: UInt64 = 0
            var digits = 0
            digits += JSONNumberText.addDigits(base, count: count, at: &index, to: &mantissa)
            var fractionDigits = 0
            if index < count, text[index] == UInt8(ascii: ".") {
                index += 1
                let start = index
                if digits == 0 { while index < count, text[index] == UInt8(ascii: "0") { index += 1 } }  // 0.00…: not significant
                digits += JSONNumberText.addDigits(base, count: count, at: &index, to: &mantissa)
                fractionDigits = index - start
            }
            guard digits <= 19 else { return nil }
            self.mantissa = mantissa
            digitCount = digits
            exponent = JSONNumberText.writtenExponent(text, from: index) - fractionDigits
        }
    }

    /// A number as `mantissa × 10^exponent`, with leading and trailing zeros
    /// dropped: `120.50` is 1205 × 10^-2. Made without allocating.
    struct DecimalDigits {
        /// The significant digits as an integer (meaningless when `overflowed`).
        var mantissa: UInt64 = 0
        var overflowed = false
        /// How many significant digits there are (0 for zero).
        var digitCount = 0
        var exponent = 0

        init(_ text: UnsafeBufferPointer<UInt8>) {
            // Locals, not stored properties, in the loop: it runs once per digit.
            var mantissa: UInt64 = 0
            var overflowed = false
            var digitCount = 0
            var index = text[0] == UInt8(ascii: "-") ? 1 : 0
            var point = -1  // the index of the decimal point, if any
            var pendingZeros = 0  // zeros after the last non-zero digit, not yet in the mantissa
            while index < text.count {
                let digit = text[index] &- UInt8(ascii: "0")
                if digit == 0 {
                    if digitCount > 0 { pendingZeros += 1 }
                } else if digit < 10 {
                    if digitCount + pendingZeros < 19 {  // up to 19 digits always fit: no overflow checks
                        while pendingZeros > 0 {
                            mantissa &*= 10
                            digitCount += 1
                            pendingZeros -= 1
                        }
                        mantissa = mantissa &* 10 &+ UInt64(digit)
                        digitCount += 1
                    } else {
                        Self.append(digit, after: pendingZeros, to: &mantissa, &digitCount, &overflowed)
                        pendingZeros = 0
                    }
                } else if text[index] == UInt8(ascii: ".") {
                    point = index
                } else {
                    break
                }
                index += 1
            }
            let fractionDigits = point < 0 ? 0 : index - point - 1
            self.mantissa = mantissa
            self.overflowed = overflowed
            self.digitCount = digitCount
            exponent = JSONNumberText.writtenExponent(text, from: index) - fractionDigits + pendingZeros
        }

        /// A digit after `zeros` zeros, with overflow checks.
        private static func append(_ digit: UInt8, after zeros: Int, to mantissa: inout UInt64, _ digitCount: inout Int,
                                   _ overflowed: inout Bool) {
            for position in 0 ... zeros {
                let next = position == zeros ? digit : 0
                digitCount += 1
                guard !overflowed else { continue }
                let (times10, o1) = mantissa.multipliedReportingOverflow(by: 10)
                let (sum, o2) = times10.addingReportingOverflow(UInt64(next))
                if o1 || o2 { overflowed = true } else { mantissa = sum }
            }
        }
    }
}
