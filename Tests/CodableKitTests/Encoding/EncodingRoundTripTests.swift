import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// decode(encode(x)) == x for generated values, and every output is valid JSON
/// to both CodableKit's reader and `JSONSerialization`.
@Suite struct EncodingRoundTripTests {
    struct Leaf: CodableModel, Equatable {
        var text = ""
        var number = 0.0
        var count: Int64 = 0
        var flag = false
        var optional: Int?
    }

    struct Tree: CodableModel, Equatable {
        var name = ""
        var leaves: [Leaf] = []
        var byKey: [String: Leaf] = [:]
        var nested: [[UInt8]] = []
        var children: [Tree] = []
    }

    private static func text(_ random: inout SeededGenerator) -> String {
        let pieces = ["a", "Zürich", "\"", "\\", "\n", "\u{0}", "\u{1F}", "😀", "中", " ", "\u{2028}", "/", "é"]
        return (0 ..< Int.random(in: 0 ... 6, using: &random)).map { _ in pieces[Int.random(in: 0 ..< pieces.count, using: &random)] }.joined()
    }

    private static func leaf(_ random: inout SeededGenerator) -> Leaf {
        var number = Double(bitPattern: random.next())
        if !number.isFinite { number = 0 }
        return Leaf(text: text(&random), number: number, count: Int64(bitPattern: random.next()),
                    flag: Bool.random(using: &random), optional: Bool.random(using: &random) ? Int.random(in: .min ... .max, using: &random) : nil)
    }

    private static func tree(_ random: inout SeededGenerator, depth: Int) -> Tree {
        Tree(name: text(&random),
             leaves: (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in leaf(&random) },
             byKey: Dictionary((0 ..< Int.random(in: 0 ... 2, using: &random)).map { _ in (text(&random), leaf(&random)) },
                               uniquingKeysWith: { first, _ in first }),
             nested: (0 ..< Int.random(in: 0 ... 2, using: &random)).map { _ in (0 ..< 3).map { _ in UInt8.random(in: 0 ... 255, using: &random) } },
             children: depth == 0 ? [] : (0 ..< Int.random(in: 0 ... 2, using: &random)).map { _ in tree(&random, depth: depth - 1) })
    }

    /// Strings long enough to be scanned eight bytes at a time, with escapes anywhere in a
    /// word (first, last, several, next to each other): byte for byte `JSONEncoder`'s, slashes
    /// escaped or not.
    @Test func escapesAreWrittenAsJSONEncoderWritesThem() throws {
        var random = SeededGenerator(seed: 0xE5C)
        let pieces = ["a", "b", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "中", "😀", " "]
        for format in [JSONEncoder.OutputFormatting(), .withoutEscapingSlashes] {
            let (encoder, foundation) = (ModelEncoder(), JSONEncoder())
            (encoder.outputFormatting, foundation.outputFormatting) = (format, format)
            for _ in 0 ..< 400 {
                let text = (0 ..< Int.random(in: 0 ... 40, using: &random)).map { _ in pieces[Int.random(in: 0 ..< pieces.count, using: &random)] }.joined()
                #expect(try encoder.encode([text]) == foundation.encode([text]), "\(text.debugDescription)")
            }
        }
    }

    /// The last bytes of a string of eight or more are read as the end of its last word
    /// (`JSONWriter.writeEscaping`): an escape at every place of every length up to 24, as the
    /// only one or after another in the same word, each as `JSONEncoder` writes it.
    @Test func anEscapeAtEveryPlaceOfAStringsEndIsWrittenAsJSONEncoderWritesIt() throws {
        for format in [JSONEncoder.OutputFormatting(), .withoutEscapingSlashes] {
            let (encoder, foundation) = (ModelEncoder(), JSONEncoder())
            (encoder.outputFormatting, foundation.outputFormatting) = (format, format)
            for length in 1 ... 24 {
                var texts: [String] = [String(repeating: "x", count: length)]
                for place in 0 ..< length {
                    for escaped in ["\"", "/", "\n", "\u{1}", "é"] {
                        var characters = Array(repeating: "x", count: length)
                        characters[place] = escaped
                        texts.append(characters.joined())
                        if place > 0 { characters[place - 1] = "\\"; texts.append(characters.joined()) }
                    }
                }
                for text in texts {
                    #expect(try encoder.encode([text, "after"]) == foundation.encode([text, "after"]), "\(text.debugDescription)")
                }
            }
        }
    }

