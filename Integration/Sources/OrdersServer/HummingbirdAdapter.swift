import CodableKit
import Hummingbird

/// Hummingbird 2 reads request bodies with CodableKit: the body's bytes in place (no copy),
/// repairs logged with the request's logger, a body that is not JSON answered with where.
extension ModelDecoder: @retroactive RequestDecoder {
    public func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        do {
            let (value, report) = try decodeWithReport(T.self, from: body.readableBytesView)
            // A repair is the client's to fix, not an error to answer: one line at debug level.
            if !report.isClean {
                context.logger.debug("repaired a \(T.self): \(report.issues.map(\.description).joined(separator: " | "))")
            }
            return value
        } catch let DecodingError.dataCorrupted(error) where error.underlyingError is JSONReadError {
            throw HTTPError(.badRequest, message: "The body is not JSON: \(error.underlyingError!)")
        }
    }
}

/// Hummingbird 2 writes response bodies with CodableKit.
extension ModelEncoder: @retroactive ResponseEncoder {
    public func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        let data = try encode(value)
        return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                        body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}

/// A request context whose bodies CodableKit reads (tolerant: a messy payload is repaired
/// and logged) and writes.
struct TolerantContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    var requestDecoder: ModelDecoder { ModelDecoder() }
    var responseEncoder: ModelEncoder { ModelEncoder() }
}

/// The same for an API that validates: strict mode rejects what `JSONDecoder` rejects, with
/// the coding path, as a 400.
struct StrictContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    init(source: ApplicationRequestContextSource) { coreContext = .init(source: source) }
    var requestDecoder: ModelDecoder { ModelDecoder(options: .init(mode: .strict)) }
    var responseEncoder: ModelEncoder { ModelEncoder() }
}
