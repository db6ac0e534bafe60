import Foundation
import Testing
@testable import CodableKit

/// Values in reports are written as compact JSON, not Swift's debug output.
@Suite struct ReportTextTests {
    @Test func jsonValuesDescribeThemselvesAsJSON() throws {
        #expect("\(JSONValue.string("refunded"))" == #""refunded""#)
        #expect("\(JSONValue.object(["type": .string("hologram")]))" == #"{"type":"hologram"}"#)
        #expect("\(JSONValue.array([.int(1), .double(2.5), .bool(true), .null]))" == "[1,2.5,true,null]")
    }

    @Test func transformFailedSaysWhichValueWasRejected() throws {
        struct Never: ValueTransformable {
            func transformFromJSON(_ value: JSONValue) -> Int? { nil }
            func transformToJSON(_ value: Int) -> Int? { value }
        }
        struct Model: DecodableModel {
            var value = 1
            static func mappingForValue() -> [ValueMapping]? { [CodingKeys.value <--- Never()] }
        }
        let (_, report) = try Model.decodeWithReport(from: #"{"value": {"a": [1, "x"]}}"#)
        #expect(report.issues.first?.kind == .transformFailed)
        #expect(report.issues.first?.detail?.contains(#"{"a":[1,"x"]}"#) == true, "\(report)")
    }
}
