import Foundation
import Testing
import CodableKit

/// Inputs the fuzz targets (Fuzz/) stopped on, kept as tests.
@Suite struct FuzzRegressionTests {
    /// FuzzDifferential, 2026-11-21: `JSONSerialization` reads negative zero with a fraction
    /// as the integer 0, CodableKit as the double -0.0. The same number: the target now
    /// compares numbers by value. CodableKit's reading is exact.
    @Test func negativeZeroWithAFraction() throws {
        let json = "[-0.000000000000000000000000000000000000000000000000000000000000000000000000000000]\n"
        #expect(try JSONValue(parsing: json) == .array([.double(-0.0)]))
        #expect(try ModelDecoder().decode([Double].self, from: Data(json.utf8))[0].bitPattern == (-0.0).bitPattern)
        #expect(try ModelDecoder().decode([Int].self, from: Data(json.utf8)) == [0])
        let foundation = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [NSNumber])
        #expect(foundation[0].doubleValue == 0)
    }
}
