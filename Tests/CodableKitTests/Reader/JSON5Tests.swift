import Foundation
import Testing
@testable import CodableKit

/// JSON5, read only when `allowsJSON5` is set, exactly as `JSONDecoder.allowsJSON5`
/// reads it: the json5-tests corpus, each file accepted or rejected as the corpus
/// says and as Foundation does, with the same value.
@Suite struct JSON5Tests {
    static func foundation(_ data: Data, assumesTopLevelDictionary: Bool = false) -> JSONValue? {
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
        return try? decoder.decode(JSONValue.self, from: data)
    }

    static func ours(_ data: Data, assumesTopLevelDictionary: Bool = false) -> JSONValue? {
        let decoder = ModelDecoder(options: .init(mode: .strict))
        decoder.allowsJSON5 = true
        decoder.assumesTopLevelDictionary = assumesTopLevelDictionary
        return try? decoder.decode(JSONValue.self, from: data)
    }

    @Test(arguments: Fixtures.json5TestFiles())
    func corpusFile(_ name: String) throws {
        let data = try Data(contentsOf: Fixtures.json5Tests.appendingPathComponent(name))
        let valid = name.hasSuffix(".json") || name.hasSuffix(".json5")
        let expected = Self.foundation(data)
        #expect((expected != nil) == valid, "Foundation and the corpus disagree on \(name)")
        let value = Self.ours(data)
        #expect((value != nil) == valid, "\(name)")
        #expect(value.map(Self.normalized) == expected.map(Self.normalized), "\(name)")
    }

    /// Numbers as doubles (Foundation's `JSONValue` reads `-0.0` as `.int(0)`, CodableKit's
    /// document as `.double(-0.0)`: the same number), NaN as text.
    static func normalized(_ value: JSONValue) -> JSONValue {
        switch value {
        case let .int(number): return .double(Double(number))
        case let .double(number): return number.isNaN ? .string("NaN") : .double(number)
        case let .array(values): return .array(values.map(normalized))
        case let .object(members): return .object(members.mapValues(normalized))
        default: return value
        }
    }

    @Test func corpusIsComplete() {
        #expect(Fixtures.json5TestFiles().count == 111)
    }

    @Test func numbersAsFoundationReadsThem() throws {
        let json = Data("[Infinity, -Infinity, NaN, 0x1F, -0xff, .5, 5., +3, 1e3, -.5e-1]".utf8)
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        let ours = ModelDecoder()
        ours.allowsJSON5 = true
        let expected = try foundation.decode([Double].self, from: json)
        let (value, report) = try ours.decodeWithReport([Double].self, from: json)
        #expect(value.map(\.bitPattern) == expected.map(\.bitPattern))
        #expect(report.isClean)
        #expect(try ours.decode([Int].self, from: Data("[0x1F, +3, 0xFF, -0x0]".utf8)) == foundation.decode([Int].self, from: Data("[0x1F, +3, 0xFF, -0x0]".utf8)))
    }

    @Test func theContractsExample() throws {
        struct User: Codable, Equatable { var name = ""; var joined = Date(timeIntervalSince1970: 0) }
        var options = DecodingOptions()
        options.dateDecodingStrategy = .iso8601
        options.allowsJSON5 = true
        let json = "{name: 'b', /* a comment */ joined: '2020-01-01T00:00:00Z',} // done"
        let ours = try ModelDecoder(options: options).decode(User.self, from: Data(json.utf8))
        let foundation = JSONDecoder()
        foundation.allowsJSON5 = true
        foundation.dateDecodingStrategy = .iso8601
        #expect(try ours == foundation.decode(User.self, from: Data(json.utf8)))
    }

    @Test func topLevelDictionaryWithoutBraces() throws {
        for json in ["a: 1, b: 'two'", "a: 1, b: 2,", "{a: 1}", "", "a: 1 b: 2", "[1]"] {
            let data = Data(json.utf8)
            #expect(Self.ours(data, assumesTopLevelDictionary: true)?.description
                == Self.foundation(data, assumesTopLevelDictionary: true)?.description, "\(json)")
        }
    }

    @Test func strictByDefault() {
        #expect(throws: DecodingError.self) { try ModelDecoder().decode([Int].self, from: Data("[1,]".utf8)) }
        #expect(throws: DecodingError.self) { try ModelDecoder().decode([String: Int].self, from: Data("{a: 1}".utf8)) }
    }
}
