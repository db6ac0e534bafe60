import Foundation

/// Types with a JSON form of their own, decoded as `JSONDecoder` does.

extension JSONValue: KernelDecodable {
    /// Whatever JSON is there, null included.
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> JSONValue {
        decoder.document.value(at: node)
    }
}

extension URL: KernelDecodable {
    /// A URL from its string (surrounding whitespace trimmed). Not accepted: an empty
    /// or unparsable string. `URLTransformer` adds prefixes and percent-encoding.
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> URL {
        let document = decoder.document
        if document.nodes[node].kind == .string, let url = URL(string: document.string(node).trimmingWhitespace()),
           !document.string(node).trimmingWhitespace().isEmpty {
            return url
        }
        let reason: DecodingProblem.Reason = document.nodes[node].kind == .null ? .null : .mismatch(found: document.summary(of: node))
        throw decoder.session.fail(reason, expected: URL.self)
    }
}

extension Decimal: KernelDecodable {
    /// A decimal from a number's literal text, exactly (`0.1` is 0.1, not the nearest
    /// double), or from a number written in a string (a recorded conversion).
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> Decimal {
        let document = decoder.document
        switch document.nodes[node].kind {
        case .number:
            if let value = Decimal(string: document.string(node), locale: Locale(identifier: "en_US_POSIX")) { return value }
        case .string:
            if let number = document.numberInString(node),
               let value = Decimal(string: number.literal, locale: Locale(identifier: "en_US_POSIX")) {
                if let error = decoder.session.recordConversion(from: "string", to: Decimal.self) { throw error }
                return value
            }
        case .null:
            throw decoder.session.fail(.null, expected: Decimal.self)
        default:
            break
        }
        throw decoder.session.fail(.mismatch(found: document.summary(of: node)), expected: Decimal.self)
    }
}
