#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension URL: KernelValue {
    /// A URL from its string, as `JSONDecoder` reads it; a string that is not one is
    /// `dataCorrupted` ("Invalid URL string."), as there. Tolerant mode also accepts
    /// one with surrounding whitespace, trimmed (a recorded conversion).
    /// `URLTransformer` adds prefixes and percent-encoding.
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> URL {
        let document = decoder.document
        guard document.nodes[node].kind == .string else {
            let reason = DecodingProblem.Reason.wrongKind(at: node, in: document)
            throw decoder.session.fail(reason, expected: String.self)
        }
        let text = document.string(node)
        if !text.isEmpty, let url = URL(string: text) { return url }
        let trimmed = text.trimmingWhitespace()
        if trimmed != text, !trimmed.isEmpty, let url = URL(string: trimmed), !decoder.session.strict {
            if let error = decoder.session.recordConversion(from: "string with surrounding whitespace", to: URL.self) { throw error }
            return url
        }
        throw decoder.fail(.plugin(.typeMismatch(expected: "URL", found: document.summary(of: node)),
                                   description: "Invalid URL string."), expected: URL.self)
    }

    /// Its absolute string, as `JSONEncoder` writes it.
    func encoded(by _: TreeEncoder, at _: @autoclosure () -> [any CodingKey]) -> EncodedContent {
        .string(absoluteString)
    }
}
