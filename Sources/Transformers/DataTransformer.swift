#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64 text ⇄ `Data`.
///
/// ```swift
/// static func mappingForValue() -> [ValueMapping]? { [CodingKeys.avatar <--- DataTransformer()] }
/// ```
/// Reads the standard alphabet (`+/`) and the URL-safe one (`-_`), with or without
/// `=` padding. Not read: line breaks or spaces inside the text, a mix of both
/// alphabets, and any other character — those are nil (recorded as `transformFailed`).
/// Writes standard, padded base64.
public struct DataTransformer: ValueTransformable {
    /// The transformer; it has no settings.
    public init() {}

    /// The value read from JSON, or nil when it is not in an accepted form.
    public func transformFromJSON(_ value: JSONValue) -> Data? {
        guard case var .string(text) = value else { return nil }
        let urlSafe = text.contains("-") || text.contains("_")
        if urlSafe {
            guard !text.contains("+"), !text.contains("/") else { return nil }
            text = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        }
        if !text.hasSuffix("=") {
            switch text.utf8.count % 4 {
            case 2: text += "=="
            case 3: text += "="
            case 1: return nil
            default: break
            }
        }
        return Data(base64Encoded: text)
    }

    /// The JSON written for the value.
    public func transformToJSON(_ value: Data) -> String? {
        value.base64EncodedString()
    }
}
