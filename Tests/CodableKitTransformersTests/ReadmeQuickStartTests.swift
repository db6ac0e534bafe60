import Foundation
import Testing
import CodableKitTransformers

/// The README's first example, verbatim, so that it cannot rot.
@Suite struct ReadmeQuickStartTests {
    struct User: CodableModel {
        var name = "anonymous"
        var age = 18
        var joined: Date?
        var tags: [String] = []
        static func mappingForValue() -> [ValueMapping]? { [CodingKeys.joined <--- DateTransformer(.iso8601)] }
    }

    @Test func quickStartExample() throws {
        let json = #"{"name": null, "age": "27", "joined": "2024-12-10T08:30:00Z", "tags": ["a", 1, null]}"#
        let (user, report) = try User.decodeWithReport(from: json)
        #expect(user.name == "anonymous")
        #expect(user.age == 27)
        #expect(user.joined == Date(timeIntervalSince1970: 1_733_819_400))
        #expect(user.tags == ["a", "1"])
        #expect(report.description == """
        DecodingReport: 4 repairs
        └─ User
           ├─ name: value was null; kept the initial value
           ├─ age: converted string to Int
           ├─ tags[1]: converted number to String
           └─ tags[2]: element could not be decoded; left out of the collection (expected String, found null)
        """)
        #expect(user.toJSONString(options: .init(sortedKeys: true))
            == #"{"age":27,"joined":"2024-12-10T08:30:00Z","name":"anonymous","tags":["a","1"]}"#)
    }
}
