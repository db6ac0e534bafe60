import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

@Suite struct JSONWriterTests {
    private func json(_ value: some Encodable, sorted: Bool = true, pretty: Bool = false) throws -> String {
        String(decoding: try ModelEncoder(options: .init(sortedKeys: sorted), prettyPrinted: pretty).encode(value), as: UTF8.self)
    }

    @Test func stringsAreEscapedExactly() throws {
        #expect(try json(["a\"b\\c\nd\re\tf\u{8}g\u{C}h"]) == #"["a\"b\\c\nd\re\tf\bg\fh"]"#)
        #expect(try json(["\u{0}\u{1}\u{1F}\u{7F}"]) == #"["\u0000\u0001\u001f"# + "\u{7F}\"]")
        #expect(try json(["é 中 😀 \u{10FFFF}"]) == "[\"é 中 😀 \u{10FFFF}\"]")
        // As JSONEncoder: `/` escaped unless `.withoutEscapingSlashes`.
        #expect(try json(["/"]) == #"["\/"]"#)
        let unescaped = ModelEncoder()
        unescaped.outputFormatting = [.withoutEscapingSlashes]
        #expect(try String(decoding: unescaped.encode(["/"]), as: UTF8.self) == #"["/"]"#)
    }

    /// Strings are scanned eight bytes at a time: an escape at every position of long
    /// and short strings, next to multi-byte characters, as JSONEncoder writes them.
    @Test func longStringsAreEscapedAsJSONEncoderDoes() throws {
        let alphabet: [Character] = ["a", "Z", "7", " ", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "中", "😀", "~"]
        var generator = SystemRandomNumberGenerator()
        var strings: [String] = []
        for length in 0 ..< 40 {
            for _ in 0 ..< 20 { strings.append(String((0 ..< length).map { _ in alphabet.randomElement(using: &generator)! })) }
        }
        for format in [[], JSONEncoder.OutputFormatting.withoutEscapingSlashes] {
            let foundation = JSONEncoder()
            foundation.outputFormatting = format
            let ours = ModelEncoder()
            ours.outputFormatting = format
            #expect(try ours.encode(strings) == foundation.encode(strings))
            for string in strings.prefix(200) { #expect(try ours.encode([string]) == foundation.encode([string]), "\(string.debugDescription)") }
        }
    }

    @Test func numbersReadBackExactly() throws {
        let doubles: [Double] = [0, -0.0, 0.1, 1, 1e-5, 1e21, 123456.789, .pi, .leastNonzeroMagnitude, .greatestFiniteMagnitude, -2.5e-300]
        let text = try json(doubles)
        let parsed = try JSONDecoder().decode([Double].self, from: Data(text.utf8))
        #expect(parsed.map(\.bitPattern) == doubles.map(\.bitPattern))
        #expect(try json([Int64.min, Int64.max]) == "[-9223372036854775808,9223372036854775807]")
        #expect(try json([UInt64.max]) == "[18446744073709551615]")
        #expect(try json([Float(0.1)]) == "[0.1]")
    }

    @Test func nonFiniteNumbersAreErrorsWithTheirPath() {
        struct Reading: Encodable { var values: [Double] }
        let error = #expect(throws: EncodingError.self) { try ModelEncoder().encode(Reading(values: [1, .nan])) }
        guard case let .invalidValue(_, context) = error else { Issue.record("expected invalidValue"); return }
        #expect(context.codingPath.map(\.stringValue) == ["values", "Index 1"])
        #expect(throws: EncodingError.self) { try ModelEncoder().encode(["x": Double.infinity]) }
        #expect(throws: EncodingError.self) { try ModelEncoder().encode([Float.nan]) }
    }

    @Test func sortedKeysAndPrettyPrinting() throws {
        let value: [String: JSONValue] = ["b": .array([.int(1), .object([:])]), "a": .object(["y": .null, "x": .bool(true)]), "c": .array([])]
        #expect(try json(value) == #"{"a":{"x":true,"y":null},"b":[1,{}],"c":[]}"#)
        // JSONEncoder's pretty form: `" : "`, and an empty container on two lines.
        #expect(try json(value, pretty: true) == """
        {
          "a" : {
            "x" : true,
            "y" : null
          },
          "b" : [
            1,
            {

            }
          ],
          "c" : [

          ]
        }
        """)
    }

    /// The writer keeps its own stack. (5,000 levels: Swift's own release of a much
    /// deeper value, in the test itself, would overflow a thread's stack first.)
    @Test func deepTreesAreWrittenWithoutRecursion() throws {
        let count = try onLargeStack {  // building and releasing the value recurse; writing it does not
            var value = JSONValue.int(1)
            for _ in 0 ..< 5_000 { value = .array([value]) }
            return String(decoding: try ModelEncoder().encode(value), as: UTF8.self).count
        }
        #expect(count == 10_001)
    }
}
