import Foundation
import Testing
@testable import CodableKit

/// Every report line is true: what the property got (its initial value, or the empty value
/// when it had none), the type the property is, and the JSON key the client sent.
@Suite struct ReportTruthTests {
    struct Ping: Codable { var message: String; var count: Int }
    struct Counter: CodableModel { var message = "hello"; var count = 0 }

    static func lines(_ report: DecodingReport) -> [String] { report.issues.map(\.description) }

    @Test func theEmptyValueIsNamedWhereThereWasNoInitialValue() throws {
        let (ping, report) = try ModelDecoder().decodeWithReport(Ping.self, from: Data(#"{"count": "x"}"#.utf8))
        #expect(ping.message == "" && ping.count == 0)
        #expect(Self.lines(report) == [#"message (Ping): key not found; used the empty value """#,
                                       #"count (Ping): expected Int, found a string "x"; used the empty value 0"#])
        let (counter, kept) = try Counter.decodeWithReport(from: #"{"count": null}"#)
        #expect(counter.message == "hello")
        #expect(Self.lines(kept) == ["message (Counter): key not found; kept the initial value",
                                     "count (Counter): value was null; kept the initial value"])
        #expect(!kept.description.contains("used the empty value"))
    }

    @Test func aDateReadAsANumberSaysSo() throws {
        struct Account: CodableModel { var joined = Date(timeIntervalSince1970: 0) }
        let (account, report) = try Account.decodeWithReport(from: #"{"joined": "2024-12-10T00:00:00Z"}"#)
        #expect(account.joined == Date(timeIntervalSince1970: 0))
        let line = try #require(report.issues.first).description
        #expect(line.hasPrefix(#"joined (Account): expected Date, found a string "2024-12-10T00:00:00Z"; kept the initial value"#), "\(line)")
        #expect(line.contains("seconds since 2001") && line.contains("DateTransformer"), "\(line)")
        // The error stays JSONDecoder's, in strict mode.
        #expect(throws: DecodingError.self) { try ModelDecoder(options: .init(mode: .strict)).decode(Account.self, from: Data(#"{"joined": "x"}"#.utf8)) }
    }

    @Test func theJSONKeyStandsBesideTheProperty() throws {
        struct Order: Codable { var orderId: Int; var items: [Item] }
        struct Item: Codable { var quantity: Int }
        let decoder = ModelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let (_, report) = try decoder.decodeWithReport(Order.self, from: Data(#"{"order_id": "x", "items": [{"quantity": "y"}]}"#.utf8))
        #expect(Self.lines(report) == [#"orderId ("order_id") (Order): expected Int, found a string "x"; used the empty value 0"#,
                                       #"items[0].quantity (Item): expected Int, found a string "y"; used the empty value 0"#])
        #expect(report.issues.map(\.jsonKey) == ["order_id", nil])
        #expect(report.description.contains(#"orderId ("order_id"): expected Int"#), "\(report)")
    }

    @Test func theJSONKeyStandsBesideARepairToTheInitialValue() throws {
        struct Order: CodableModel { var orderId = 7, note = "none", items: [Item] = [] }
        struct Item: CodableModel { var quantity = 1 }
        let decoder = ModelDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let json = #"{"order_id": "x", "note": null, "items": [{"quantity": {}}, {"quantity": 1e400}]}"#
        let (_, report) = try decoder.decodeWithReport(Order.self, from: Data(json.utf8))
        #expect(Self.lines(report) == [#"orderId ("order_id") (Order): expected Int, found a string "x"; kept the initial value"#,
                                       "note (Order): value was null; kept the initial value",
                                       "items[0].quantity (Item): expected Int, found an object; kept the initial value",
                                       "items[1].quantity (Item): expected Int, found the number 1e400; kept the initial value"])
        #expect(report.issues.map(\.jsonKey) == ["order_id", nil, nil, nil])
    }

    /// A missing key is named as it was looked for: the key a rule or a strategy gave it first.
    @Test func aMissingKeyIsNamedAsItWasLookedFor() throws {
        struct Order: CodableModel, Equatable { var orderId = 7, name = "" }
        struct Ruled: CodableModel, Equatable {
            var orderId = 7, name = ""
            static func mappingForKey() -> [KeyMapping]? { [.model(SnakeKeys())] }
        }
        struct DeclaredRuled: CodableModel, SynthesizedDecodable, Equatable {
            var orderId = 7, name = ""
            static func mappingForKey() -> [KeyMapping]? { [.model(SnakeKeys())] }
        }
        let (_, byStrategy) = try ModelDecoder(options: .init(keyStrategies: [SnakeKeys()])).decodeWithReport(Order.self, from: Data(#"{"name": "n"}"#.utf8))
        #expect(Self.lines(byStrategy) == [#"orderId ("order_id") (Order): key not found; kept the initial value"#])
        #expect(byStrategy.issues.map(\.jsonKey) == ["order_id"])
        let (_, plain) = try ModelDecoder().decodeWithReport(Order.self, from: Data(#"{"name": "n"}"#.utf8))
        #expect(Self.lines(plain) == ["orderId (Order): key not found; kept the initial value"])
        // Through the model's rule, with and without a plan (a declared model's array, decoded often enough).
        let objects = (0 ..< FieldPlan.learnInFirstDecode + 10).map { $0 % 50 == 0 ? #"{"name": "n"}"# : #"{"order_id": \#($0), "name": "n"}"# }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        for _ in 0 ..< 2 {
            let (_, ruled) = try ModelDecoder().decodeWithReport([Ruled].self, from: data)
            let (_, declared) = try ModelDecoder().decodeWithReport([DeclaredRuled].self, from: data)
            #expect(ruled.issues.map(\.jsonKey) == Array(repeating: "order_id", count: 6))
            #expect(ruled.issues.map(\.description) == declared.issues.map { $0.description.replacingOccurrences(of: "DeclaredRuled", with: "Ruled") })
        }
        #expect(ModelInfo.of(model: DeclaredRuled.self).hasFieldPlan)
    }

    @Test func aRequiredPropertyIsNotSaidToHaveKeptAnything() throws {
        struct Line: CodableModel { @Required var sku = ""; var count = 1 }
        let (lines, report) = try [Line].decodeWithReport(from: Data(#"[{"count": 2}, {"sku": "a"}]"#.utf8))
        #expect(lines.count == 1)
        let detail = try #require(report.issues.first?.detail)
        #expect(detail == #"the required property "sku": key not found"#, "\(report)")
    }
}

/// `firstName` ⇄ `first_name`, as the key strategies module's `SnakeCase` (the kernel's tests see no plugin).
private struct SnakeKeys: KeyStrategy {
    func decodingKeys(for propertyName: String) -> [String] { [encodingKey(for: propertyName)] }
    func encodingKey(for propertyName: String) -> String {
        propertyName.reduce(into: "") { $0 += $1.isUppercase ? "_" + $1.lowercased() : String($1) }
    }
}
