import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// Tolerance is a fallback, never a reinterpretation: wherever `JSONDecoder` reads a
/// value, CodableKit reads the same value with an empty report, in both modes — for
/// types with their own `init(from:)` that probe, catch or read `null`, and for
/// every input `JSONDecoder` reads.
@Suite struct ExactSemanticsTests {
    /// `DropInTests.agree` for raw bytes (any encoding).
    static func agree<T: Decodable & Equatable>(_: T.Type, _ data: Data,
                                                _ configure: (JSONDecoder, ModelDecoder) -> Void = { _, _ in },
                                                sourceLocation: SourceLocation = #_sourceLocation) {
        for strict in [false, true] {
            let foundation = JSONDecoder()
            let ours = ModelDecoder(options: .init(mode: strict ? .strict : .tolerant))
            configure(foundation, ours)
            switch (Result { try foundation.decode(T.self, from: data) }, Result { try ours.decodeWithReport(T.self, from: data) }) {
            case let (.success(expected), .success((value, report))):
                #expect(value == expected, "\(Array(data))", sourceLocation: sourceLocation)
                #expect(report.isClean, "\(report)", sourceLocation: sourceLocation)
            case let (.success(expected), .failure(error)):
                Issue.record("JSONDecoder read \(expected), CodableKit threw \(error)", sourceLocation: sourceLocation)
            case let (.failure(expected), .success((value, _))) where strict:
                Issue.record("JSONDecoder threw \(expected), strict CodableKit read \(value)", sourceLocation: sourceLocation)
            case let (.failure(expected), .failure(error)) where strict:
                #expect(DropInTests.describe(expected) == DropInTests.describe(error), sourceLocation: sourceLocation)
            case (.failure, _):
                break
            }
        }
    }

    // MARK: Probing types

    struct Holder: CodableModel, Equatable {
        var v: AnyJSON = .string("initial")
        var list: [AnyJSON] = []
    }

