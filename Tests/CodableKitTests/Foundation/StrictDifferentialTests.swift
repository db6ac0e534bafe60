import CodableKitTestSupport
import Foundation
import Testing

/// The generated differential against `JSONDecoder` (see `StrictDifferential`): a small
/// run in every `swift test`; more with `STRICT_DIFF_COUNT` (and `STRICT_DIFF_SEED`), e.g.
/// `STRICT_DIFF_COUNT=20000 swift test -c release -Xswiftc -enable-testing --filter StrictDifferentialTests`.
@Suite struct StrictDifferentialTests {
    @Test func generatedCasesAgreeWithJSONDecoder() {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["STRICT_DIFF_COUNT"].flatMap { Int($0) } ?? 3_000
        let seed = environment["STRICT_DIFF_SEED"].flatMap { UInt64($0) } ?? 18
        let result = StrictDifferential.run(count: count, seed: seed)
        print("\(result.cases) cases, seed \(seed): \(result.sameValue) same value, \(result.sameError) same error, "
            + "\(result.documented) documented differences, \(result.differences.count) other differences in \(result.groups.count) groups")
        for (group, cases) in result.groups.sorted(by: { $0.key < $1.key }).prefix(40) {
            Issue.record("\(cases.count)× \(group)\n\(cases[0])\n")
        }
        #expect(result.differences.isEmpty)
        #expect(result.sameValue > 0 && result.sameError > 0)
    }
}
