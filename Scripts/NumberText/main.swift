import CodableKit
import Foundation
// Scripts/check-number-text: every positive finite Float (`floats`), or N Doubles of several
// shapes (`doubles N`), written by ModelEncoder and compared with `description`, as JSONEncoder
// writes them (without an integral value's `.0`). Prints the first mismatches and their count;
// exits 1 if there is one.
let mode = CommandLine.arguments[1]
let lock = NSLock()
nonisolated(unsafe) var bad = 0
func check<T: Encodable & CustomStringConvertible>(_ values: [T]) {
    let data = try! ModelEncoder().encode(values)
    let parts = data.dropFirst().dropLast().split(separator: UInt8(ascii: ","))
    precondition(parts.count == values.count)
    for (value, part) in zip(values, parts) {
        var expected = value.description
        if expected.hasSuffix(".0") { expected.removeLast(2) }
        if !part.elementsEqual(expected.utf8) {
            lock.lock(); bad += 1; if bad < 20 { print("mismatch", String(decoding: part, as: UTF8.self), expected) }; lock.unlock()
        }
    }
}
if mode == "floats" {
    let total: UInt32 = 0x7F80_0000  // +inf's bits: every positive finite below
    let chunk: UInt32 = 1 << 20
    DispatchQueue.concurrentPerform(iterations: Int(total / chunk) + 1) { i in
        let start = UInt32(i) * chunk
        guard start < total else { return }
        let end = min(total, start + chunk)
        check((max(start, 1) ..< end).map { Float(bitPattern: $0) })
    }
    print("every positive finite Float: \(bad) mismatches")
} else {
    let n = Int(CommandLine.arguments[2])!
    DispatchQueue.concurrentPerform(iterations: n / 1_000_000) { i in
        var g = SystemRandomNumberGenerator()
        var values: [Double] = []
        values.reserveCapacity(1_000_000)
        while values.count < 1_000_000 {
            switch values.count % 4 {
            case 0: let v = Double(bitPattern: g.next()); if v.isFinite && v != 0 { values.append(v) }
            case 1: values.append(Double(Int64.random(in: -999_999_999_999 ... 999_999_999_999, using: &g)) * pow(10, Double(Int.random(in: -25 ... 25, using: &g))))
            case 2: values.append(Double.random(in: -180 ... 180, using: &g))
            default: values.append(Double(sign: .plus, exponent: Int.random(in: -1074 ... 1023, using: &g), significand: 1).nextUp.nextDown * (Bool.random(using: &g) ? 1 : 1 + Double.ulpOfOne * Double(Int.random(in: 1...8, using: &g))))
            }
        }
        check(values.filter { $0 != 0 && $0.isFinite })
    }
    print("\(n) Doubles: \(bad) mismatches")
}
if bad > 0 { exit(1) }