    @Test func aProbingTypeSeesJSONDecodersAnswersInAModel() throws {
        let json = #"{"v": 1, "list": [1, null, "a", true, 2.5, {"k": [null]}]}"#
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            let (holder, report) = try Holder.decodeWithReport(from: Data(json.utf8), options: .init(mode: mode))
            #expect(holder.v == .int(1))
            #expect(holder.list == [.int(1), .null, .string("a"), .bool(true), .double(2.5), .object(["k": .array([.null])])])
            #expect(report.isClean, "\(report)")
        }
        // A null property is the type's own null, not the initial value.
        #expect(Holder.deserialize(from: #"{"v": null}"#)?.v == .null)
    }

    @Test func probingTypesAgreeWithJSONDecoderOnEveryKindOfValue() {
        let values = ["1", "0", "-7", "1.0", "2.5", "1e3", "true", "false", "null", #""a""#, #""1""#, #""true""#,
                      "[]", "{}", "[1, null, true]", #"{"a": null, "b": [1, "x"]}"#, "9223372036854775808", #"[[null], {"n": 1}]"#]
        for value in values {
            DropInTests.agree(AnyJSON.self, value)
            DropInTests.agree([AnyJSON].self, "[\(value), \(value)]")
            DropInTests.agree([String: AnyJSON].self, #"{"k": \#(value)}"#)
            DropInTests.agree(KeyedFirstJSON.self, value)
            DropInTests.agree(Wrapped<AnyJSON>.self, value)
            DropInTests.agree(Wrapped<AnyJSON?>.self, value)
        }
    }

    @Test func aTypeThatReadsNullGetsTheNullAtTheTopInArraysAndInJSON5() throws {
        DropInTests.agree(NullReader.self, "null")
        DropInTests.agree([NullReader].self, "[1, null, 2]")
        DropInTests.agree([String: NullReader].self, #"{"a": null}"#)
        DropInTests.agree([NullReader].self, "[null, 3,]") { $0.allowsJSON5 = true; $1.allowsJSON5 = true }
        let read = try ModelDecoder().decode([NullReader].self, from: Data("[1, null]".utf8))
        #expect(read == [.some(1), .absent])
    }

    @Test func aTypesOwnFallbackCodeRunsInTolerantMode() throws {
        for json in [#"{"a": "x"}"#, #"{"a": "27"}"#, #"{"a": true}"#, #"{"a": 1.5}"#, #"{}"#, #"{"a": null}"#, #"{"a": 4}"#] {
            DropInTests.agree(OwnFallback.self, json)
        }
        let own = try ModelDecoder().decode(OwnFallback.self, from: Data(#"{"a": "27"}"#.utf8))
        #expect(own.a == -1)
    }

    /// A type that catches the `valueNotFound` of an absent key's super decoder.
    struct CatchesMissingSuper: Decodable, Equatable {
        var got: String
        enum CodingKeys: CodingKey { case missing }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            do {
                got = try container.superDecoder(forKey: .missing).singleValueContainer().decode(String.self)
            } catch DecodingError.valueNotFound {
                got = "caught"
            }
        }
    }

    @Test func aTypeThatCatchesItsOwnErrorsIsNotOverruled() throws {
        DropInTests.agree(CatchesMissingSuper.self, "{}")
        let caught = try ModelDecoder().decode(CatchesMissingSuper.self, from: Data("{}".utf8))
        #expect(caught.got == "caught")
    }

    @Test func aTypeWhoseOwnInitFailsIsRepairedAfterwards() throws {
        // JSONDecoder rejects these: the second pass converts (recorded) instead.
        struct Own: Codable, Equatable { var n: Int }
        struct Page: DecodableModel { var own = Own(n: 5); var items: [Own] = [] }
        let (page, report) = try Page.decodeWithReport(from: Data(#"{"own": {"n": "12"}, "items": [{"n": "3"}, {"n": "x"}]}"#.utf8))
        #expect(page.own == Own(n: 12))
        #expect(page.items == [Own(n: 3), Own(n: 0)])
        #expect(report.issues.count == 3, "\(report)")
    }

    // MARK: Input JSONDecoder reads

    @Test(arguments: [String.Encoding.utf16LittleEndian, .utf16BigEndian, .utf32LittleEndian, .utf32BigEndian])
    func utf16AndUTF32InputWithAndWithoutAByteOrderMark(_ encoding: String.Encoding) throws {
        let bom: [UInt8] = switch encoding {
        case .utf16LittleEndian: [0xFF, 0xFE]
        case .utf16BigEndian: [0xFE, 0xFF]
        case .utf32LittleEndian: [0xFF, 0xFE, 0, 0]
        default: [0, 0, 0xFE, 0xFF]
        }
        struct Text: Codable, Equatable { var name: String; var n: [Int] }
        for json in [#"{"name": "é 😀 \u00e9", "n": [1, 2]}"#, #"{"name":"a","n":[]}"#] {
            let plain = try #require(json.data(using: encoding))
            Self.agree(Text.self, plain)
            let value = try ModelDecoder(options: .init(mode: .strict)).decode(Text.self, from: Data(bom) + plain)
            let expected = try JSONDecoder().decode(Text.self, from: Data(json.utf8))
            #expect(value == expected)
            if encoding != .utf32LittleEndian {  // JSONDecoder takes FF FE 00 00 for UTF-16 and fails
                Self.agree(Text.self, Data(bom) + plain)
            }
        }
        Self.agree(Int.self, try #require("7".data(using: encoding)))
        Self.agree([Int].self, try #require("[1,]".data(using: encoding)))
    }

    /// UTF-16 or UTF-32 input is transcoded once: the UTF-8 of UTF-32 `2` followed by U+0000
    /// is `32 00`, which looks like UTF-16, and was read as `2` (found by FuzzDifferential).
    @Test func transcodedInputIsNotTranscodedAgain() {
        for bytes: [UInt8] in [[0x32, 0, 0, 0, 0, 0, 0, 0], [0x32, 0, 0, 0, 0, 0, 0, 0, 0x2C], [0x32, 0, 0, 0], [0x32, 0]] {
            Self.agree(Int.self, Data(bytes))
        }
        // The byte order mark of UTF-16 or UTF-32 input is skipped; a second one, which is
        // a UTF-8 one once transcoded, is no JSON (found by FuzzDifferential).
        for bytes: [UInt8] in [[0xFE, 0xFF, 0xFE, 0xFF, 0, 0x31, 0, 0x31], [0xFF, 0xFE, 0xFF, 0xFE, 0x31, 0],
                               [0xFE, 0xFF, 0, 0x31, 0, 0x31], [0, 0, 0xFE, 0xFF, 0, 0, 0xFE, 0xFF, 0, 0, 0, 0x32]] {
            Self.agree(Int.self, Data(bytes))
        }
        Self.agree([String: Int].self, Data([0xFE, 0xFF, 0xFE, 0xFF, 0, 0x22, 0, 0x61, 0, 0x22, 0, 0x3A, 0, 0x31])) {
            $0.assumesTopLevelDictionary = true; $1.assumesTopLevelDictionary = true
        }
        // Unbraced members in UTF-32 are transcoded, then braced.
        let members = Data([0x22, 0, 0, 0, 0x61, 0, 0, 0, 0x22, 0, 0, 0, 0x3A, 0, 0, 0, 0x31, 0, 0, 0])  // `"a":1`
        Self.agree([String: Int].self, members) { $0.assumesTopLevelDictionary = true; $1.assumesTopLevelDictionary = true }
    }

    /// An integer from a number with a fraction or an exponent is read as `JSONDecoder` reads
    /// it (`JSONDocument.integer(_:as:)`): by the `Double` nearest to it, then the number's
    /// own digits from 2^53 (`-1.000000000000000000000000028` is -1: found by
    /// FuzzKeptContainers, where a tolerant decode repaired a value `JSONDecoder` reads).
    @Test func integersFromNumbersWithAFractionAreReadAsJSONDecoderReadsThem() {
        let texts = ["-1.000000000000000000000000028", "-1.0000000000000002", "1.00000000000000001", "3.0000000000000000001e0",
                     "10000000000000000000000e-22", "9007199254740993.0", "9007199254740993", "1e19", "1.5", "1e-400", "-1e-400",
                     "-0.0", "12.0", "1E3", "9223372036854775807.0", "-9223372036854775808.0", "18446744073709551615.0",
                     "18446744073709551615", "18446744073709551616", "255.00000000000001", "-128.0", "1e400",
                     "9007199254740993.5", "-9007199254740993.9", "9007199254740993.1234", "90071992547409930000e-4",
                     "9223372036854775806.5", "18446744073709551614.5", "-9223372036854775808.0", "1.9999999999999999999",
                     "0.99999999999999999999", "123456789012345678.9"]
        for text in texts {
            let data = Data(text.utf8)
            Self.agree(Int.self, data)
            Self.agree(Int8.self, data)
            Self.agree(UInt8.self, data)
            Self.agree(UInt64.self, data)
            Self.agree(Int64.self, data)
        }
    }

    /// The encoding is found by `JSONDecoder`'s table, zero bytes and non-zero ones both
    /// (the inputs FuzzDifferential found read as UTF-16 where `JSONDecoder` reads UTF-8).
    @Test func encodingIsFoundByJSONDecodersTable() {
        let inputs: [[UInt8]] = [
            [0, 0x32, 0x32], [0x32, 0, 0], [0, 0x22, 0xB4, 0, 0, 0x22], [0x22, 0, 0, 0x22, 0x22, 0], [0, 0x22, 0x22, 0, 0, 0x22],
            [0, 0x32], [0x32, 0], [0, 0x32, 0, 0x20], [0xFE, 0xFF, 0, 0x31], [0xFE, 0xFF, 0, 0, 0x31, 0, 0, 0], [0, 0, 0, 0x31],
        ]
        for bytes in inputs { Self.agree(JSONValue.self, Data(bytes)) }
    }

    @Test func invalidUTF16IsAnErrorThatSaysSo() {
        let loneSurrogate = Data([0x5B, 0, 0x22, 0, 0x00, 0xD8, 0x22, 0, 0x5D, 0])  // UTF-16LE `["` U+D800 `"]`
        Self.agree([String].self, loneSurrogate)
        let error = #expect(throws: JSONReadError.self) { try JSONParser.parse([UInt8](loneSurrogate)) }
        #expect(error?.reason == "invalid UTF-16 code unit sequence")
    }

    @Test func trailingCommasAsJSONDecoderReadsThem() {
        for json in ["[1,2,]", #"{"a":1,}"#, "[1,2 , \n]", "[[1,],]", "[1,,]", "[,]", "{,}", #"{"a":1,,}"#, "1,", "[1],"] {
            DropInTests.agree(AnyJSON.self, json)
            DropInTests.agree([String: [Int]].self, json)
        }
        #expect(throws: JSONReadError.self) { try JSONParser.parse(Array("[1,,]".utf8)) }
        #expect(throws: Never.self) { try JSONParser.parse(Array(#"{"a": [1,], "b": {"c": 2,},}"#.utf8)) }
    }

    @Test func assumesTopLevelDictionaryWithoutJSON5() throws {
        struct Point: Codable, Equatable { var x: Int }
        let cases = [#""x" : 42"#, #"{"x": 42}"#, #""x": 1,"#, " ", "", #""abc""#, "x: 1", #""x": 1}"#]
        for json in cases {
            DropInTests.agree(Point.self, json) { $0.assumesTopLevelDictionary = true; $1.assumesTopLevelDictionary = true }
            DropInTests.agree([String: Int].self, json) { $0.assumesTopLevelDictionary = true; $1.assumesTopLevelDictionary = true }
        }
        // The position of an error is the input's own.
        let error = #expect(throws: JSONReadError.self) { try JSONParser.parse(Array(#""x": }"#.utf8), assumesTopLevelDictionary: true) }
        #expect(error?.offset == 5)
        #expect(error?.column == 6)
    }

    struct Box<T: Codable & Equatable>: Codable, Equatable { var v: T }

    enum Color: String, Codable, CodingKeyRepresentable { case red, green }

    /// Shapes the standard library and Foundation decide for themselves (as
    /// `EncoderParityTests.standardLibraryAndFoundationShapes` writes them), read as
    /// `JSONDecoder` reads them, wrong shapes included.
    @Test func standardLibraryAndFoundationShapes() {
        DropInTests.agree([Color: Int].self, #"{"red": 1, "green": 2}"#)
        DropInTests.agree([Color: Int].self, #"{"blue": 1}"#)
        DropInTests.agree([Int: String].self, #"{"1": "a", "-2": "b"}"#)
        DropInTests.agree([Bool: Int].self, "[true, 1, false, 0]")
        DropInTests.agree([Bool: Int].self, "[true, 1, false]")
        DropInTests.agree([Double: String].self, #"[1.5, "x", -0.5, "y"]"#)
        DropInTests.agree(Set<Int>.self, "[1, 1, 2]")
        DropInTests.agree(Range<Int>.self, "[1, 5]")
        DropInTests.agree(Range<Int>.self, "[5, 1]")
        DropInTests.agree(ClosedRange<Int>.self, "[1, 5]")
        DropInTests.agree([Int??].self, "[1, null]")
        DropInTests.agree([Float16].self, "[1.5, 0.1, 65504, 1e5]")
        DropInTests.agree([CGFloat].self, "[1.5, 0.1]")
    }

    @Test func int128AndUInt128() throws {
        let inputs = ["0", "-1", "1.0", "1e3", "1.5", "170141183460469231731687303715884105727", "-170141183460469231731687303715884105728",
                      "170141183460469231731687303715884105728", "340282366920938463463374607431768211455",
                      "340282366920938463463374607431768211456", "1e38", "1e19", "1e20", "-9.3e18", "18446744073709551615.0",
                      "18446744073709551616.0", "12.50e1", "100e-2", #""12""#, "0.0e5", "-0"]
        for input in inputs {
            DropInTests.agree(Int128.self, input)
            DropInTests.agree(UInt128.self, input)
            DropInTests.agree([Int128].self, "[\(input)]")
            DropInTests.agree(Box<UInt128?>.self, #"{"v": \#(input)}"#)
        }
        let smallest = try ModelDecoder().decode(Int128.self, from: Data("-170141183460469231731687303715884105728".utf8))
        #expect(smallest == .min)
    }

    /// A base class decoded through a metatype that holds a subclass.
    class Person: Decodable, @unchecked Sendable {
        var name: String
        enum CodingKeys: CodingKey { case name }
        required init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
        }
    }

    final class Employee: Person, @unchecked Sendable {
        var title: String
        enum EmployeeKeys: CodingKey { case title }
        required init(from decoder: any Decoder) throws {
            title = try decoder.container(keyedBy: EmployeeKeys.self).decode(String.self, forKey: .title)
            try super.init(from: decoder)
        }
    }

    @Test func aMetatypeHoldingASubclassDecodesTheSubclass() throws {
        let type: Person.Type = Employee.self
        let data = Data(#"{"name": "Ada", "title": "Engineer"}"#.utf8)
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            let person = try ModelDecoder(options: .init(mode: mode)).decode(type, from: data)
            #expect((person as? Employee)?.title == "Engineer")
            #expect(person.name == "Ada")
            let reported = try ModelDecoder(options: .init(mode: mode)).decodeWithReport(type, from: data).value
            #expect(reported is Employee)
        }
        let foundation = try JSONDecoder().decode(type, from: data)
        #expect(foundation is Employee)
    }

    // MARK: Also measured

    @Test func json5RejectsAnEscapedNulAsJSONDecoderDoes() {
        for json in [#""a\0b""#, #""a\u0000b""#, #""a\x00b""#, #"['\0']"#] {
            DropInTests.agree(AnyJSON.self, json) { $0.allowsJSON5 = true; $1.allowsJSON5 = true }
        }
        DropInTests.agree(String.self, #""a\x41b""#) { $0.allowsJSON5 = true; $1.allowsJSON5 = true }
        DropInTests.agree(String.self, #""a\u0000b""#)  // plain JSON reads it
    }

    @Test func iso8601WithFractionalSeconds() {
        struct Event: Codable, Equatable { var at: Date }
        for text in ["2024-12-10T08:30:00.123Z", "2024-12-10T08:30:00.1Z", "2024-12-10T08:30:00.123456Z",
                     "2024-12-10T08:30:00.5+02:00", "2024-12-10T08:30:00Z", "2024-12-10T08:30:00.Z", "2024-12-10T08:30:00,5Z"] {
            DropInTests.agree(Event.self, #"{"at": "\#(text)"}"#) { $0.dateDecodingStrategy = .iso8601; $1.dateDecodingStrategy = .iso8601 }
        }
    }

    /// Reads a value through the super decoder of a key.
    struct ThroughSuper: Decodable, Equatable {
        var inner: Int
        enum CodingKeys: CodingKey { case inner }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            inner = try container.superDecoder(forKey: .inner).singleValueContainer().decode(Int.self)
        }
    }

    @Test func superDecoderErrorsNameTheKey() throws {
        for json in [#"{"inner": "x"}"#, #"{"inner": null}"#, "{}", #"{"inner": 3}"#] {
            DropInTests.agree(ThroughSuper.self, json)
        }
        let error = #expect(throws: DecodingError.self) {
            try ModelDecoder(options: .init(mode: .strict)).decode(ThroughSuper.self, from: Data(#"{"inner": "x"}"#.utf8))
        }
        guard case let .typeMismatch(_, context)? = error else { Issue.record("\(String(describing: error))"); return }
        #expect(context.codingPath.map(\.stringValue) == ["inner"])
    }

    @Test func floatIsRoundedOnceFromTheText() throws {
        for text in ["3.4028235677973366e38", "3.4028235677973367e38", "-3.4028235677973366e38", "3.4028234663852886e38",
                     "1.00000017881393432617187499", "1.000000178813934326171875", "16777217", "0.1", "3.5e38"] {
            DropInTests.agree(Float.self, text)
            DropInTests.agree([Float].self, "[\(text)]")
        }
        let largest = try ModelDecoder().decode(Float.self, from: Data("3.4028235677973366e38".utf8))
        #expect(largest == .greatestFiniteMagnitude)
    }

    /// Different keys that read as one integer: the last in the document wins, every run.
    /// (`JSONDecoder` keeps whichever its hash order visits last, which varies from run to
    /// run.) A key repeated exactly reads its first value, as in `JSONDecoder`.
    @Test func integerKeysThatCollideKeepTheLast() throws {
        let last = try ModelDecoder().decode([Int: String].self, from: Data(#"{"01": "a", "+1": "b"}"#.utf8))
        #expect(last == [1: "b"])
        let again = try ModelDecoder().decode([Int: String].self, from: Data(#"{"+1": "a", "01": "b", "1": "c"}"#.utf8))
        #expect(again == [1: "c"])
        let strict = try ModelDecoder(options: .init(mode: .strict)).decode([Int: String].self, from: Data(#"{"1": "a", "01": "b"}"#.utf8))
        #expect(strict == [1: "b"])
        DropInTests.agree([Int: String].self, #"{"1": "a", "1": "b"}"#)
        DropInTests.agree([Int: String].self, #"{"1": "a", "2": "b"}"#)
    }
}
