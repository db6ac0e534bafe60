import CodableKitTestSupport
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
        #expect(throws: DecodingError.self) { try ModelDecoder().decode([Int].self, from: Data("[1, // one\n]".utf8)) }
        #expect(throws: DecodingError.self) { try ModelDecoder().decode([String].self, from: Data("['a']".utf8)) }
        #expect(throws: DecodingError.self) { try ModelDecoder().decode([String: Int].self, from: Data("{a: 1}".utf8)) }
    }
}

/// Hostile input in JSON5 mode: an error with its position, never a crash or a hang.
@Suite struct JSON5HostileInputTests {
    static func read(_ bytes: [UInt8]) -> Bool {
        (try? JSON5Parser.parse(bytes, maxDepth: 512, assumesTopLevelDictionary: false)) != nil
    }

    @Test func everyPrefixOfEveryCorpusFile() throws {
        for name in Fixtures.json5TestFiles() {
            let bytes = try [UInt8](Data(contentsOf: Fixtures.json5Tests.appendingPathComponent(name)))
            for end in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 200)) {
                _ = Self.read(Array(bytes[..<end]))
            }
        }
    }

    @Test func deepNestingStopsAtTheLimit() {
        #expect(throws: JSONReadError.self) {
            try JSON5Parser.parse(Array(repeating: UInt8(ascii: "["), count: 100_000), maxDepth: 512, assumesTopLevelDictionary: false)
        }
        #expect(throws: JSONReadError.self) {
            try JSON5Parser.parse(Array(repeating: UInt8(ascii: "{"), count: 50_000) , maxDepth: 512, assumesTopLevelDictionary: true)
        }
        let nested = Array(repeating: UInt8(ascii: "["), count: 500) + Array(repeating: UInt8(ascii: "]"), count: 500)
        #expect(Self.read(nested))
    }

    @Test func randomBytesAndMutations() throws {
        var random = SeededGenerator(seed: 5)
        let seeds = try Fixtures.json5TestFiles().map { try [UInt8](Data(contentsOf: Fixtures.json5Tests.appendingPathComponent($0))) }
        for round in 0 ..< 3_000 {
            var bytes = seeds[round % seeds.count]
            if bytes.isEmpty { bytes = [0x7B] }
            for _ in 0 ..< 1 + Int(random.next() % 4) {
                let position = Int(random.next() % UInt64(bytes.count))
                switch random.next() % 3 {
                case 0: bytes[position] = UInt8(truncatingIfNeeded: random.next())
                case 1: bytes.insert(UInt8(truncatingIfNeeded: random.next()), at: position)
                default: bytes.remove(at: position); if bytes.isEmpty { bytes = [0x5B] }
                }
            }
            _ = Self.read(bytes)
        }
        #expect(!Self.read([0x22, 0xFF, 0x22]))       // invalid UTF-8 in a string
        #expect(!Self.read(Array("'\\u{D800}'".utf8)))  // not an escape JSON5 knows
        #expect(!Self.read(Array("/* unterminated".utf8)))
    }
}
