import Foundation

extension URL: KernelValue {
    /// A URL from its string (surrounding whitespace trimmed). Not accepted: an empty
    /// or unparsable string. `URLTransformer` adds prefixes and percent-encoding.
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> URL {
        let document = decoder.document
        if document.nodes[node].kind == .string {
            let text = document.string(node).trimmingWhitespace()
            if !text.isEmpty, let url = URL(string: text) { return url }
        }
        let reason: DecodingProblem.Reason = document.nodes[node].kind == .null ? .null : .mismatch(found: document.summary(of: node))
        throw decoder.session.fail(reason, expected: URL.self)
    }

    /// Its absolute string, as `JSONEncoder` writes it.
    func encoded(by _: TreeEncoder, at _: @autoclosure () -> [any CodingKey]) -> EncodedContent {
        .string(absoluteString)
    }
}
