import Foundation
import Testing
import CodableKitTransformers

@Suite struct URLTransformerTests {
    @Test func prefixOnlyWithoutAScheme() {
        let transformer = URLTransformer(prefix: "https://")
        #expect(transformer.transformFromJSON(.string("example.com/a"))?.absoluteString == "https://example.com/a")
        #expect(transformer.transformFromJSON(.string("http://example.com"))?.absoluteString == "http://example.com")
        #expect(transformer.transformFromJSON(.string("mailto:a@b.c"))?.absoluteString == "mailto:a@b.c")
        #expect(transformer.transformFromJSON(.string("  example.com  "))?.absoluteString == "https://example.com")
    }

    @Test func percentEncodingWhenAsked() {
        #expect(URLTransformer().transformFromJSON(.string("https://example.com/a b/ü?q=1 2"))?.absoluteString
            == "https://example.com/a%20b/%C3%BC?q=1%202")
        #expect(URLTransformer().transformFromJSON(.string("https://example.com/a%20b"))?.absoluteString
            == "https://example.com/a%20b")
        #expect(URLTransformer(shouldEncodeURLString: false).transformFromJSON(.string("https://example.com/ok"))?.absoluteString
            == "https://example.com/ok")
    }

    /// The transformer trims and percent-encodes without Foundation proper (a server's build
    /// links none): every printable ASCII character, controls, spaces of every kind and text
    /// beyond ASCII come out as `trimmingCharacters(in:)` and `addingPercentEncoding` make them.
    @Test func encodesAndTrimsAsFoundationDoes() {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.formUnion(.urlPathAllowed)
        allowed.formUnion(.urlFragmentAllowed)
        allowed.formUnion(.urlHostAllowed)
        allowed.insert(charactersIn: "%#[]@:")
        func foundation(_ text: String) -> URL? {
            let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !trimmed.isEmpty, let encoded = trimmed.addingPercentEncoding(withAllowedCharacters: allowed) else { return nil }
            return URL(string: encoded)
        }
        let spaces: [Unicode.Scalar] = [" ", "\t", "\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}",
                                        "\u{200A}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{200B}", "\u{FEFF}"]
        var texts = (0x20 ... 0x7E).map { "https://example.com/a\(Character(Unicode.Scalar($0)!))b" }
        texts += (0x00 ... 0x1F).map { "https://example.com/\(Character(Unicode.Scalar($0)!))x" }
        texts += spaces.flatMap { ["\($0)https://example.com/\($0)", "https://example.com/\($0)x\($0)"] }
        texts += ["https://example.com/ü/日本/😀?q=é#frag", "example.com/a b", "%41%zz", "https://[::1]:80/p?q=a&b=c"]
        for text in texts {
            #expect(URLTransformer().transformFromJSON(.string(text)) == foundation(text), "\(text.debugDescription)")
        }
    }

    @Test func emptyOrNotTextIsNil() {
        #expect(URLTransformer().transformFromJSON(.string("")) == nil)
        #expect(URLTransformer().transformFromJSON(.string("   ")) == nil)
        #expect(URLTransformer().transformFromJSON(.int(1)) == nil)
    }

    @Test func roundTrips() {
        let transformer = URLTransformer(prefix: "https://")
        for text in ["https://example.com/a%20b?x=1#frag", "http://h/p", "ftp://files.example.org/x.txt"] {
            let url = transformer.transformFromJSON(.string(text))
            #expect(url.flatMap(transformer.transformToJSON).flatMap { transformer.transformFromJSON(.string($0)) } == url)
        }
    }
}
