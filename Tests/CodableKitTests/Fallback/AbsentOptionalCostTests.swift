import Foundation
import Testing
import CodableKit

/// An absent optional whose type is not `Hashable` (a nested model) is nil for every
/// object without a fresh `init()` each: nil is one value.
@Suite struct AbsentOptionalCostTests {
    static let inits = Locked(0)

    struct Inner: DecodableModel { var x = 0 }
    struct Outer: DecodableModel {
        var id = 0
        var inner: Inner? = nil
        init() { AbsentOptionalCostTests.inits.withLock { $0 += 1 } }
    }

    @Test func initRunsOncePerDecodeNotPerObject() throws {
        let json = "[" + (0 ..< 100).map { #"{"id": \#($0)}"# }.joined(separator: ",") + "]"
        // The first decode learns the shape (two init()s), the second the field plan (two more:
        // the type was met before), each once per process.
        for _ in 0 ..< 2 { _ = try ModelDecoder().decode([Outer].self, from: Data(json.utf8)) }
        let before = Self.inits.withLock { $0 }
        let outers = try ModelDecoder().decode([Outer].self, from: Data(json.utf8))
        #expect(outers.count == 100 && outers.allSatisfy { $0.inner == nil })
        #expect(Self.inits.withLock { $0 } - before <= 1)
    }
}
