import Foundation
import Testing
import CodableKit

/// When `init()` runs. Serialized: both tests read one app-wide counter.
@Suite(.serialized) struct InitCountTests {
    @Test func initRunsOnlyWhenAFallbackIsNeeded() throws {
        Counted.calls.withLock { $0 = 0 }
        _ = try #require([Counted].deserialize(from: #"[{"a": 1, "b": 2}, {"a": 3, "b": 4}]"#))
        #expect(Counted.calls.withLock { $0 } == 0)
    }

    @Test func constantInitialValuesCostOneInitPerDecodeNotPerObject() throws {
        _ = Counted.deserialize(from: "{}")  // the type's shape is learned once per process
        Counted.calls.withLock { $0 = 0 }
        let values = try #require([Counted].deserialize(from: #"[{"a": 1}, {"a": 3, "b": "x"}, {"b": 6}, {}]"#))
        #expect(values.map(\.a) == [1, 3, 0, 0])
        #expect(values.map(\.b) == [0, 0, 6, 0])
        #expect(Counted.calls.withLock { $0 } == 1)
    }
}

/// A model that counts how often its `init()` runs.
struct Counted: DecodableModel {
    static let calls = Locked(0)
    var a = 0
    var b = 0
    init() { Self.calls.withLock { $0 += 1 } }
}
