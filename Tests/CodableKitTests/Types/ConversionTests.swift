import Foundation
import Testing
import CodableKit

/// Every scalar type against every JSON kind: read natively, converted (and
/// recorded), or left at the fallback (and recorded) — never trapped, never truncated.
@Suite struct ConversionTests {
    enum Outcome: Sendable, CustomStringConvertible {
        /// Read as is; the report stays clean.
        case native(String)
        /// Converted; the report records the conversion.
        case converted(String)
        /// Not usable; the property keeps its fallback and the report records why.
        case fallback

        var description: String {
            switch self {
            case let .native(value): "native \(value)"
            case let .converted(value): "converted \(value)"
            case .fallback: "fallback"
            }
        }
    }

    struct Row: Sendable, CustomStringConvertible {
        var type: String
        var json: String
        var outcome: Outcome
        var description: String { "\(json) → \(type): \(outcome)" }
        init(_ type: String, _ json: String, _ outcome: Outcome) {
            self.type = type
            self.json = json
            self.outcome = outcome
        }
    }

    static let rows: [Row] = [
        // Int
        Row("Int", "42", .native("42")), Row("Int", "-7", .native("-7")), Row("Int", "12.0", .native("12")),
        Row("Int", "1e3", .native("1000")), Row("Int", #""27""#, .converted("27")), Row("Int", #"" 27 ""#, .converted("27")),
        Row("Int", #""12.0""#, .converted("12")), Row("Int", #""1e3""#, .converted("1000")), Row("Int", "true", .converted("1")),
        Row("Int", "false", .converted("0")), Row("Int", "12.5", .fallback), Row("Int", #""12.5""#, .fallback),
        Row("Int", "1e30", .fallback), Row("Int", "9223372036854775807", .native("9223372036854775807")),
        Row("Int", "9223372036854775808", .fallback), Row("Int", #""abc""#, .fallback), Row("Int", #""""#, .fallback),
        Row("Int", #""0x10""#, .fallback), Row("Int", #""+5""#, .fallback), Row("Int", "null", .fallback),
        Row("Int", "[1]", .fallback), Row("Int", "{}", .fallback),
        // Other integer widths
        Row("UInt8", "255", .native("255")), Row("UInt8", "300", .fallback), Row("UInt8", "-1", .fallback),
        Row("UInt8", #""200""#, .converted("200")), Row("Int8", "-128", .native("-128")), Row("Int8", "128", .fallback),
        Row("Int16", "-32768", .native("-32768")), Row("UInt16", "65536", .fallback), Row("Int32", "2147483648", .fallback),
        Row("UInt32", "4294967295", .native("4294967295")), Row("UInt", "-0", .native("0")),
        Row("Int64", "-9223372036854775808", .native("-9223372036854775808")),
        Row("UInt64", "18446744073709551615", .native("18446744073709551615")),
        Row("UInt64", #""18446744073709551615""#, .converted("18446744073709551615")), Row("UInt64", "18446744073709551616", .fallback),
        // Double and Float
        Row("Double", "1.5", .native("1.5")), Row("Double", "42", .native("42.0")), Row("Double", "-0", .native("-0.0")),
        Row("Double", #""9.5""#, .converted("9.5")), Row("Double", "true", .converted("1.0")), Row("Double", "1e400", .fallback),
        Row("Double", #""1e400""#, .fallback), Row("Double", #""NaN""#, .fallback), Row("Double", #""Infinity""#, .fallback),
        Row("Double", #""abc""#, .fallback), Row("Double", "null", .fallback), Row("Double", "1E-400", .native("0.0")),
        Row("Float", "1.5", .native("1.5")), Row("Float", "0.1", .native("0.1")), Row("Float", "1e39", .fallback),
        Row("Float", #""2.5""#, .converted("2.5")), Row("Float", "false", .converted("0.0")),
        // String
        Row("String", #""x""#, .native("x")), Row("String", "42", .converted("42")), Row("String", "1.0", .converted("1.0")),
        Row("String", "1e3", .converted("1e3")), Row("String", "-0", .converted("-0")), Row("String", "true", .converted("true")),
        Row("String", "false", .converted("false")), Row("String", "null", .fallback), Row("String", "{}", .fallback),
        Row("String", "[1]", .fallback),
        // Bool
        Row("Bool", "true", .native("true")), Row("Bool", "false", .native("false")), Row("Bool", "1", .converted("true")),
        Row("Bool", "0", .converted("false")), Row("Bool", "1.0", .converted("true")), Row("Bool", "2", .fallback),
        Row("Bool", "-1", .fallback), Row("Bool", #""yes""#, .converted("true")), Row("Bool", #""NO""#, .converted("false")),
        Row("Bool", #""False""#, .converted("false")), Row("Bool", #""TRUE""#, .converted("true")), Row("Bool", #""1""#, .converted("true")),
        Row("Bool", #""0""#, .converted("false")), Row("Bool", #""maybe""#, .fallback), Row("Bool", #""""#, .fallback),
        Row("Bool", "null", .fallback), Row("Bool", "[]", .fallback),
    ]

    @Test(arguments: rows)
    func conversion(_ row: Row) throws {
        switch row.type {
        case "Int": try check(Int.self, row)
        case "Int8": try check(Int8.self, row)
        case "Int16": try check(Int16.self, row)
        case "Int32": try check(Int32.self, row)
        case "Int64": try check(Int64.self, row)
        case "UInt": try check(UInt.self, row)
        case "UInt8": try check(UInt8.self, row)
        case "UInt16": try check(UInt16.self, row)
        case "UInt32": try check(UInt32.self, row)
        case "UInt64": try check(UInt64.self, row)
        case "Double": try check(Double.self, row)
        case "Float": try check(Float.self, row)
        case "String": try check(String.self, row)
        case "Bool": try check(Bool.self, row)
        default: Issue.record("no type \(row.type)")
        }
    }

    /// A plain `Decodable` holding one value of `T`: its fallback is `T`'s empty value.
    struct Box<T: Decodable>: Decodable {
        var value: T
    }

    private func check<T: Decodable>(_: T.Type, _ row: Row) throws {
        let json = Data(#"{"value": \#(row.json)}"#.utf8)
        let (box, report) = try ModelDecoder().decodeWithReport(Box<T>.self, from: json)
        let text = "\(box.value)"
        switch row.outcome {
        case let .native(expected):
            #expect(text == expected)
            #expect(report.isClean, "\(report)")
        case let .converted(expected):
            #expect(text == expected)
            #expect(report.issues.map(\.kind) == [.converted(from: kind(of: row.json), to: "\(T.self)")])
            #expect(report.issues.first?.path == "value")
        case .fallback:
            #expect(text == "\(emptyValue(of: T.self))")
            #expect(report.issues.count == 1, "\(report)")
            #expect(report.issues.first?.path == "value")
            if case .converted = report.issues.first?.kind { Issue.record("a fallback must not be reported as a conversion") }
        }
        // Strict mode accepts exactly the native reads.
        let strict = ModelDecoder(options: .init(mode: .strict))
        if case .native = row.outcome {
            #expect(throws: Never.self) { try strict.decode(Box<T>.self, from: json) }
        } else {
            #expect(throws: DecodingError.self) { try strict.decode(Box<T>.self, from: json) }
        }
    }

    private func kind(of json: String) -> String {
        switch json.first {
        case "\"": "string"
        case "t", "f": "bool"
        default: "number"
        }
    }

    private func emptyValue<T>(of _: T.Type) -> Any {
        switch T.self {
        case is String.Type: ""
        case is Bool.Type: false
        case is Double.Type: 0.0
        case is Float.Type: Float(0)
        default: 0
        }
    }

    @Test func numbersConvertedToStringKeepTheirLiteralText() throws {
        struct Texts: Decodable { var values: [String] }
        let texts = try ModelDecoder().decode(Texts.self, from: Data(#"{"values": [1.0, 1e3, 0.10, -0, 123456789012345678901234567890]}"#.utf8))
        #expect(texts.values == ["1.0", "1e3", "0.10", "-0", "123456789012345678901234567890"])
    }

    @Test func decimalsReadExactly() throws {
        struct Money: Decodable { var amount: Decimal; var text: Decimal }
        let money = try ModelDecoder().decode(Money.self, from: Data(#"{"amount": 0.1, "text": "19.99"}"#.utf8))
        #expect(money.amount == Decimal(string: "0.1"))
        #expect(money.text == Decimal(string: "19.99"))
    }
}
