import Foundation
import Testing
@testable import CodableKit

/// Test-only strategies: the kernel ships no naming rule of its own.
struct Prefix: KeyStrategy {
    var prefix: String
    func decodingKeys(for propertyName: String) -> [String] { [prefix + propertyName] }
    func encodingKey(for propertyName: String) -> String { prefix + propertyName }
}

struct Sources: KeyStrategy {
    var keys: [String]
    func decodingKeys(for propertyName: String) -> [String] { keys }
    func encodingKey(for propertyName: String) -> String { keys[0] }
}

/// Counts how often it is asked, to show that resolution is cached.
struct Counting: KeyStrategy {
    let calls: Locked<[String: Int]>
    func decodingKeys(for propertyName: String) -> [String] {
        calls.withLock { $0[propertyName, default: 0] += 1 }
        return ["c_" + propertyName]
    }
    func encodingKey(for propertyName: String) -> String { "c_" + propertyName }
}

@Suite struct KeyResolutionTests {
    struct Tagged: DecodableModel {
        var name = ""
        var city = ""
        var zip = ""
        static func mappingForKey() -> [KeyMapping]? {
            [CodingKeys.name <--- Sources(keys: ["nick_name", "profile.name"]), .model(Prefix(prefix: "m_"))]
        }
    }

