import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// `MemberCursor` answers every lookup as a plain first-wins scan does, whatever
/// the order of the keys asked, repeats, absent keys, filter collisions, or
/// objects interleaved on one cursor.
@Suite struct MemberCursorTests {
    /// Key names, among them pairs that share a filter bit (found here, not assumed).
    static let names: [String] = {
        var names = (0 ..< 40).map { "key_\($0)" } + ["a", "ab", "abc", "", "é", "profile_background_image_url",
                                                        "profile_background_image_url_https", "followers_count"]
        var byBit: [Int: String] = [:]
        for candidate in (0 ..< 2000).map({ "collide_\($0)" }) {
            var text = candidate
            let bit = text.withUTF8 { Int(KeyHash.of($0) &>> 56) }
            if let other = byBit[bit] { names += [other, candidate]; if names.count > 60 { break } } else { byBit[bit] = candidate }
        }
        return names
    }()

    static func document(members: [String], values: [Int]) throws -> JSONDocument {
        let body = zip(members, values).map { "\(String(reflecting: $0)):\($1)" }.joined(separator: ",")
        return try JSONParser.parse(Array("{\(body)}".utf8))
    }

    @Test func answersAsAFirstWinsScan() throws {
        var random = SeededGenerator(seed: 16)
        var cursor = MemberCursor()
        for round in 0 ..< 3000 {
            let count = Int.random(in: 0 ..< (round % 3 == 0 ? 40 : 12), using: &random)
            let pool = Array(Self.names.shuffled(using: &random).prefix(Int.random(in: 8 ..< Self.names.count, using: &random)))
            var members = (0 ..< count).map { _ in pool.randomElement(using: &random)! }
            if round % 2 == 0 { members = Array(Set(members)).sorted() }  // some without repeats, in order
            let document = try Self.document(members: members, values: Array(0 ..< count))
            // Mostly in order, as synthesized code asks; then repeats, strays and absent keys.
            var asks = members
            for _ in 0 ..< Int.random(in: 0 ..< 6, using: &random) {
                asks.insert(pool.randomElement(using: &random)!, at: Int.random(in: 0 ... asks.count, using: &random))
            }
            if round % 5 == 0 { asks.shuffle(using: &random) }
            for key in asks {
                var key = key
                let expected = key.withUTF8 { document.member($0, in: 0) }
                let found = key.withUTF8 { cursor.member($0, in: 0, of: document) }
                #expect(found == expected, "round \(round): \(key) in \(members), asked \(asks)")
            }
        }
    }

    /// Keys compare in words that overlap at the end: every length, a difference at every position.
    @Test func bytesEqualFindsADifferenceAnywhere() {
        for count in 0 ... 40 {
            let key = (0 ..< count).map { UInt8(97 + $0 % 26) }
            key.withUnsafeBufferPointer { lhs in
                let copy = Array(key)
                #expect(bytesEqual(lhs.baseAddress ?? UnsafePointer(bitPattern: 1)!, copy, count))
                for position in 0 ..< count {
                    var other = key
                    other[position] ^= 0x20
                    #expect(!bytesEqual(lhs.baseAddress!, other, count), "length \(count), byte \(position)")
                }
            }
        }
    }

    @Test func interleavedObjectsOnOneCursor() throws {
        let document = try JSONParser.parse(Array(#"[{"a":1,"b":2,"a":3},{"b":4,"a":5,"b":6}]"#.utf8))
        let first = 1, second = Int(document.nodes[1].offsetOrEnd)
        var cursor = MemberCursor()
        for (key, object, value) in [("a", first, 1), ("b", second, 4), ("b", first, 2), ("a", second, 5), ("a", first, 1),
                                     ("b", second, 4)] {
            var key = key
            let node = key.withUTF8 { cursor.member($0, in: object, of: document) }
            #expect(try node.map { try document.value(at: $0) } == .int(Int64(value)))
        }
    }

    /// End to end, against JSONDecoder: a wide object with repeated keys, read by a
    /// model whose keys are in another order than the payload's.
    @Test func wideObjectOutOfOrderMatchesJSONDecoder() throws {
        struct Wide: Codable, Equatable {
            var values: [String: Int] = [:]
            struct Key: CodingKey {
                var stringValue: String
                init(stringValue: String) { self.stringValue = stringValue }
                var intValue: Int? { nil }
                init?(intValue: Int) { nil }
            }
            static let asked = (0 ..< 30).reversed().map { "k\($0 % 20)" } + ["missing", "k3"]
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                for name in Self.asked { values[name] = try container.decodeIfPresent(Int.self, forKey: Key(stringValue: name)) ?? -1 }
            }
            func encode(to encoder: any Encoder) throws {}
        }
        let json = "{" + (0 ..< 30).map { "\"k\($0 % 20)\": \($0)" }.joined(separator: ",") + "}"
        let data = Data(json.utf8)
        #expect(try ModelDecoder().decode(Wide.self, from: data) == JSONDecoder().decode(Wide.self, from: data))
    }

    /// JSON inside strings is parsed into documents of their own, made and freed during
    /// the decode: a cursor must never carry one document's state into another (at the
    /// same depth, the same object index, perhaps the same address).
    @Test func documentsInsideStringsDoNotShareCursorState() throws {
        struct Inner: DecodableModel, Equatable { var a = 0; var b = 0; var c = 0 }
        struct Outer: DecodableModel, Equatable { var x = Inner(); var y = Inner() }
        let orders = [#"\"a\": %d, \"b\": %d, \"c\": %d"#, #"\"c\": %3$d, \"b\": %2$d, \"a\": %1$d"#,
                      #"\"b\": %2$d, \"a\": %1$d, \"b\": 99, \"c\": %3$d"#]
        var elements: [String] = []
        var expected: [Outer] = []
        for index in 0 ..< 60 {
            let inner = String(format: orders[index % 3], index, index + 1, index + 2)
            let second = String(format: orders[(index + 1) % 3], index + 3, index + 4, index + 5)
            // x and y both in strings: two documents in a row at the same depth, both with object 0.
            let y = index % 2 == 0 ? "\"{\(second)}\"" : "{\(second.replacingOccurrences(of: "\\", with: ""))}"
            elements.append(#"{"x": "{\#(inner)}", "y": \#(y)}"#)
            expected.append(Outer(x: Inner(a: index, b: index + 1, c: index + 2), y: Inner(a: index + 3, b: index + 4, c: index + 5)))
        }
        let (values, report) = try ModelDecoder().decodeWithReport([Outer].self, from: Data(("[" + elements.joined(separator: ",") + "]").utf8))
        #expect(values == expected)
        #expect(report.issues.count == 90)  // each JSON-in-string is a recorded conversion
    }
}
