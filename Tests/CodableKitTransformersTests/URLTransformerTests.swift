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