    /// Keys of lengths on both sides of 16 and 32 bytes as written (`,"key":`), each under a
    /// literal: a planned model's keys are copied from padded bytes a word at a time
    /// (`ByteArena.append(padded:)`), and `true`, `false`, `null` are one word store each.
    struct KeysOfEveryLength: CodableModel, SynthesizedEncodable {
        var k1 = true, k11 = false, k12 = true, k13: Bool? = false, k24 = [true, false]
        var k27: [Int?] = [nil, 1], k28 = true, k29 = false, k30: Bool? = true, k36: [Bool?] = [nil]

        enum CodingKeys: String, CodingKey {
            case k1 = "a", k11 = "eleven_long", k12 = "twelve__long", k13 = "thirteen_long"
            case k24 = "twenty_four_bytes_long__", k27 = "twenty_seven_bytes_long____"
            case k28 = "twenty_eight_bytes_long_____", k29 = "twenty_nine_bytes_long_______"
            case k30 = "thirty_bytes_long_____________", k36 = "thirty_six_bytes_long_______________"
        }
    }

    @Test func keysAndLiteralsAroundTheWordSizesAreWrittenAsJSONEncoderWritesThem() throws {
        let values = [KeysOfEveryLength(), KeysOfEveryLength(k1: false, k13: nil, k30: nil)]
        // In declaration order (JSONEncoder's own order is its dictionary's), then sorted as JSONEncoder sorts.
        let inOrder = #"[{"a":true,"eleven_long":false,"twelve__long":true,"thirteen_long":false,"twenty_four_bytes_long__":[true,false],"#
            + #""twenty_seven_bytes_long____":[null,1],"twenty_eight_bytes_long_____":true,"twenty_nine_bytes_long_______":false,"#
            + #""thirty_bytes_long_____________":true,"thirty_six_bytes_long_______________":[null]},{"a":false,"eleven_long":false,"#
            + #""twelve__long":true,"twenty_four_bytes_long__":[true,false],"twenty_seven_bytes_long____":[null,1],"#
            + #""twenty_eight_bytes_long_____":true,"twenty_nine_bytes_long_______":false,"thirty_six_bytes_long_______________":[null]}]"#
        #expect(String(decoding: try ModelEncoder().encode(values), as: UTF8.self) == inOrder)
        for format in [JSONEncoder.OutputFormatting.sortedKeys, [.sortedKeys, .prettyPrinted]] {
            let (encoder, foundation) = (ModelEncoder(), JSONEncoder())
            (encoder.outputFormatting, foundation.outputFormatting) = (format, format)
            let mine = try encoder.encode(values), theirs = try foundation.encode(values)
            #expect(mine == theirs, "\(String(decoding: mine, as: UTF8.self))")
        }
    }

    @Test func generatedModelsRoundTrip() throws {
        var random = SeededGenerator(seed: 0xC0DE)
        for index in 0 ..< 300 {
            let value = Self.tree(&random, depth: 3)
            let data = try ModelEncoder(options: .init(sortedKeys: index % 2 == 0), prettyPrinted: index % 3 == 0).encode(value)
            _ = try JSONValue(parsing: data)
            #expect((try? JSONSerialization.jsonObject(with: data)) != nil)
            let (back, report) = try Tree.decodeWithReport(from: data)
            #expect(back == value, "seed index \(index)")
            #expect(report.issues.allSatisfy { $0.kind == .keyNotFound }, "\(report)")  // only absent nil optionals
        }
    }
}
