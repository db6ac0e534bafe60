import Foundation
import Testing
import CodableKit

/// Nested models repaired at every level, and the report that lists the repairs.
@Suite struct NestedModelReportTests {
    struct Runway: DecodableModel {
        var direction = ""
        var distance = 0
        var surface = "unknown"
    }

    struct Airport: DecodableModel {
        var name = ""
        var coordinates: [Double] = []
        var runways: [Runway] = []
    }

    @Test func decodingExample() throws {
        let json = #"""
        [{"name": "Anaa", "coordinates": ["-145.5", -17.3],
          "runways": [{"direction": "N", "distance": "1500"}, {"distance": "far"}, null]}]
        """#
        let (airports, report) = try [Airport].decodeWithReport(from: json)
        #expect(airports[0].coordinates == [-145.5, -17.3])
        #expect(airports[0].runways.map(\.distance) == [1500, 0])
        #expect(airports[0].runways.map(\.surface) == ["unknown", "unknown"])
        print(report)
        #expect(report.description == """
        DecodingReport: 7 repairs
        ├─ Airport
        │  ├─ [0].coordinates[0]: converted string to Double
        │  └─ [0].runways[2]: element could not be decoded; left out of the collection (expected Runway, found null)
        └─ Runway
           ├─ [0].runways[0].distance: converted string to Int
           ├─ [0].runways[0].surface: key not found; kept the initial value
           ├─ [0].runways[1].direction: key not found; kept the initial value
           ├─ [0].runways[1].distance: expected Int, found a string "far"; kept the initial value
           └─ [0].runways[1].surface: key not found; kept the initial value
        """)
    }
}
