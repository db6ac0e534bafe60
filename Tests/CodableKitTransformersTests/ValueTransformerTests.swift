import Foundation
import Testing
import CodableKitTransformers

@Suite struct DataTransformerTests {
    let hello = Data("hello?>".utf8)  // base64 "aGVsbG8/Pg==" uses '/' ; URL-safe "aGVsbG8_Pg"

    @Test func readsEveryAcceptedForm() {
        let transformer = DataTransformer()
        #expect(transformer.transformFromJSON(.string("aGVsbG8/Pg==")) == hello)
        #expect(transformer.transformFromJSON(.string("aGVsbG8/Pg")) == hello)
        #expect(transformer.transformFromJSON(.string("aGVsbG8_Pg==")) == hello)
        #expect(transformer.transformFromJSON(.string("aGVsbG8_Pg")) == hello)
        #expect(transformer.transformFromJSON(.string("")) == Data())
    }

    @Test func rejectsTheRest() {
        let transformer = DataTransformer()
        for text in ["aGVs bG8=", "aGVsbG8/Pg\n==", "aGVsbG8_Pg/", "a", "!!!!"] {
            #expect(transformer.transformFromJSON(.string(text)) == nil, "\(text)")
        }
        #expect(transformer.transformFromJSON(.int(5)) == nil)
    }

    @Test func roundTrips() {
        let transformer = DataTransformer()
        for data in [hello, Data(), Data([0, 255, 128, 1]), Data((0 ..< 255).map(UInt8.init))] {
            #expect(transformer.transformToJSON(data).flatMap { transformer.transformFromJSON(.string($0)) } == data)
        }
    }
}

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

@Suite struct HexColorTests {
    static let forms: [(String, [Int])] = [
        ("#7DA5E3", [0x7D, 0xA5, 0xE3, 255]), ("7da5e3", [0x7D, 0xA5, 0xE3, 255]), ("0x7DA5E3", [0x7D, 0xA5, 0xE3, 255]),
        ("#FFF", [255, 255, 255, 255]), ("#f0a", [255, 0, 170, 255]), ("#F0A8", [255, 0, 170, 136]),
        ("#7DA5E380", [0x7D, 0xA5, 0xE3, 0x80]), ("0X000000", [0, 0, 0, 255]),
    ]

    @Test(arguments: forms)
    func readsEveryForm(_ text: String, _ bytes: [Int]) throws {
        let color = try #require(HexColorTransformer().transformFromJSON(.string(text)))
        let expected = HexColor(red: Double(bytes[0]) / 255, green: Double(bytes[1]) / 255, blue: Double(bytes[2]) / 255,
                                alpha: Double(bytes[3]) / 255)
        #expect(color == expected)
    }

    @Test(arguments: ["red", "#12", "#12345", "#GGGGGG", "rgb(1,2,3)", "#+FFFFF", ""])
    func rejects(_ text: String) {
        #expect(HexColorTransformer().transformFromJSON(.string(text)) == nil)
    }

    @Test func writesAndRoundTrips() throws {
        let transformer = HexColorTransformer()
        #expect(transformer.transformToJSON(HexColor(red: 1, green: 0, blue: 0)) == "#FF0000")
        #expect(transformer.transformToJSON(HexColor(red: 1, green: 0, blue: 0, alpha: 0.5)) == "#FF000080")
        for text in ["#7DA5E3", "#7DA5E380", "#000000", "#FFFFFF"] {
            let color = try #require(transformer.transformFromJSON(.string(text)))
            #expect(transformer.transformToJSON(color) == text)
        }
        let encoded = try JSONEncoder().encode([HexColor(hex: "#112233")!])
        #expect(String(decoding: encoded, as: UTF8.self) == ##"["#112233"]"##)
        #expect(try JSONDecoder().decode([HexColor].self, from: encoded) == [HexColor(hex: "#112233")!])
    }
}

@Suite struct FastTransformerTests {
    @Test func jsonSideIsCoercedFirst() {
        let bracket = FastTransformer<String, String>(fromJSON: { $0.map { "[\($0)]" } }, toJSON: { $0 })
        #expect(bracket.transformFromJSON(.string("news")) == "[news]")
        #expect(bracket.transformFromJSON(.int(5)) == "[5]")
        #expect(bracket.transformFromJSON(.null) == nil)
        #expect(bracket.transformFromJSON(.object([:])) == nil)
        #expect(bracket.transformToJSON("x") == "x")
        let cents = FastTransformer<Int, Double>(fromJSON: { $0.map { Int(($0 * 100).rounded()) } })
        #expect(cents.transformFromJSON(.string("4.25")) == 425)
        #expect(cents.transformFromJSON(.double(0.5)) == 50)
        #expect(cents.transformToJSON(5) == nil)
    }
}

/// The fallback idiom of the README's migration notes: the kernel's rules first, then the app's own.
@Suite struct FallbackIdiomTests {
    struct LenientBool: ValueTransformable {
        func transformFromJSON(_ value: JSONValue) -> Bool? {
            value.converted(to: Bool.self) ?? ["Y": true, "N": false][value.converted(to: String.self) ?? ""]
        }
        func transformToJSON(_ value: Bool) -> Bool? { value }
    }

    struct Flags: DecodableModel { var a = false; var b = true; var c = false; var d = true }

    @Test func builtInRulesThenTheFallback() throws {
        let flags = try Flags.decode(from: #"{"a": "Y", "b": "N", "c": 1, "d": "no"}"#, options: .init(transformers: [LenientBool()]))
        #expect(flags.a && !flags.b && flags.c && !flags.d)
    }
}
