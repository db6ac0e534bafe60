import Foundation
import Testing
@testable import CodableKit

/// The decoding behaviours swift-foundation's `JSONEncoderTests` pin down, on types of our
/// own, side by side with `JSONDecoder` in both of CodableKit's modes.
@Suite struct FoundationDecodingSuiteTests {
    typealias Settings = SideBySide.DecoderSettings
    typealias AnyKey = FoundationEncodingSuiteTests.AnyKey

    /// Reads the key named by the value of `lookup`: the strategy must convert keys the
    /// decoding code makes up, not only the declared ones.
    struct Indirect: Decodable, Equatable {
        var found: Bool
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            let name = try container.decode(String.self, forKey: AnyKey("lookup"))
            found = try container.decode(Bool.self, forKey: AnyKey(name))
        }
    }

    @Test(arguments: [("", ""), ("a", "a"), ("ALLCAPS", "ALLCAPS"), ("ALL_CAPS", "allCaps"), ("snake_case", "snakeCase"),
                      ("one_2_three", "one2Three"), ("one2_three", "one2Three"), ("snake_Ćase", "snakeĆase"), ("snake_ćase", "snakeĆase"),
                      ("alreadyCamelCase", "alreadyCamelCase"), ("__this_and_that", "__thisAndThat"), ("this__and__that", "thisAndThat"),
                      ("this_and_that__", "thisAndThat__"), ("this_aNd_that", "thisAndThat"), ("_one_two_three_", "_oneTwoThree_"),
                      ("__one_two_three__", "__oneTwoThree__"), ("_test_", "_test_"), ("_", "_"), ("__", "__"), ("___", "___"),
                      ("🐧_🐟", "🐧🐟")])
    func fromSnakeCase(_ snake: String, _ camel: String) {
        SideBySide.decode(Indirect.self, #"{"lookup":"\#(camel)","\#(snake)":true}"#, Settings(keys: .convertFromSnakeCase))
    }

    struct Hello: Codable, Equatable { var hello: String }
    struct Renamed: Codable, Equatable {
        var first: String
        var secondValue: String
        enum CodingKeys: String, CodingKey { case first = "fooBar", secondValue }
    }
    struct Failing: Decodable, Equatable { var intValue: Int }
    struct FailingNested: Decodable, Equatable { var nestedValue: Failing }
    struct Camel: Codable, Equatable { var thisIsCamelCase: String }

    @Test func keyStrategies() {
        let dropFour = JSONDecoder.KeyDecodingStrategy.custom { path in
            let key = path.last!.stringValue
            return key.count > 4 ? AnyKey(String(key.dropFirst(4))) : path.last!
        }
        SideBySide.decode(Hello.self, #"{"----hello":"test"}"#, Settings(keys: dropFour))
        SideBySide.decode([String: String].self, #"{"leave_me_alone":"test"}"#, Settings(keys: .convertFromSnakeCase))
        SideBySide.decode([String: Int].self, #"{"leave_me_alone":"test"}"#, Settings(keys: .convertFromSnakeCase))
        SideBySide.decode([String: [String: FailingNested]].self,
                          #"{"top_level": {"sub_level": {"nested_value": {"int_value": "not_an_int"}}}}"#, Settings(keys: .convertFromSnakeCase))
        SideBySide.decode(Renamed.self, #"{"foo_bar":"test","second_value":"test2"}"#, Settings(keys: .convertFromSnakeCase))
        SideBySide.decode(Camel.self, #"{"this_is_camel_case":"test"}"#, Settings(keys: .convertFromSnakeCase))
    }

    @Test func nullForAStringIsValueNotFoundOfString() {
        let json = Data(#"{"thisIsCamelCase": null}"#.utf8)
        SideBySide.decode(Camel.self, json)
        guard case let .valueNotFound(type, _)? = Self.error(Camel.self, json) else { Issue.record("no valueNotFound"); return }
        #expect(ObjectIdentifier(type) == ObjectIdentifier(String.self))
    }

    static func error<T: Decodable>(_: T.Type, _ json: Data) -> DecodingError? {
        do {
            _ = try ModelDecoder(options: .init(mode: .strict)).decode(T.self, from: json)
            return nil
        } catch {
            return error as? DecodingError
        }
    }

    /// Two keys a custom strategy maps to one name: the first member wins and `allKeys` has one.
    struct Collapsed: Decodable, Equatable {
        var value: String
        var keyCount: Int
        enum CodingKeys: String, CodingKey { case oneTwo, oneTwoThree }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decode(String.self, forKey: .oneTwo)
            keyCount = container.allKeys.count
        }
    }

    @Test func collidingConvertedKeys() {
        SideBySide.decode(Collapsed.self, #"{"unused key 1":"test1","unused key 2":"test2"}"#, Settings(keys: .custom { _ in AnyKey("oneTwo") }))
    }

    @Test func noCoercionBetweenBoolsAndNumbers() {
        let bools = "[false,true]"
        SideBySide.decode([Int].self, bools)
        SideBySide.decode([Int8].self, bools)
        SideBySide.decode([UInt64].self, bools)
        SideBySide.decode([Float].self, bools)
        SideBySide.decode([Double].self, bools)
        for numbers in ["[0,1]", "[0.0,1.0]"] { SideBySide.decode([Bool].self, numbers) }
    }

    /// Tries one type, then the other, on the same decoder.
    enum Either<A: Decodable & Equatable, B: Decodable & Equatable>: Decodable, Equatable {
        case first(A), second(B)
        init(from decoder: any Decoder) throws {
            if let value = try? A(from: decoder) { self = .first(value) } else { self = .second(try B(from: decoder)) }
        }
    }

    struct Failure: Error {}

    /// A failed attempt leaves the decoder as it was for the next one.
    @Test func aFailedAttemptLeavesTheDecoderUsable() {
        SideBySide.decode(Either<[String], [Int]>.self, "[1,2,3]")
        SideBySide.decode(Either<Date, Int>.self, "1", Settings(date: .custom { _ in throw Failure() }))
        SideBySide.decode(Either<Data, Int>.self, "1", Settings(data: .custom { _ in throw Failure() }))
    }

    struct Checked: Decodable, Equatable {
        var value: String
        enum CodingKeys: String, CodingKey { case value }
        init(from decoder: any Decoder) throws {
            value = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .value)
            guard value == "foo" else { throw Failure() }
        }
    }

    struct CheckedSingle: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            guard try decoder.singleValueContainer().decode(String.self) == "foo" else { throw Failure() }
        }
    }

    /// An error thrown by the type's own code reaches the caller, in both modes.
    @Test func errorsThrownByTheTypeItself() throws {
        for mode in [DecodingOptions.Mode.strict, .tolerant] {
            #expect(throws: Failure.self) { try ModelDecoder(options: .init(mode: mode)).decode(Checked.self, from: Data(#"{"value": "baz"}"#.utf8)) }
            #expect(throws: Failure.self) { try ModelDecoder(options: .init(mode: mode)).decode(CheckedSingle.self, from: Data(#""baz""#.utf8)) }
        }
        #expect(throws: (any Error).self) { try ModelDecoder(options: .init(mode: .strict)).decode(CheckedSingle.self, from: Data(#"{"value": "baz"}"#.utf8)) }
        // Inside a model, tolerant mode falls back as for any bad value, and its report says what threw.
        struct Holder: Decodable { var inner: Checked? }
        let (holder, report) = try ModelDecoder().decodeWithReport(Holder.self, from: Data(#"{"inner": {"value": "baz"}}"#.utf8))
        #expect(holder.inner == nil)
        #expect(report.issues.map(\.path) == ["inner"])
        #expect(report.description.contains("threw Failure()"), "\(report)")
        SideBySide.decode(Hello.self, #"{"hello": json}"#)
        SideBySide.decode(Hello.self, #""foo"#)
    }

    /// `decodeNil()` that answers false does not move past the element.
    struct NilChecks: Decodable, Equatable {
        var values: [Int] = []
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            while !container.isAtEnd {
                guard try !container.decodeNil(), try !container.decodeNil() else { throw Failure() }
                values.append(try container.decode(Int.self))
            }
        }
    }

    @Test func repeatedNilChecks() { SideBySide.decode(NilChecks.self, "[1, 2, 3]") }

    /// An unkeyed container, and the top-level decoder itself, kept and read after the decode.
    struct KeepsContainer: Decodable {
        var container: any UnkeyedDecodingContainer
        init(from decoder: any Decoder) throws { container = try decoder.unkeyedContainer() }
        func value() throws -> Int {
            var copy = container
            return try copy.decode(Int.self)
        }
    }

    struct KeepsDecoder: Decodable {
        var decoder: any Decoder
        init(from decoder: any Decoder) throws { self.decoder = decoder }
        func value() throws -> Int {
            var unkeyed = try decoder.unkeyedContainer()
            return try unkeyed.decode(Int.self)
        }
    }

    @Test func deferredDecoding() throws {
        let json = Data("[42]".utf8)
        for mode in [DecodingOptions.Mode.strict, .tolerant] {
            let decoder = ModelDecoder(options: .init(mode: mode))
            #expect(try decoder.decode(KeepsContainer.self, from: json).value() == JSONDecoder().decode(KeepsContainer.self, from: json).value())
            #expect(try decoder.decode(KeepsDecoder.self, from: json).value() == JSONDecoder().decode(KeepsDecoder.self, from: json).value())
        }
    }

    /// A missing key read through `superDecoder(forKey:)`: `valueNotFound`, which the type catches.
    struct OptionalThroughSuperDecoder: Decodable, Equatable {
        var a: Bool
        var nope: String?
        enum CodingKeys: String, CodingKey { case a, nope }
        init(from decoder: any Decoder) throws {
            let keyed = try decoder.container(keyedBy: CodingKeys.self)
            a = try keyed.decode(Bool.self, forKey: .a)
            do {
                nope = try keyed.superDecoder(forKey: .nope).singleValueContainer().decode(String.self)
            } catch DecodingError.valueNotFound {
                nope = nil
            }
        }
    }

    @Test func superDecoderForAMissingKey() { SideBySide.decode(OptionalThroughSuperDecoder.self, #"{"a":true}"#) }

    static let utf16 = [String.Encoding.utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian]

    /// The same text in UTF-8 and in each of the other encodings `JSONDecoder` detects.
    static func everyEncoding<T: Decodable & Equatable>(_ type: T.Type, _ json: String,
                                                          sourceLocation: SourceLocation = #_sourceLocation) {
        SideBySide.decode(type, json, sourceLocation: sourceLocation)
        for encoding in utf16 { SideBySide.decode(type, json.data(using: encoding)!, sourceLocation: sourceLocation) }
    }

    @Test func strings() {
        Self.everyEncoding(String.self, #""\/test\/path""#)
        Self.everyEncoding(String.self, #""\\/test\\/path""#)
        Self.everyEncoding([String].self, #"["閆崬밺뀫颒"]"#)
        Self.everyEncoding([String].self, #"["本日"]"#)
        for escaped in [#""\u00e9\u2265""#, #""42\u00e942\u226542""#, #""\u00E9""#, #""\uD834\uDD1E""#] {
            Self.everyEncoding(String.self, escaped)
        }
        for bad in [#""\uD834""#, #""\uD834hello""#, #""hello\uD834""#, #""\uD834\u1221""#, #""\uD8""#, #""\uD834x\uDD1E""#,
                    #"\uD834"#] {
            SideBySide.decode(String.self, bad)
        }
        SideBySide.decode(String.self, #"["\h\e\l\l\o"]"#, differing: .notJSONSaidFirst)
        SideBySide.decode([String].self, #"["\h\e\l\l\o"]"#)
        for code in 0 ... 0x20 {
            let escaped = code == 0x20 ? " " : String(format: "\\u%04x", code)
            Self.everyEncoding(String.self, "\"\(escaped)\"")
        }
        for short in [#"\b"#, #"\t"#, #"\n"#, #"\f"#, #"\r"#] { Self.everyEncoding(String.self, "\"\(short)\"") }
        // Canonically equivalent keys are one Swift String: one member.
        SideBySide.decode([String: Bool].self, "{\n  \"caf\\u00e9\" : true,\n  \"cafe\\u0301\" : false\n}")
    }

    @Test func numbers() {
        for fragment in ["0 ", "1.0 ", "0.1 ", "1e3 ", "-2.01e-3 ", "0", "1.0", "1e3", "-2.01e-3", "0e-10"] {
            Self.everyEncoding(Double.self, fragment)
        }
        // "2.01e-1234" is left out: the documented underflow (ModelDecoder's documentation,
        // StrictParityTests.underflow), which JSONDecoder rejects and CodableKit reads as zero.
        for bad in ["0.", "1e ", "-2.01e- ", "+", "+2.0q", "2s", "NaN", "nan", "Infinity", "inf", "-", "0x42", "1.e2"] {
            SideBySide.decode(Float.self, bad)
        }
        SideBySide.decode([String: UInt64].self, #"{"a":6032314514195021674}"#)
        SideBySide.decode(Decimal.self, "23456789012000000000000000000000000000000000000000000000000000000000000000000 ")
        SideBySide.decode(Double.self, Data("3.141596".utf8)[0 ..< 4])
        SideBySide.decode(Double.self, Data("x3.14".utf8).dropFirst())
    }

    @Test func documentShape() {
        for garbage in ["tru_", "fals_", "nul_", " ", ""] {
            SideBySide.decode(Bool?.self, garbage)
            SideBySide.decode(Bool?.self, garbage, Settings(json5: true))
        }
        SideBySide.decode([String: [Bool]].self, #"{"key" : [ true, ],}"#)
        SideBySide.decode(Int.self, " ")
        for json in ["{\"v\"\n : true}", "{\"v\"\r\n : true}", "{\"v\"\r : true}"] { SideBySide.decode([String: Bool].self, json) }
        for encoding in Self.utf16 { SideBySide.decode(Int.self, "7".data(using: encoding)!) }
    }

    struct Nested: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            while container.count! > 0 { container = try container.nestedUnkeyedContainer() }
        }
    }

    @Test func depth() {
        SideBySide.decode(Nested.self, String(repeating: "[", count: 256) + String(repeating: "]", count: 256))
        SideBySide.decode(Nested.self, String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
    }

    @Test func byteOrderMarks() throws {
        let text = #""👍🏻""#
        let marked: [(Data, String.Encoding)] = [(Data([0xEF, 0xBB, 0xBF]), .utf8), (Data([0xFE, 0xFF]), .utf16BigEndian),
                                                 (Data([0xFF, 0xFE]), .utf16LittleEndian), (Data([0, 0, 0xFE, 0xFF]), .utf32BigEndian),
                                                 (Data([0xFE, 0xFF, 0, 0]), .utf32LittleEndian),
                                                 (Data([0xFF, 0xFE, 0, 0]), .utf32BigEndian), (Data([0xFE, 0xFF]), .utf32LittleEndian),
                                                 (Data([0xEF, 0xBB, 0xBF]), .utf16BigEndian)]
        for (mark, encoding) in marked { SideBySide.decode(String.self, mark + text.data(using: encoding)!) }
        let utf32LE = Data([0xFF, 0xFE, 0, 0]) + text.data(using: .utf32LittleEndian)!
        let read = SideBySide.decode(String.self, utf32LE, differing: .foundationRejects(because: "FF FE 00 00 read as UTF-16's mark"))
        #expect(try read.get() == "👍🏻")
    }

    @Test func topLevelDictionaryAssumed() {
        let assumed = Settings(topLevelDictionary: true)
        for json in [#""x" : 42"#, #"{"x" : 42}"#, "", #""x" : 42}"#, #"{"x" : 42"#] {
            SideBySide.decode([String: Int].self, json, assumed)
        }
    }

    struct Null: Decodable, Equatable {
        init(from decoder: any Decoder) throws {
            guard try decoder.singleValueContainer().decodeNil() else { throw Failure() }
        }
    }

    @Test func json5Numbers() throws {
        let json5 = Settings(json5: true)
        let integers = ["1", "11", "99887766", "-1", "-10", "0", "+0", "-0", "+1", "+10", "0x1F", "0x0000000E", "-0X1f", "+0X1f", "1.",
                        "1.e2", "1e2", "1E2", "1e+2", "1E+2", "1e+02", "1E+02", "-", "+", "-a", "+a", "-0x", "+0x", "-0x ", "+0x ",
                        "-0xAFFFFFAFFFFFAFFFFFAFFFFFAFFFFFAFFFFFAFFFFFAFFFFF", "0xABC.DEF", "0xABCpD", "1e", "1E", "1e ", "1E ", "+1e ",
                        "+1e", "-1e ", "-1E "]
        for json in integers { SideBySide.decode(Int.self, json, json5) }
        let doubles = ["1", "-10", "+0", "-0", "+10", "Infinity", "-Infinity", "+Infinity", ".1", "1.", "-.1", "+.1", "1e-2", "1E-02",
                       "1e+02", "0x1F", "-0X1f", "+0X1f", "-Inf", "-Inf       ", "+Inf", "+Na", "-Na    ", "-infinity", "+infinity ",
                       "+NAN", "+NA    ", "-NAN", "0x2.", "0x2.2", ".e1", "0xFFFFFFFFFFFFFFFFFFFFFF"]
        for json in doubles { SideBySide.decode(Double.self, json, json5) }
        for json in ["NaN", "+NaN", "-NaN"] {
            #expect(try ModelDecoder(options: .init(mode: .strict)).with(json5: true).decode(Double.self, from: Data(json.utf8)).isNaN)
        }
    }

    @Test func json5Texts() {
        let json5 = Settings(json5: true)
        for json in ["null", "nul", "nu", "n", "n    ", "nu   "] { SideBySide.decode(Null.self, json, json5) }
        SideBySide.decode(Null.self, "Null", json5, differing: .notJSONSaidFirst)
        for json in ["[", "[ ", "[\n\n", "['hi',", "['hi', ", "['hi',\n"] { SideBySide.decode([String].self, json, json5) }
        for json in ["{", "{ ", "{k ", "{k :", "{k : ", "{k : true", "{k : true ", "{k : true\n\n", "{k : true  "] {
            SideBySide.decode([String: Bool].self, json, json5)
        }
        for bytes: [UInt8] in [[0x7B, 0x80], [0x7B, 0xC0], [0x7B, 0xE0, 0x80], [0x7B, 0xF0, 0x80, 0x80]] {
            SideBySide.decode([String: Bool].self, Data(bytes), json5)
        }
        let trues = ["{v\n : true}", "{ v \n : true,\nv\n:true,}", "{v\r : true}", "{ v \r\n : true,\r\nv\r\n:true,}",
                     "{v// comment \n : true}", "{v/* comment*/ \n : true}", "{v/* comment */:/*comment*/\ntrue}",
                     "{v // comment \r : true}", "{v/* comment */:/*comment*/\r\ntrue}", "// start with a comment\r\n{v:true}"]
        for json in trues { SideBySide.decode([String: Bool].self, json, json5) }
        let strings = [#"{v : "hi\x20there"}"#, #"{v : "hi\xthere"}"#, #"{v : "hi\x2there"}"#, #"{v : "hi\0there"}"#,
                       #"{v : "hi\x00there"}"#, #"{v : "hi\u0000there"}"#, #"{v:"hello\uA"}"#, #"{v:"hello\uA   "}"#]
        for json in strings { SideBySide.decode([String: String].self, json, json5) }
    }

    struct Greeting: Decodable, Equatable { var hello: String; var goodbye: [String: String] }

    @Test func json5TopLevelDictionaryAssumed() {
        let settings = Settings(json5: true, topLevelDictionary: true)
        let texts = [#"hello: "world""#, #"{hello: "world"}"#, #"hello: "world", goodbye: "42""#, #"hello: "world","#,
                     #"hello: "world"   "#, #"hello: "world",  "#, #"hello: "world"  ,  "#, #"   hello   : "world"   "#,
                     #"{hello: "world""#, #"hello: "world"}"#, #"hello: "world" x "#, #"hello: "world"x"#, "", " ", "{ }", "{}",
                     ",", " , ", ", ", "   ,"]
        for json in texts { SideBySide.decode([String: String].self, json, settings) }
        for json in [#"hello: "world", goodbye: {"hi":"there"}"#, #"hello: "world", goodbye: {"hi":"there",},"#] {
            SideBySide.decode(Greeting.self, json, settings)
        }
        SideBySide.decode([Int].self, "[1,2,3]", settings)
        SideBySide.decode(String.self, "fragment", settings)
        SideBySide.decode(Int.self, "42", settings)
    }
}

private extension ModelDecoder {
    func with(json5: Bool) -> ModelDecoder {
        allowsJSON5 = json5
        return self
    }
}
