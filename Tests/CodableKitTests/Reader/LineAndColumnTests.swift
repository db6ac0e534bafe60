import Testing
@testable import CodableKit

/// The position errors and partial documents report, counted eight bytes at a time, against
/// counting byte by byte.
@Suite struct LineAndColumnTests {
    @Test func countsAsByteByByteAtEveryOffset() {
        var generator = SystemRandomNumberGenerator()
        let alphabet: [UInt8] = [0x0A, 0x0A, 0x20, 0x41, 0x0B, 0x8A, 0xC3, 0xA9, 0xFF, 0x09, 0x0D]
        for length in [0, 1, 7, 8, 9, 63, 200] {
            let bytes = (0 ..< length).map { _ in alphabet.randomElement(using: &generator)! }
            bytes.withUnsafeBufferPointer { buffer in
                for offset in 0 ... length {
                    var (line, lineStart) = (1, 0)
                    for index in 0 ..< offset where bytes[index] == 0x0A { (line, lineStart) = (line + 1, index + 1) }
                    let column = 1 + bytes[lineStart ..< offset].filter { $0 & 0xC0 != 0x80 }.count
                    let counted = JSONReadError.lineAndColumn(of: offset, in: buffer)
                    #expect(counted.line == line && counted.column == column, "\(bytes) at \(offset)")
                }
            }
        }
    }
}
