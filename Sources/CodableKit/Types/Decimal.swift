#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Decimal: KernelValue {
    /// A decimal from a number's literal text, exactly (`0.1` is 0.1, not the nearest
    /// double), or from a number written in a string (a recorded conversion).
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> Decimal {
        let document = decoder.document
        switch document.nodes[node].kind {
        case .number:
            if let value = Decimal(string: document.string(node), locale: Locale(identifier: "en_US_POSIX")) { return value }
            throw decoder.session.fail(.outOfRange(found: FoundValue(node: node, in: document)), expected: Decimal.self)
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
        throw decoder.session.fail(.mismatch(found: FoundValue(node: node, in: document)), expected: Decimal.self)
    }

    static var emptyValue: Decimal? { 0 }

    /// Its exact text. - Throws: `EncodingError.invalidValue` for NaN.
    func encoded(by encoder: TreeEncoder, at path: @autoclosure () -> [any CodingKey]) throws -> EncodedContent {
        guard isFinite else { throw nonFinite(self, at: path()) }
        return .number(description)
    }
}
