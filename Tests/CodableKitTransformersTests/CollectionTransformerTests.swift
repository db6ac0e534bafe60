import Foundation
import Testing
import CodableKitTransformers

/// A transformer mapped onto a collection property applies to each element, both ways.
@Suite struct CollectionTransformerTests {
    struct Log: CodableModel {
        var stamps: [Date] = []
        var maybe: [Date]? = nil
        var byName: [String: Date] = [:]
        static func mappingForValue() -> [ValueMapping]? {
            [CodingKeys.stamps <--- DateTransformer(.secondsSince1970),
             CodingKeys.maybe <--- DateTransformer(.secondsSince1970),
             CodingKeys.byName <--- DateTransformer(.secondsSince1970)]
        }
    }

    @Test func eachElementIsTransformedBothWays() throws {
        let log = Log(stamps: [Date(timeIntervalSince1970: 10), Date(timeIntervalSince1970: 20)],
                      maybe: [Date(timeIntervalSince1970: 30)],
                      byName: ["a": Date(timeIntervalSince1970: 40)])
        let json = try #require(log.toJSONString(options: .init(sortedKeys: true)))
        #expect(json == #"{"byName":{"a":40},"maybe":[30],"stamps":[10,20]}"#)
        let back = try Log.decode(from: json)
        #expect(back.stamps == log.stamps && back.maybe == log.maybe && back.byName == log.byName)
    }

    @Test func aValueTheTransformerDeclinesIsWrittenByItsOwnEncodable() throws {
        struct Declining: EncodableModel {
            var stamps: [Date] = [Date(timeIntervalSince1970: 1)]
            var when = Date(timeIntervalSince1970: 2)
            static func mappingForValue() -> [ValueMapping]? {
                [CodingKeys.stamps <--- FastTransformer<Date, Double>(fromJSON: { $0.map(Date.init(timeIntervalSince1970:)) },
                                                                     toJSON: { _ in nil }),
                 CodingKeys.when <--- FastTransformer<Date, Double>(fromJSON: { $0.map(Date.init(timeIntervalSince1970:)) })]
            }
        }
        struct Plain: Encodable { var stamps = [Date(timeIntervalSince1970: 1)]; var when = Date(timeIntervalSince1970: 2) }
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        #expect(try ModelEncoder(options: .init(sortedKeys: true)).encode(Declining()) == foundation.encode(Plain()))
    }

    /// SmartCodable's usual decode-only transformer: `toJSON` left out.
    @Test func aDecodeOnlyTransformerLeavesEncodingToTheValue() throws {
        struct Point: Codable, Equatable { var x = 0 }
        struct Shape: CodableModel {
            var origin = Point()
            var name = "a"
            static func mappingForValue() -> [ValueMapping]? {
                [CodingKeys.origin <--- FastTransformer<Point, String>(fromJSON: { $0.flatMap(Int.init).map { Point(x: $0) } })]
            }
        }
        var shape = Shape()
        shape.origin = Point(x: 7)
        #expect(shape.toJSONString(options: .init(sortedKeys: true)) == #"{"name":"a","origin":{"x":7}}"#)
        #expect(shape.toDictionary()?["origin"] as? [String: Int] == ["x": 7])
        #expect(Shape.deserialize(from: #"{"origin": "5"}"#)?.origin == Point(x: 5))
    }
}
