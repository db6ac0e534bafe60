import CodableKit
import Vapor

/// Vapor 4 reads request bodies with CodableKit: the body's bytes in place (no copy), the
/// request's `userInfo` passed on, a body that is not JSON answered with where.
extension ModelDecoder: @retroactive ContentDecoder {
    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders) throws -> D {
        try decode(D.self, from: body, headers: headers, userInfo: [:])
    }

    public func decode<D: Decodable>(_ decodable: D.Type, from body: ByteBuffer, headers: HTTPHeaders,
                                     userInfo: [CodingUserInfoKey: any Sendable]) throws -> D {
        var options = self.options
        options.userInfo.merge(userInfo) { $1 }
        do {
            return try ModelDecoder(options: options).decode(D.self, from: body.readableBytesView)
        } catch let DecodingError.dataCorrupted(error) where error.underlyingError is JSONReadError {
            throw Abort(.badRequest, reason: "The body is not JSON: \(error.underlyingError!)")
        }
    }
}

/// Vapor 4 writes response bodies with CodableKit.
extension ModelEncoder: @retroactive ContentEncoder {
    public func encode<E: Encodable>(_ encodable: E, to body: inout ByteBuffer, headers: inout HTTPHeaders) throws {
        headers.contentType = .json
        body.writeBytes(try encode(encodable))
    }
}

extension ContentConfiguration {
    /// JSON bodies read and written by CodableKit, tolerant (`strict: false`, repairs
    /// recorded as `DecodingLog` says) or strict (rejects what `JSONDecoder` rejects).
    static func codableKit(strict: Bool) -> ContentConfiguration {
        var content = ContentConfiguration.default()
        content.use(decoder: ModelDecoder(options: .init(mode: strict ? .strict : .tolerant)), for: .json)
        content.use(encoder: ModelEncoder(), for: .json)
        return content
    }
}
