#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        var text = raw.trimmingSpace(andNewlines: true)
        guard !text.isEmpty else { return nil }
        if let prefix, !hasScheme(text) { text = prefix + text }
        if shouldEncodeURLString { text = Self.percentEncoded(text) }
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

    /// `text` with every byte of its UTF-8 that a URL may not hold as it is written `%XX`:
    /// what `addingPercentEncoding(withAllowedCharacters:)` (Foundation proper's) gives for
    /// the union of the URL character sets with `%#[]@:` — ASCII letters and digits and
    /// `-._~!$&'()*+,;=:@/?[]%#` stay.
    private static func percentEncoded(_ text: String) -> String {
        guard !text.utf8.allSatisfy({ allowed[Int($0)] }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            if allowed[Int(byte)] {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(hexDigit(byte >> 4))
                bytes.append(hexDigit(byte & 0xF))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Which bytes stay as they are, by value: made once, read per byte.
    private static let allowed: [Bool] = (0 ... 255).map { byte in
        let byte = UInt8(byte)
        return (UInt8(ascii: "a") ... UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A") ... UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains(byte) || "-._~!$&'()*+,;=:@/?[]%#".utf8.contains(byte)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}
