import Foundation

/// Text ⇄ `URL`, with an optional prefix for links that come without a scheme.
///
/// ```swift
/// CodingKeys.link <--- URLTransformer(prefix: "https://")   // "example.com/a" → https://example.com/a
/// ```
/// - `prefix` is added only when the text has no scheme (`http:`, `mailto:` …).
/// - `shouldEncodeURLString` (default true) percent-encodes spaces and characters
///   beyond ASCII (`"a b/ü"` → `a%20b/%C3%BC`); existing `%XX` escapes are kept.
/// - Surrounding whitespace is trimmed. An empty or unparsable text is nil (recorded
///   as `transformFailed`; the property falls back). Writes the absolute string.
public struct URLTransformer: ValueTransformable {
    /// Added in front of text that has no scheme.
    public let prefix: String?
    /// Whether spaces and characters beyond ASCII are percent-encoded.
    public let shouldEncodeURLString: Bool

    /// A URL transformer; see the type for what each setting does.
    public init(prefix: String? = nil, shouldEncodeURLString: Bool = true) {
        self.prefix = prefix
        self.shouldEncodeURLString = shouldEncodeURLString
    }

    /// The value read from JSON, or nil when it is not in an accepted form.
    public func transformFromJSON(_ value: JSONValue) -> URL? {
        guard case let .string(raw) = value else { return nil }
        var text = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        if let prefix, !hasScheme(text) { text = prefix + text }
        if shouldEncodeURLString {
            guard let encoded = text.addingPercentEncoding(withAllowedCharacters: Self.allowed) else { return nil }
            text = encoded
        }
        return URL(string: text)
    }

    /// The JSON written for the value.
    public func transformToJSON(_ value: URL) -> String? {
        value.absoluteString
    }

    /// `scheme:` at the start: a letter, then letters, digits, `+`, `-` or `.`, then `:`.
    private func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), let first = text.first, first.isASCII, first.isLetter else { return false }
        return text[..<colon].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
    }

    /// Every character a URL may hold as it is, `%` included so that escapes survive.
    private static let allowed: CharacterSet = {
        var set = CharacterSet.urlQueryAllowed
        set.formUnion(.urlPathAllowed)
        set.formUnion(.urlFragmentAllowed)
        set.formUnion(.urlHostAllowed)
        set.insert(charactersIn: "%#[]@:")
        return set
    }()
}
