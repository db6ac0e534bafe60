#if FullFoundation
import Foundation

/// Encoding a model to Foundation objects, as `JSONSerialization` would give them: with
/// the `FullFoundation` trait (on by default), which links Foundation proper.
///
/// ```swift
/// user.toDictionary()                    // ["first_name": "Ada", "age": 36]
/// ```
/// Each returns nil (and reports to `DecodingLog`) only if encoding fails: a
/// non-finite number, or a type's own `encode(to:)` throwing.
extension EncodableModel {
    /// Foundation-typed values (`Int`, `Double`, `Bool`, `String`, `[String: Any]`,
    /// `[Any]`, `NSNull`), as `JSONSerialization` would give them; nil if the model
    /// does not encode to an object.
    public func toDictionary(options: EncodingOptions = .init()) -> [String: Any]? {
        EncodeCall.optional { try EncodeCall.tree(self, options: options).foundationValue } as? [String: Any]
    }

    /// The model as Foundation objects with its mapped keys (`true`) or its property names
    /// (`false`, SmartCodable's default): SmartCodable's `toDictionary(useMappedKeys:)`.
    public func toDictionary(useMappedKeys: Bool, options: EncodingOptions = .init()) -> [String: Any]? {
        toDictionary(options: options.usingMappedKeys(useMappedKeys))
    }
}

extension Array where Element: EncodableModel {
    /// Each model as Foundation objects; nil if encoding fails.
    public func toArray(options: EncodingOptions = .init()) -> [Any]? {
        EncodeCall.optional { try EncodeCall.tree(self, options: options).foundationValue } as? [Any]
    }

    /// Each model as Foundation objects, with mapped keys or property names (see
    /// `EncodableModel.toDictionary(useMappedKeys:options:)`).
    public func toArray(useMappedKeys: Bool, options: EncodingOptions = .init()) -> [Any]? {
        toArray(options: options.usingMappedKeys(useMappedKeys))
    }
}

extension EncodedContent {
    /// The content as Foundation objects, as `JSONSerialization` would give them.
    var foundationValue: Any {
        switch self {
        case .null: return NSNull()
        case let .bool(value): return value
        case let .number(text):
            if let integer = Int(text) { return integer }
            return Double(text) ?? 0
        case let .string(value): return value
        case let .array(elements): return elements.map(\.foundationValue)
        case let .object(members):
            var object: [String: Any] = [:]
            for (key, value) in members { object[key] = value.foundationValue }
            return object
        case let .node(node): return node.finishedContent().foundationValue
        }
    }
}
#endif
