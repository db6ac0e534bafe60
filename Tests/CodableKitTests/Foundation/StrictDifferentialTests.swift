import CodableKitTestSupport
import Foundation
import Testing

/// The generated differential against `JSONDecoder` (see `StrictDifferential`): a small
/// run in every `swift test`; `swift run CodableKitBenchmarks strict-diff COUNT SEED` runs more.
@Suite struct StrictDifferentialTests {
    @Test func generatedCasesAgreeWithJSONDecoder() {
        let result = StrictDifferential.run(count: 3_000, seed: 18)
        for (group, cases) in result.groups.sorted(by: { $0.key < $1.key }).prefix(40) {
            Issue.record("\(cases.count)× \(group)\n\(cases[0])\n")
        }
        #expect(result.differences.isEmpty)
        #expect(result.sameValue > 0 && result.sameError > 0)
    }
}
