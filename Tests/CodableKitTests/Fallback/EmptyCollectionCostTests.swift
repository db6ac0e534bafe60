import Foundation
import Testing
import CodableKit

/// An empty array, set or dictionary of a non-`Hashable` element is one value too:
/// repairing it in every object costs one `init()` per decode, not one per object.
@Suite struct EmptyCollectionCostTests {
    static let inits = Locked(0)

    struct Runway: DecodableModel { var length = 0 }
    struct Airport: DecodableModel {
        var id = 0
        var runways: [Runway] = []
        var byName: [String: Runway] = [:]
        init() { EmptyCollectionCostTests.inits.withLock { $0 += 1 } }
    }

    @Test func initRunsOncePerDecodeNotPerObject() throws {
        let json = "[" + (0 ..< 100).map { #"{"id": \#($0), "runways": "none", "byName": 3}"# }.joined(separator: ",") + "]"
        _ = try ModelDecoder().decode([Airport].self, from: Data(json.utf8))  // learns the shape (two init()s)
        let before = Self.inits.withLock { $0 }
        let (airports, report) = try ModelDecoder().decodeWithReport([Airport].self, from: Data(json.utf8))
        #expect(airports.count == 100 && airports.allSatisfy { $0.runways.isEmpty && $0.byName.isEmpty })
        #expect(report.issues.count == 200)
        #expect(Self.inits.withLock { $0 } - before <= 1)
    }
}
