#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Date: KernelValue {
    /// A date as `dateDecodingStrategy` reads it, exactly as `JSONDecoder` does:
    /// seconds since 2001 (`.deferredToDate`, `Date`'s own form), since 1970, or
    /// milliseconds since 1970, from a number (or a number in a string, a recorded
    /// conversion); an ISO 8601 or formatted string; or the strategy's own closure.
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> Date {
        switch decoder.session.options.dateDecodingStrategy {
        case .deferredToDate:
            return Date(timeIntervalSinceReferenceDate: try number(decoder, node, "seconds since 2001 (the default dateDecodingStrategy, .deferredToDate)"))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try number(decoder, node, "seconds since 1970 (dateDecodingStrategy .secondsSince1970)"))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try number(decoder, node, "milliseconds since 1970 (dateDecodingStrategy .millisecondsSince1970)") / 1000)
        case .iso8601:
            let text = try decoder.decodeValue(String.self, at: node, site: nil)
            guard let date = parseISO8601(text) else {
                throw decoder.fail(.plugin(.typeMismatch(expected: "Date", found: "a string \(text.debugDescription)"),
                                           description: "Expected date string to be ISO8601-formatted."), expected: Date.self,
                                   atParent: true)
            }
            return date
        #if canImport(Darwin)  // elsewhere `.formatted` is a `.custom` closure
        case let .formatted(formatter):
            let text = try decoder.decodeValue(String.self, at: node, site: nil)
            guard let date = formatter.date(from: text) else {
                throw decoder.fail(.plugin(.typeMismatch(expected: "Date", found: "a string \(text.debugDescription)"),
                                           description: "Date string does not match format expected by formatter."),
                                   expected: Date.self, atParent: true)
            }
            return date
        #endif
        case let .custom(read):
            return try decoder.withNode(node) { try read(decoder) }
        @unknown default:
            return Date(timeIntervalSinceReferenceDate: try decoder.decodeValue(Double.self, at: node, site: nil))
        }
    }

    /// The number a numeric strategy reads. For a value that is no number, the report names
    /// the `Date`, how it was read and what to change, where `JSONDecoder` says "expected
    /// Double" (the error, in either mode, stays its).
    private static func number(_ decoder: DocumentDecoder, _ node: Int, _ reading: String) throws -> Double {
        do {
            return try decoder.decodeValue(Double.self, at: node, site: nil)
        } catch var problem as DecodingProblem {
            guard case .mismatch = problem.reason else { throw problem }
            problem.reading = (Date.self, "read as \(reading); for another form set dateDecodingStrategy, or map the property with DateTransformer")
            throw problem
        }
    }

    /// An ISO 8601 date with or without fractional seconds (any number of digits), as
    /// `JSONDecoder`'s `.iso8601` reads it.
    private static func parseISO8601(_ text: String) -> Date? {
        #if canImport(FoundationEssentials)
        return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
        #else
        if #available(macOS 12.0, iOS 15.0, watchOS 8.0, tvOS 15.0, *) {
            return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
        }
        if let date = ISO8601DateFormatter().date(from: text) { return date }
        let fractional = ISO8601DateFormatter()
        fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return fractional.date(from: text)
        #endif
    }

    /// The date in ISO 8601, as `JSONEncoder`'s `.iso8601` writes it (whole seconds, UTC).
    private var iso8601Text: String {
        #if canImport(FoundationEssentials)
        Date.ISO8601FormatStyle().format(self)
        #else
        ISO8601DateFormatter().string(from: self)
        #endif
    }

    /// The date as `dateEncodingStrategy` writes it, exactly as `JSONEncoder` does.
    func encoded(by encoder: TreeEncoder, at path: @autoclosure () -> [any CodingKey]) throws -> EncodedContent {
        switch encoder.session.options.dateEncodingStrategy {
        case .deferredToDate: return try timeIntervalSinceReferenceDate.encoded(by: encoder, at: path())
        case .secondsSince1970: return try timeIntervalSince1970.encoded(by: encoder, at: path())
        case .millisecondsSince1970: return try (timeIntervalSince1970 * 1000).encoded(by: encoder, at: path())
        case .iso8601: return .string(iso8601Text)
        #if canImport(Darwin)
        case let .formatted(formatter): return .string(formatter.string(from: self))
        #endif
        case let .custom(write): return try encoder.encodeWithClosure(self, at: path(), write)
        @unknown default: return try timeIntervalSinceReferenceDate.encoded(by: encoder, at: path())
        }
    }
}
