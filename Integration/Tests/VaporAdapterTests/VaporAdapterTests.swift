import CodableKit
import Foundation
import Testing
import Vapor
import VaporTesting

/// The Servers article's Vapor adapter, serving live requests over loopback as a client
/// sends them: a messy body repaired (the report through `DecodingLog`), the same body
/// rejected in strict mode with the field named, a truncated or hostile body answered with
/// a 400, a body over the route's limit with a 413.
@Suite(.serialized) struct VaporAdapterTests {  // DecodingLog is process-wide
    static func withOrders<T>(strict: Bool, _ test: (any TestingApplicationTester) async throws -> T) async throws -> T {
        try await withApp { app in
            ContentConfiguration.global = .codableKit(strict: strict)
            app.on(.POST, "orders", body: .collect(maxSize: "1mb")) { request async throws -> Order in
                try request.content.decode(Order.self)
            }
            // A body too big to hold: its lines decoded as its chunks arrive (the Servers article).
            app.on(.POST, "lines", "total", body: .stream) { request async throws -> String in
                var total = 0
                for try await line in ModelDecoder().elements(of: Line.self, from: request.body.map(\.readableBytesView)) {
                    total += line.quantity
                }
                return "\(total)"
            }
            return try await test(app.testing(method: .running(port: 0)))
        }
    }

    static func post(_ body: String, strict: Bool = false) async throws -> (status: HTTPStatus, body: String) {
        try await withOrders(strict: strict) { app in
            var result: (HTTPStatus, String) = (.internalServerError, "")
            try await app.test(.POST, "orders", headers: ["Content-Type": "application/json"], body: ByteBuffer(string: body)) { response in
                result = (response.status, response.body.string)
            }
            return result
        }
    }

    @Test func aMessyBodyIsRepairedAndReported() async throws {
        let reports = Reports()
        DecodingLog.onReport { report in reports.add("\(report)") }
        defer { DecodingLog.removeAllHandlers() }
        let (status, body) = try await Self.post(Order.messy)
        #expect(status == .ok)
        #expect(try JSONDecoder().decode(Order.self, from: Data(body.utf8)) == Order.repaired)
        #expect(reports.all.contains { $0.contains("lines[1]") }, "\(reports.all)")
    }

    @Test func strictModeRejectsWithTheFieldNamed() async throws {
        let (status, body) = try await Self.post(Order.messy, strict: true)
        #expect(status == .badRequest)
        #expect(body.contains("id"), "\(body)")
    }

    @Test func aBodyThatIsNotJSONIsA400ThatSaysWhere() async throws {
        let (status, body) = try await Self.post(#"{"id": 7, "lines": ["#)
        #expect(status == .badRequest)
        #expect(body.contains("line 1, column 21"), "\(body)")
        #expect(try await Self.post(String(repeating: "[", count: 100_000)).status == .badRequest)
    }

    /// 10 MB of lines, past the 1 MB the decoded route takes, streamed element by element
    /// from the request's ByteBuffer chunks: every line counted, the bad one left out.
    @Test func aBigArrayBodyIsStreamedElementByElement() async throws {
        let count = 300_000
        let body = "[" + (0 ..< count).map { #"{"sku": "s\#($0)", "quantity": \#($0 % 3)}"# }.joined(separator: ",") + #", {"quantity": 5}]"#
        let (status, total) = try await Self.withOrders(strict: false) { app in
            var result: (HTTPStatus, String) = (.internalServerError, "")
            try await app.test(.POST, "lines/total", body: ByteBuffer(string: body)) { response in
                result = (response.status, response.body.string)
            }
            return result
        }
        #expect(status == .ok)
        #expect(total == "\((0 ..< count).reduce(0) { $0 + $1 % 3 })")  // the line without its sku is no line
    }

    @Test func aBodyOverTheLimitIsA413() async throws {
        let big = #"{"id": 1, "lines": [], "note": ""# + String(repeating: "x", count: 2 << 20) + #""}"#
        #expect(try await Self.post(big).status == .payloadTooLarge)
    }
}

struct Order: Codable, Equatable, Content {
    var id: Int
    var lines: [Line]
    var note: String?

    static let messy = #"{"id": "7", "lines": [{"sku": "a", "quantity": "2"}, {"quantity": 3}], "note": null}"#
    static let repaired = Order(id: 7, lines: [Line(sku: "a", quantity: 2)], note: nil)
}

struct Line: CodableModel, Equatable {
    @Required var sku = ""
    var quantity = 1
    init() {}
    init(sku: String, quantity: Int) { (self.sku, self.quantity) = (sku, quantity) }
}

final class Reports: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var reports: [String] = []
    var all: [String] { lock.withLock { reports } }
    func add(_ report: String) { lock.withLock { reports.append(report) } }
}
