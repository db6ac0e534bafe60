import Foundation
import Testing
import CodableKitTransformers

/// decode → encode → decode is the identity for every transformer, at model level.
@Suite struct TransformerRoundTripTests {
    struct Event: CodableModel, Equatable {
        var start: Date?
        var millis: Date?
        var reference: Date?
        var stamp: Date?
        var link: URL?
        var payload: Data?
        var tint: HexColor?
        var title = ""
        static func mappingForValue() -> [ValueMapping]? {
            [
                CodingKeys.start <--- DateTransformer(.secondsSince1970),
                CodingKeys.millis <--- DateTransformer(.millisecondsSince1970),
                CodingKeys.reference <--- DateTransformer(.secondsSince2001),
                CodingKeys.stamp <--- DateTransformer(.iso8601),
                CodingKeys.link <--- URLTransformer(prefix: "https://"),
                CodingKeys.payload <--- DataTransformer(),
                CodingKeys.tint <--- HexColorTransformer(),
                CodingKeys.title <--- FastTransformer<String, String>(fromJSON: { $0?.uppercased() }, toJSON: { $0?.lowercased() }),
            ]
        }
    }

    @Test func decodeEncodeDecodeIsTheIdentity() throws {
        let json = #"""
        {"start": 1700000000, "millis": 1700000000123, "reference": 12.5, "stamp": "2024-12-10T08:30:00.250+01:00",
         "link": "example.com/a b", "payload": "aGVsbG8_Pg", "tint": "#7da5e380", "title": "news"}
        """#
        let first = try Event.decode(from: json)
        #expect(first.link?.absoluteString == "https://example.com/a%20b")
        #expect(first.title == "NEWS")
        let encoded = try #require(first.toJSONString())
        let second = try Event.decode(from: encoded)
        #expect(second.start == first.start && second.millis == first.millis && second.reference == first.reference)
        #expect(second.stamp == first.stamp && second.link == first.link && second.payload == first.payload)
        #expect(second.tint == first.tint && second.title == first.title)
        let dictionary = try #require(first.toDictionary())
        #expect(dictionary["stamp"] as? String == "2024-12-10T07:30:00.250Z")
        #expect(dictionary["payload"] as? String == "aGVsbG8/Pg==")
        #expect(dictionary["tint"] as? String == "#7da5e380")   // in the form it was read (issue 68)
        #expect(dictionary["millis"] as? Int == 1_700_000_000_123)
    }
}