    @Test func precedenceOwnRuleThenModelRuleThenCallThenName() throws {
        let options = DecodingOptions(keyStrategies: [Prefix(prefix: "call_")])
        // Every candidate present: the property's own rule wins.
        let all = try Tagged.decode(from: #"{"nick_name": "own", "m_name": "model", "call_name": "call", "name": "plain"}"#, options: options)
        #expect(all.name == "own")
        // Without it, the model-wide rule; then the call's strategy; then the name itself.
        #expect(try Tagged.decode(from: #"{"m_name": "model", "call_name": "call", "name": "plain"}"#, options: options).name == "model")
        #expect(try Tagged.decode(from: #"{"call_name": "call", "name": "plain"}"#, options: options).name == "call")
        #expect(try Tagged.decode(from: #"{"name": "plain"}"#, options: options).name == "plain")
        // The model-wide rule covers properties without their own.
        #expect(try Tagged.decode(from: #"{"m_city": "Paris", "city": "plain"}"#).city == "Paris")
        #expect(try Tagged.decode(from: #"{"zip": "75001"}"#).zip == "75001")
    }

    @Test func firstPresentAndNonNullCandidateWins() throws {
        #expect(try Tagged.decode(from: #"{"nick_name": null, "profile": {"name": "nested"}}"#).name == "nested")
        #expect(try Tagged.decode(from: #"{"nick_name": null, "name": "plain"}"#).name == "plain")
    }

    @Test func dottedCandidatesAreNestedPathsThenLiteralKeys() throws {
        #expect(try Tagged.decode(from: #"{"profile": {"name": "nested"}}"#).name == "nested")
        #expect(try Tagged.decode(from: #"{"profile.name": "literal"}"#).name == "literal")
        struct Indexed: DecodableModel {
            var first = ""
            static func mappingForKey() -> [KeyMapping]? { [CodingKeys.first <--- Sources(keys: ["list.0.name"])] }
        }
        #expect(try Indexed.decode(from: #"{"list": [{"name": "zero"}, {"name": "one"}]}"#).first == "zero")
    }

    @Test func callStrategiesApplyToPlainDecodableTypes() throws {
        struct Plain: Decodable { var userName: String }
        let decoder = ModelDecoder(options: .init(keyStrategies: [Prefix(prefix: "x_")]))
        #expect(try decoder.decode(Plain.self, from: Data(#"{"x_userName": "ada"}"#.utf8)).userName == "ada")
        #expect(try decoder.decode(Plain.self, from: Data(#"{"userName": "own name"}"#.utf8)).userName == "own name")
    }

    @Test func resolutionIsComputedOncePerTypeAndKey() throws {
        struct Row: Decodable { var a: Int; var b: Int }
        let calls = Locked([String: Int]())
        let decoder = ModelDecoder(options: .init(keyStrategies: [Counting(calls: calls)]))
        let json = "[" + Array(repeating: #"{"c_a": 1, "c_b": 2}"#, count: 100).joined(separator: ",") + "]"
        let rows = try decoder.decode([Row].self, from: Data(json.utf8))
        #expect(rows.count == 100)
        #expect(calls.withLock { $0 } == ["a": 1, "b": 1])
    }

    /// The first of repeated keys wins, as in JSONDecoder.
    @Test func duplicateKeysFirstOneWins() throws {
        #expect(try Tagged.decode(from: #"{"zip": "first", "zip": "last"}"#).zip == "first")
    }

    /// Objects with many members are looked up through a hash index: same answers,
    /// duplicates included (the first wins), escaped keys included.
    @Test func wideObjectsResolveLikeSmallOnes() throws {
        struct Wide: Decodable {
            var k0: Int, k1: Int, k2: Int, k3: Int, k4: Int, k5: Int, k6: Int, k7: Int, k8: Int, k9: Int, missing: Int?
        }
        var members = (0 ..< 10).map { #""k\#($0)": \#($0)"# } + (0 ..< 30).map { #""other\#($0)": 0"# }
        members.append(#""k3": 33"#)        // a duplicate: the first one wins
        members.append(#""k\u0035": 55"#)   // "k5", escaped, and a duplicate too
        members.insert(#""k\u0031": 11"#, at: 0)   // "k1", escaped, before the plain one
        let wide = try ModelDecoder().decode(Wide.self, from: Data(("{" + members.joined(separator: ",") + "}").utf8))
        let values: [Int] = [wide.k0, wide.k1, wide.k2, wide.k3, wide.k4, wide.k5, wide.k6, wide.k7, wide.k8, wide.k9]
        #expect(values == [0, 11, 2, 3, 4, 5, 6, 7, 8, 9])
        #expect(wide.missing == nil)
    }

    /// A model that asks for its keys in an order each object picks (forwards, backwards,
    /// strided), each twice (`decodeNil`, then `decode`), with keys made at run time: the
    /// table's predicted next key is wrong often, its entries outgrow their first buffer,
    /// and the first candidate is sometimes null or absent, so the next one answers.
    struct Shuffled: Decodable {
        static let names = (0 ..< 20).map { "key\($0)OfAWideModel" } + ["", "ключ", "k"]
        var values: [String: Int] = [:]

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            let order = try container.decode(Int.self, forKey: AnyCodingKey(stringValue: "order"))
            var names = Self.names
            if order % 3 == 1 { names.reverse() }
            if order % 3 == 2 { names = names.indices.map { names[$0 * 7 % names.count] } }
            for name in names {
                let key = AnyCodingKey(stringValue: String(decoding: Array(name.utf8), as: UTF8.self))  // a new string each time
                if try container.decodeNil(forKey: key) { continue }
                values[name] = try container.decode(Int.self, forKey: key)
            }
        }
    }

    @Test func tablesAskedOutOfOrderFindEveryCandidate() throws {
        let names = Shuffled.names
        let objects = (0 ..< 300).map { object in
            let members = names.indices.map { index in
                let (name, value) = (names[index], object * 100 + index)
                switch index % 5 {
                case 1: return #""p_\#(name)": null, "\#(name)": \#(value)"#  // the first candidate null: the name answers
                case 2: return #""\#(name)": \#(value)"#                      // the first candidate absent
                case 3: return #""\#(name)": -1, "p_\#(name)": \#(value)"#   // both: the first candidate wins
                default: return #""p_\#(name)": \#(value)"#
                }
            }
            return "{" + (members + [#""p_order": \#(object)"#]).joined(separator: ", ") + "}"
        }
        let decoder = ModelDecoder(options: .init(keyStrategies: [Prefix(prefix: "p_")]))
        let decoded = try decoder.decode([Shuffled].self, from: Data(("[" + objects.joined(separator: ",") + "]").utf8))
        #expect(decoded.count == 300)
        for (object, shuffled) in decoded.enumerated() {
            let expected = Dictionary(uniqueKeysWithValues: names.indices.map { (names[$0], object * 100 + $0) })
            #expect(shuffled.values == expected, "object \(object)")
        }
    }

    @Test func designatedPath() throws {
        let json = #"{"data": {"users": [{"name": "a"}, {"name": "b"}]}}"#
        #expect(try Tagged.decode(from: json, designatedPath: "data.users.1").name == "b")
        #expect(Tagged.deserialize(from: json, designatedPath: "data.missing") == nil)
        let error = #expect(throws: DecodingError.self) { try Tagged.decode(from: json, designatedPath: "data.missing") }
        guard case let .keyNotFound(key, _) = error else { Issue.record("expected keyNotFound"); return }
        #expect(key.stringValue == "data.missing")
    }
}
