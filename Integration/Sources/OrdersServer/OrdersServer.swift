import CodableKit
import Hummingbird

/// An order as a shop's API takes it: a line without its `sku` is no line.
struct Order: CodableModel, ResponseEncodable, Equatable {
    var id = 0
    var lines: [Line] = []
    var note: String?
}

struct Line: CodableModel, Equatable {
    @Required var sku = ""
    var quantity = 1
}

/// A server that takes orders, tolerant of messy bodies (`StrictContext` to validate).
@main struct OrdersServer {
    static func main() async throws {
        let router = Router(context: TolerantContext.self)
        router.post("orders") { request, context -> Order in
            try await request.decode(as: Order.self, context: context)
        }
        let app = Application(router: router, configuration: .init(address: .hostname("0.0.0.0", port: 8080)))
        try await app.runService()
    }
}
