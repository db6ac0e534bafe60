import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// The whole JSONTestSuite parsing corpus (github.com/nst/JSONTestSuite, MIT):
/// `y_` files must be accepted, `n_` files rejected (except the trailing commas that
/// `JSONDecoder` accepts), and each `i_` file (where RFC 8259 leaves the choice to the
/// parser) does what `implementationDefined` says: for UTF-16 input, what `JSONDecoder` does.
@Suite struct JSONTestSuiteTests {
    @Test(arguments: Fixtures.jsonTestSuiteFiles("y_"))
    func accepts(_ name: String) throws {
        let data = try Fixtures.jsonTestSuiteData(name)
        #expect(throws: Never.self) { try JSONParser.parse([UInt8](data)) }
    }

    /// `n_` files that `JSONDecoder` reads, and so CodableKit reads: trailing commas.
    static let acceptedAsJSONDecoderDoes: [String: String] = [
        "n_array_extra_comma.json": #"[""]"#,
        "n_array_number_and_comma.json": "[1]",
        "n_object_trailing_comma.json": #"{"id":0}"#,
    ]

    @Test(arguments: Fixtures.jsonTestSuiteFiles("n_").filter { acceptedAsJSONDecoderDoes[$0] == nil })
    func rejects(_ name: String) throws {
        let data = try Fixtures.jsonTestSuiteData(name)
        #expect(throws: JSONReadError.self) { try JSONParser.parse([UInt8](data)) }
    }

    @Test(arguments: acceptedAsJSONDecoderDoes.keys.sorted())
    func acceptsWhatJSONDecoderAccepts(_ name: String) throws {
        let data = try Fixtures.jsonTestSuiteData(name)
        let document = try JSONParser.parse([UInt8](data))
        let expected = try JSONParser.parse(Array(Self.acceptedAsJSONDecoderDoes[name]!.utf8))
        #expect(try document.value(at: 0) == expected.value(at: 0))
        #expect(throws: Never.self) { try JSONDecoder().decode(AnyJSON.self, from: data) }
    }

    @Test func corpusIsComplete() {
        #expect(Fixtures.jsonTestSuiteFiles("y_").count == 95)
        #expect(Fixtures.jsonTestSuiteFiles("n_").count == 188)
        #expect(Set(Fixtures.jsonTestSuiteFiles("i_")) == Set(Self.implementationDefined.keys))
    }

    enum Outcome: Sendable, CustomStringConvertible {
        /// Accepted; the comment says what value results.
        case accept(String)
        /// Rejected with an error whose reason contains this text.
        case reject(String)

        var description: String {
            switch self {
            case let .accept(why): "accept (\(why))"
            case let .reject(text): "reject (\(text))"
            }
        }
    }

    /// What CodableKit does for every `i_` file, and why.
    static let implementationDefined: [String: Outcome] = [
        "i_number_double_huge_neg_exp.json": .accept("valid syntax; reads as 0.0"),
        "i_number_huge_exp.json": .accept("valid syntax; reads as +infinity as a Double, out of range as an integer"),
        "i_number_neg_int_huge_exp.json": .accept("valid syntax; reads as -infinity"),
        "i_number_pos_double_huge_exp.json": .accept("valid syntax; reads as +infinity"),
        "i_number_real_neg_overflow.json": .accept("valid syntax; reads as -infinity"),
        "i_number_real_pos_overflow.json": .accept("valid syntax; reads as +infinity"),
        "i_number_real_underflow.json": .accept("valid syntax; reads as 0.0"),
        "i_number_too_big_neg_int.json": .accept("valid syntax; out of range for every integer type, nearest Double"),
        "i_number_too_big_pos_int.json": .accept("valid syntax; out of range for every integer type, nearest Double"),
        "i_number_very_big_negative_int.json": .accept("valid syntax; out of range for every integer type, nearest Double"),
        "i_object_key_lone_2nd_surrogate.json": .reject("lone UTF-16 surrogate"),
        "i_string_1st_surrogate_but_2nd_missing.json": .reject("lone UTF-16 surrogate"),
        "i_string_1st_valid_surrogate_2nd_invalid.json": .reject("lone UTF-16 surrogate"),
        "i_string_UTF-16LE_with_BOM.json": .accept("UTF-16 input, read as JSONDecoder reads it"),
        "i_string_UTF-8_invalid_sequence.json": .reject("invalid UTF-8"),
        "i_string_UTF8_surrogate_U+D800.json": .reject("invalid UTF-8"),
        "i_string_incomplete_surrogate_and_escape_valid.json": .reject("lone UTF-16 surrogate"),
        "i_string_incomplete_surrogate_pair.json": .reject("lone UTF-16 surrogate"),
        "i_string_incomplete_surrogates_escape_valid.json": .reject("lone UTF-16 surrogate"),
        "i_string_invalid_lonely_surrogate.json": .reject("lone UTF-16 surrogate"),
        "i_string_invalid_surrogate.json": .reject("lone UTF-16 surrogate"),
        "i_string_invalid_utf-8.json": .reject("invalid UTF-8"),
        "i_string_inverted_surrogates_U+1D11E.json": .reject("lone UTF-16 surrogate"),
        "i_string_iso_latin_1.json": .reject("invalid UTF-8"),
        "i_string_lone_second_surrogate.json": .reject("lone UTF-16 surrogate"),
        "i_string_lone_utf8_continuation_byte.json": .reject("invalid UTF-8"),
        "i_string_not_in_unicode_range.json": .reject("invalid UTF-8"),
        "i_string_overlong_sequence_2_bytes.json": .reject("invalid UTF-8"),
        "i_string_overlong_sequence_6_bytes.json": .reject("invalid UTF-8"),
        "i_string_overlong_sequence_6_bytes_null.json": .reject("invalid UTF-8"),
        "i_string_truncated-utf-8.json": .reject("invalid UTF-8"),
        "i_string_utf16BE_no_BOM.json": .accept("UTF-16 input, read as JSONDecoder reads it"),
        "i_string_utf16LE_no_BOM.json": .accept("UTF-16 input, read as JSONDecoder reads it"),
        "i_structure_500_nested_arrays.json": .accept("500 levels is within the default limit of 512"),
        "i_structure_UTF-8_BOM_empty_object.json": .accept("a leading UTF-8 byte order mark is skipped (RFC 8259 §8.1)"),
    ]

    @Test(arguments: Fixtures.jsonTestSuiteFiles("i_"))
    func implementationDefined(_ name: String) throws {
        let data = try Fixtures.jsonTestSuiteData(name)
        let outcome = try #require(Self.implementationDefined[name], "no decision recorded for \(name)")
        switch outcome {
        case .accept:
            #expect(throws: Never.self) { try JSONParser.parse([UInt8](data)) }
        case let .reject(text):
            let error = #expect(throws: JSONReadError.self) { try JSONParser.parse([UInt8](data)) }
            #expect(error?.reason.contains(text) == true, "\(name): \(String(describing: error))")
        }
    }
}
