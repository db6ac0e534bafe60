import CodableKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
@testable import OrdersServer
import Testing

/// The Servers article's Hummingbird adapter, serving live requests over loopback as a
/// client sends them: a messy body repaired and logged, the same body rejected in strict
/// mode with the field named, a truncated or hostile body answered with a 400, a body over
/// the limit with a 413.
@Suite struct HummingbirdAdapterTests {
    static func app<Context: RequestContext>(_: Context.Type, logs: LogLines) -> some ApplicationProtocol
        where Context.Source == ApplicationRequestContextSource {
        let router = Router(context: Context.self)
        router.post("orders") { request, context -> Order in
            try await request.decode(as: Order.self, context: context)
        }
        // A body too big to hold: its lines decoded as its chunks arrive (the Servers article).
        router.post("lines/total") { request, context -> String in
            var total = 0
            for try await line in ModelDecoder().elements(of: Line.self, from: request.body.map(\.readableBytesView)) {
                total += line.quantity
            }
            return "\(total)"
        }
        return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
                           logger: Logger(label: "orders") { _ in LogLines.Handler(lines: logs) })
    }

    static func post(_ body: String, to app: some ApplicationProtocol) async throws -> (status: HTTPResponse.Status, body: String) {
        try await app.test(.live) { client in
            try await client.execute(uri: "/orders", method: .post, headers: [.contentType: "application/json"],
                                     body: ByteBuffer(string: body)) { response in
                (response.status, String(buffer: response.body))
            }
        }
    }

    @Test func aMessyBodyIsRepairedAndLogged() async throws {
        let logs = LogLines()
        let (status, body) = try await Self.post(Order.messy, to: Self.app(TolerantContext.self, logs: logs))
        #expect(status == .ok)
        #expect(try JSONDecoder().decode(Order.self, from: Data(body.utf8)) == Order.repaired)
        // One line, at debug level: a repair is the client's to fix, not the server's error.
        let repaired = logs.all.filter { $0.contains("repaired a Order") }
        #expect(repaired.count == 1 && repaired[0].hasPrefix("debug "), "\(logs.all)")
        #expect(repaired.first?.contains("\n") == false && repaired.first?.contains("lines[1]") == true
            && repaired.first?.contains("id (Order): converted string to Int") == true, "\(repaired)")
    }

    @Test func strictModeRejectsWithTheFieldNamed() async throws {
        let (status, body) = try await Self.post(Order.messy, to: Self.app(StrictContext.self, logs: LogLines()))
        #expect(status == .badRequest)
        #expect(body.contains("`id`"), "\(body)")
        let (missing, reply) = try await Self.post(#"{"id": 1, "lines": [{"quantity": 1}]}"#, to: Self.app(StrictContext.self, logs: LogLines()))
        #expect(missing == .badRequest && reply.contains("sku"), "\(reply)")
    }

    @Test func aBodyThatIsNotJSONIsA400ThatSaysWhere() async throws {
        let app = Self.app(TolerantContext.self, logs: LogLines())
        let (status, body) = try await Self.post(#"{"id": 7, "lines": ["#, to: app)
        #expect(status == .badRequest)
        #expect(body.contains("line 1, column 21"), "\(body)")
        let deep = String(repeating: "[", count: 100_000)
        #expect(try await Self.post(deep, to: app).status == .badRequest)
    }

    /// 10 MB of lines, past the route's upload limit for a decoded body, streamed element by
    /// element from the request's ByteBuffer chunks: every line counted, the bad one left out.
    @Test func aBigArrayBodyIsStreamedElementByElement() async throws {
        let count = 300_000
        let body = "[" + (0 ..< count).map { #"{"sku": "s\#($0)", "quantity": \#($0 % 3)}"# }.joined(separator: ",") + #", {"quantity": 5}]"#
        #expect(body.utf8.count > 8 << 20)
        let app = Self.app(TolerantContext.self, logs: LogLines())
        let (status, total) = try await app.test(.live) { client in
            try await client.execute(uri: "/lines/total", method: .post, body: ByteBuffer(string: body)) { response in
                (response.status, String(buffer: response.body))
            }
        }
        #expect(status == .ok)
        #expect(total == "\((0 ..< count).reduce(0) { $0 + $1 % 3 })")  // the line without its sku is no line
    }

    @Test func aBodyOverTheLimitIsA413() async throws {
        let big = #"{"id": 1, "lines": [], "note": ""# + String(repeating: "x", count: 3 << 20) + #""}"#
        #expect(try await Self.post(big, to: Self.app(TolerantContext.self, logs: LogLines())).status == .contentTooLarge)
    }
}

/// The app's order, as a client sends it messy and as the server keeps it.
extension Order {
    static let messy = #"{"id": "7", "lines": [{"sku": "a", "quantity": "2"}, {"quantity": 3}], "note": null}"#
    static let repaired = Order(id: 7, lines: [Line(sku: "a", quantity: 2)], note: nil)
}

extension Line {
    init(sku: String, quantity: Int) {
        self.init()
        (self.sku, self.quantity) = (sku, quantity)
    }
}

/// Log lines, as a server's log handler receives them.
final class LogLines: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var lines: [String] = []
    var all: [String] { lock.withLock { lines } }

    struct Handler: LogHandler {
        let lines: LogLines
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace
        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }
        func log(event: LogEvent) {
            let all = metadata.merging(event.metadata ?? [:]) { $1 }
            lines.lock.withLock { lines.lines.append("\(event.level) \(event.message) \(all.map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " "))") }
        }
    }
}
