import Foundation
import Testing
import CodableKitTransformers

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

    /// Written back in the form read (SmartCodable writes `7DA5E3` where it read it); a colour made
    /// in code, or one a short form cannot hold, in `#RRGGBB`.
    @Test(arguments: [("#7DA5E3", "#7DA5E3"), ("7da5e3", "7da5e3"), ("0x7DA5E3", "0x7DA5E3"), ("#FFF", "#FFF"),
                      ("#f0a", "#f0a"), ("#F0A8", "#F0A8"), ("#7DA5E380", "#7DA5E380"), ("0X000000", "0X000000"), (" #abc ", "#abc")])
    func writesTheFormItRead(_ text: String, _ written: String) throws {
        let color = try #require(HexColorTransformer().transformFromJSON(.string(text)))
        #expect(HexColorTransformer().transformToJSON(color) == written)
        #expect(color == HexColor(hex: color.hex))
    }

    @Test func aColourMadeInCodeOrOutOfAShortForm() throws {
        #expect(HexColor(red: 1, green: 0, blue: 0).hex == "#FF0000")
        #expect(HexColor(red: 0.5, green: 0, blue: 0, alpha: 0.5).hex == "#80000080")
        // Equal colours whatever their form, and one hash.
        let short = try #require(HexColor(hex: "#fff")), long = try #require(HexColor(hex: "#FFFFFF"))
        #expect(short == long && Set([short, long]).count == 1)
    }

    @Test(arguments: ["red", "#12", "#12345", "#GGGGGG", "rgb(1,2,3)", "#+FFFFF", ""])
    func rejects(_ text: String) {
        #expect(HexColorTransformer().transformFromJSON(.string(text)) == nil)
    }

    /// The space trimmed around the text is what Foundation's `.whitespaces` holds (the
    /// transformers trim without Foundation proper): a tab, every space separator and the
    /// zero-width space, not a newline or a byte-order mark.
    @Test func trimsTheSpaceFoundationTrims() {
        // Every scalar that Foundation trims or whose category the trimming looks at; the
        // rest trims on neither side (checking each is slow in a debug build).
        let candidates = (0 ... 0x10FFFF).compactMap(Unicode.Scalar.init).filter { scalar in
            CharacterSet.whitespaces.contains(scalar)
                || [.spaceSeparator, .lineSeparator, .paragraphSeparator, .format, .control].contains(scalar.properties.generalCategory)
        }
        let differing = candidates.filter { scalar in
            let text = "\(scalar)#FF0000\(scalar)"
            return (HexColor(hex: text) != nil) != (text.trimmingCharacters(in: .whitespaces) == "#FF0000")
        }
        #expect(differing.isEmpty, "\(differing.prefix(10).map { String($0.value, radix: 16) })")
        #expect(HexColor(hex: "\u{FEFF}#FF0000") == nil)
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
