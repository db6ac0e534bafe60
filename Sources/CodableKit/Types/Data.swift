#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension Data: KernelValue {
    /// Data as `dataDecodingStrategy` reads it, exactly as `JSONDecoder` does: base64
    /// text (the default), an array of bytes (`.deferredToData`, `Data`'s own form),
    /// or the strategy's own closure.
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> Data {
        switch decoder.session.options.dataDecodingStrategy {
        case .base64:
            let text = try decoder.decodeValue(String.self, at: node, site: nil)
            guard let data = Data(base64Encoded: text) else {
                throw decoder.fail(.plugin(.typeMismatch(expected: "Data", found: "a string \(text.debugDescription)"),
                                           description: "Encountered Data is not valid Base64."), expected: Data.self)
            }
            return data
        case .deferredToData:
            return Data(try decoder.decodeValue([UInt8].self, at: node, site: nil))
        case let .custom(read):
            return try decoder.withNode(node) { try read(decoder) }
        @unknown default:
            return Data(try decoder.decodeValue([UInt8].self, at: node, site: nil))
        }
    }

    static var emptyValue: Data? { Data() }

    /// The data as `dataEncodingStrategy` writes it, exactly as `JSONEncoder` does.
    func encoded(by encoder: TreeEncoder, at path: @autoclosure () -> [any CodingKey]) throws -> EncodedContent {
        switch encoder.session.options.dataEncodingStrategy {
        case .base64: return .string(base64EncodedString())
        case .deferredToData: return .array(map { .number(String($0)) })
        case let .custom(write): return try encoder.encodeWithClosure(self, at: path(), write)
        @unknown default: return .string(base64EncodedString())
        }
    }
}

extension DocumentDecoder {
    /// `body` with this decoder positioned at `node` (for a strategy's closure).
    func withNode<R>(_ node: Int, _ body: () throws -> R) rethrows -> R {
        let saved = self.node
        self.node = node
        defer { self.node = saved }
        return try body()
    }
}

extension TreeEncoder {
    /// What a strategy's closure writes for `value` through an encoder of its own;
    /// an empty object when it writes nothing, as `JSONEncoder`.
    func encodeWithClosure<V>(_ value: V, at path: [any CodingKey], _ write: (V, any Encoder) throws -> Void) throws -> EncodedContent {
        let nested = TreeEncoder(session: session, codingPath: path)
        try write(value, nested)
        if nested.wroteNothing { return .object([]) }
        return nested.finishedContent()
    }
}
