import Foundation
import Testing
@testable import CodableKit

/// `@Required`: a property whose absence or unusable value fails its model instead of
/// falling back, so that the model is dropped, falls back, or fails where it is held.
@Suite struct RequiredTests {
    struct Item: CodableModel, Equatable {
        @Required var id = 0
        var name = ""
    }

    struct Order: CodableModel, Equatable {
        var items: [Item] = []
        var main: Item? = nil
        var fixed = Item(id: 99, name: "fallback")
    }

    @Test func anElementWithoutItsRequiredPropertyIsDroppedAndRecorded() throws {
        let (items, report) = try [Item].decodeWithReport(from: Data(#"[{"id": 1, "name": "a"}, {"name": "no id"}, {"id": null}, {"id": "x"}, {"id": "4", "name": "d"}]"#.utf8))
        #expect(items.map(\.id) == [1, 4])
        #expect(report.issues.map(\.path) == ["[1]", "[2]", "[3]", "[4].id"])
        #expect(report.issues.prefix(3).allSatisfy { $0.kind == .elementDropped })
        #expect(report.issues[0].detail?.contains(#"the required property "id""#) == true, "\(report)")
        #expect(report.issues[3].kind == .converted(from: "string", to: "Int"))  // a conversion is no failure
    }

    @Test func nestedModelsFallBackWhereTheyAreHeld() throws {
        let (order, report) = try Order.decodeWithReport(from: #"{"items": [{"id": 1, "name": ""}, {}], "main": {"name": "x"}, "fixed": {"id": null}}"#)
        #expect(order.items == [Item(id: 1)])
        #expect(order.main == nil)
        #expect(order.fixed == Item(id: 99, name: "fallback"))
        #expect(report.issues.map(\.path) == ["items[1]", "main", "fixed"], "\(report)")
        #expect(report.issues.map(\.modelType) == ["Order", "Order", "Order"])
    }

    @Test func aTopLevelModelFails() throws {
        #expect(throws: DecodingError.self) { try Item.decode(from: #"{"name": "no id"}"#) }
        #expect(Item.deserialize(from: #"{"name": "no id"}"#) == nil)
        #expect(try Item.decode(from: #"{"id": 7}"#) == Item(id: 7))
    }

    @Test func strictModeIsUnchanged() throws {
        struct Plain: Codable { var id: Int; var name: String }
        for json in [#"{"name": "a"}"#, #"{"id": null, "name": "a"}"#, #"{"id": "x", "name": "a"}"#] {
            let foundation = Result { try JSONDecoder().decode(Plain.self, from: Data(json.utf8)) }
            let ours = Result { try ModelDecoder(options: .init(mode: .strict)).decode(Item.self, from: Data(json.utf8)) }
            guard case let .failure(expected) = foundation, case let .failure(error) = ours else {
                Issue.record("both should fail: \(json)")
                continue
            }
            #expect(DropInTests.describe(expected) == DropInTests.describe(error), "\(json)")
        }
    }

    @Test func updateKeepsTheCurrentValueOfAnAbsentKey() throws {
        var item = Item(id: 5, name: "a")
        item.update(from: #"{"name": "b"}"#)
        #expect(item == Item(id: 5, name: "b"))
    }

    @Test func encodedLikeTheValueAndRoundTrips() throws {
        let item = Item(id: 3, name: "n")
        #expect(item.toJSONString(options: .init(sortedKeys: true)) == #"{"id":3,"name":"n"}"#)
        #expect(try Item.decode(from: item.toJSONString()!) == item)
        #expect(try JSONDecoder().decode(Item.self, from: JSONEncoder().encode(item)) == item)
    }

    @Test func optionalRequiredPropertiesNeedAValueToo() throws {
        struct Tagged: CodableModel, Equatable { @Required var tag: String? = nil }
        #expect(try [Tagged].decode(from: Data(#"[{"tag": "a"}, {"tag": null}, {}]"#.utf8)) == [Tagged(tag: "a")])
    }
}
