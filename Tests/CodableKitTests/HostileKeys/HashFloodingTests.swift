import Foundation
import Testing
import CodableKitTestSupport
@testable import CodableKit

/// Keys crafted against `KeyHash` (`CollidingKeys`: all 64 bits alike) cost what random
/// keys cost, wherever a table holds keys: a model's object, a declared model's, a
/// `[String: V]`, the stream decoders, and the encoder's repeated-key check. Asserted on
/// what the tables do (operations and probes, counted in debug builds), not on time.
@Suite struct HashFloodingTests {
    static let count = 50_000
    static let keys = CollidingKeys.make(count)

    /// Average probes per operation at most this (at half load a random table averages under 2).
    static let averageProbes = 3.0

    struct Profile: CodableModel, Equatable {
        var name = ""
        var age = 0
    }

    struct DeclaredProfile: SynthesizedCodable, Equatable {
        var name = ""
        var age = 0
    }

    /// What the hash tables did while `body` ran.
    static func counting(_ body: () throws -> Void) rethrows -> HashSlots.Probes.Counts {
        let counter = HashSlots.Probes()
        try HashSlots.Probes.$counter.withValue(counter) { try body() }
        return counter.counts
    }

    static func counting(_ body: () async throws -> Void) async rethrows -> HashSlots.Probes.Counts {
        let counter = HashSlots.Probes()
        try await HashSlots.Probes.$counter.withValue(counter) { try await body() }
        return counter.counts
    }

    /// Probes stay O(1) an operation, and the table left `KeyHash` for the seeded hash.
    static func expectLinear(_ counts: HashSlots.Probes.Counts, operations: Int, reseeded: Bool = true,
                             sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(counts.operations >= operations, "the keys went through a table", sourceLocation: sourceLocation)
        #expect(Double(counts.probes) <= averageProbes * Double(counts.operations),
                "\(counts.probes) probes for \(counts.operations) operations", sourceLocation: sourceLocation)
        #expect(counts.longest <= 2 * HashSlots.longestProbe, "longest probe \(counts.longest)", sourceLocation: sourceLocation)
        if reseeded { #expect(counts.reseeds >= 1, "moved to the seeded hash", sourceLocation: sourceLocation) }
    }

    /// `{"<key 0>": 0, …, "name": "Ada", "age": 36}`: the model's keys after every crafted one.
    static func object(_ keys: ArraySlice<String> = keys[...]) -> String {
        var text = "{"
        for (index, key) in keys.enumerated() { text += "\"\(key)\":\(index)," }
        return text + #""name":"Ada","age":36}"#
    }

    @Test func theGeneratorsKeysShareEveryBitOfTheirHash() {
        #expect(Set(Self.keys).count == Self.count)
        #expect(Set(Self.keys.map { KeyHash.of($0) }).count == 1)
        #expect(Self.keys.allSatisfy { $0.utf8.count == 16 && $0.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") } })
    }

    @Test func aTableOfCollidingKeysMovesToTheSeededHashAndFindsEveryKey() {
        let strings = StringKeys(strings: Self.keys)
        var table = HashSlots(capacity: 8)
        let counts = Self.counting {
            for index in Self.keys.indices {
                strings.withKey(at: index) { #expect(table.insert(index, key: $0, in: strings) == nil) }
            }
            for index in Self.keys.indices {
                strings.withKey(at: index) {
                    #expect(table.find($0, in: strings) == index)
                    #expect(table.insert(index + 1, key: $0, in: strings) == index, "the first of equal keys stays")
                }
            }
        }
        #expect(table.isSeeded)
        #expect(table.count == Self.count)
        Self.expectLinear(counts, operations: 3 * Self.count)
    }

    @Test func randomKeysStayOnTheFastHash() {
        var generator = SeededGenerator(seed: 67)
        let random = (0 ..< 200_000).map { _ in String(generator.next(), radix: 36) + "_" + String(generator.next() % 1000) }
        let strings = StringKeys(strings: random)
        var table = HashSlots(capacity: 8)
        let counts = Self.counting {
            for index in random.indices { strings.withKey(at: index) { _ = table.insert(index, key: $0, in: strings) } }
        }
        #expect(!table.isSeeded)
        #expect(counts.reseeds == 0)
        #expect(Double(counts.probes) <= 2 * Double(counts.operations))
    }

    @Test func aPlainModelFindsItsKeysAfterCollidingOnes() throws {
        let json = Self.object()
        var profile = Profile()
        let counts = try Self.counting { profile = try Profile.decode(from: json) }
        #expect(profile == Profile(name: "Ada", age: 36))
        Self.expectLinear(counts, operations: Self.count)
    }

    @Test func aDeclaredModelFindsItsKeysAfterCollidingOnes() throws {
        // Enough objects for the type's field plan to be learned, then the crafted one.
        let warmUp = "[" + Array(repeating: #"{"name":"x","age":1}"#, count: FieldPlan.learnInFirstDecode + 1).joined(separator: ",") + "]"
        _ = try [DeclaredProfile].decode(from: warmUp)
        _ = try [DeclaredProfile].decode(from: warmUp)
        let json = Self.object()
        var profile = DeclaredProfile()
        let counts = try Self.counting { profile = try DeclaredProfile.decode(from: json) }
        #expect(profile == DeclaredProfile(name: "Ada", age: 36))
        // Each crafted key is looked up in the plan's table of two keys (or the object's index).
        #expect(counts.operations >= Self.count)
        #expect(Double(counts.probes) <= Self.averageProbes * Double(counts.operations))
    }

    @Test func aDictionaryOfCollidingKeysDecodesAndEncodesBack() throws {
        let json = Self.object(Self.keys[...]).replacingOccurrences(of: #","name":"Ada","age":36"#, with: "")
        let dictionary = try ModelDecoder().decode([String: Int].self, from: Data(json.utf8))
        #expect(dictionary.count == Self.count)
        #expect(dictionary[Self.keys[123]] == 123)
        var encoded = Data()
        // A dictionary's keys are unique: it is written entry by entry, no key checked against another.
        let counts = try Self.counting { encoded = try ModelEncoder().encode(dictionary) }
        #expect(counts.operations == 0)
        #expect(try JSONDecoder().decode([String: Int].self, from: encoded) == dictionary)
        // Through a model's `encode(to:)`, member by member, each key is checked in linear time.
        let keyed = try Self.counting { encoded = try ModelEncoder().encode(KeyedEntries(entries: dictionary)) }
        Self.expectLinear(keyed, operations: Self.count)
        #expect(try JSONDecoder().decode([String: Int].self, from: encoded) == dictionary)
    }

    /// A hand-written `encode(to:)` that writes each entry as a member of its own container.
    struct KeyedEntries: Encodable {
        let entries: [String: Int]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in entries { try container.encode(value, forKey: AnyCodingKey(stringValue: key)) }
        }
    }

    /// A hand-written `encode(to:)` that writes every crafted key, then the first again: the
    /// repeat is found among 50,000 colliding keys, and the last member written wins.
    struct Wide: Encodable {
        let keys: [String]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (index, key) in keys.enumerated() { try container.encode(index, forKey: AnyCodingKey(stringValue: key)) }
            try container.encode(-1, forKey: AnyCodingKey(stringValue: keys[0]))
        }
    }

    @Test func aRepeatedKeyAmongCollidingOnesKeepsTheLastMember() throws {
        var encoded = Data()
        let counts = try Self.counting { encoded = try ModelEncoder().encode(Wide(keys: Self.keys)) }
        let decoded = try JSONDecoder().decode([String: Int].self, from: encoded)
        #expect(decoded.count == Self.count)
        #expect(decoded[Self.keys[0]] == -1)
        #expect(decoded[Self.keys[1]] == 1)
        #expect(counts.operations >= Self.count)
        #expect(Double(counts.probes) <= Self.averageProbes * Double(counts.operations))
    }

    @Test func sortedAndPrettyOutputsOfCollidingKeysAreJSONEncoders() throws {
        let dictionary = Dictionary(uniqueKeysWithValues: Self.keys.prefix(5_000).enumerated().map { ($1, $0) })
        for format: JSONEncoder.OutputFormatting in [[.sortedKeys], [.prettyPrinted, .sortedKeys]] {
            let encoder = ModelEncoder()
            encoder.outputFormatting = format
            let foundation = JSONEncoder()
            foundation.outputFormatting = format
            #expect(try encoder.encode(dictionary) == foundation.encode(dictionary))
        }
    }

    /// A catch-all `@Flat` dictionary: its members join the object's own, each once.
    struct Extras: CodableModel, Equatable {
        var name = ""
        @Flat var extra: [String: Int] = [:]
    }

    @Test func aFlatDictionaryOfCollidingKeysEncodesAndDecodesBack() throws {
        var model = Extras()
        model.name = "Ada"
        model.extra = Dictionary(uniqueKeysWithValues: Self.keys.enumerated().map { ($1, $0) })
        model.extra["name"] = 1  // the model's own property wins
        let data = try ModelEncoder().encode(model)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object.count == Self.count + 1)
        #expect(object["name"] as? String == "Ada")
        let back = try Extras.decode(from: data)
        #expect(back.name == "Ada")
        #expect(back.extra.count == Self.count)
        #expect(back.extra[Self.keys[7]] == 7)
    }

    static func chunks(_ text: String) -> AsyncStream<Data> {
        let bytes = Data(text.utf8)
        return AsyncStream { continuation in
            var start = 0
            while start < bytes.count {
                continuation.yield(bytes[start ..< min(start + 65_536, bytes.count)])
                start += 65_536
            }
            continuation.finish()
        }
    }

    @Test func anElementsStreamOfCollidingKeys() async throws {
        let json = "[" + Self.object() + "," + #"{"name":"Bo","age":2}"# + "]"
        var profiles: [Profile] = []
        let counts = try await Self.counting {
            for try await profile in ModelDecoder().elements(of: Profile.self, from: Self.chunks(json)) { profiles.append(profile) }
        }
        #expect(profiles == [Profile(name: "Ada", age: 36), Profile(name: "Bo", age: 2)])
        Self.expectLinear(counts, operations: Self.count)
    }

    @Test func aJSONLinesStreamOfCollidingKeys() async throws {
        let json = Self.object() + "\n" + #"{"name":"Bo","age":2}"# + "\n"
        var profiles: [Profile] = []
        let counts = try await Self.counting {
            for try await profile in ModelDecoder().lines(of: Profile.self, from: Self.chunks(json)) { profiles.append(profile) }
        }
        #expect(profiles == [Profile(name: "Ada", age: 36), Profile(name: "Bo", age: 2)])
        Self.expectLinear(counts, operations: Self.count)
        var lines = Data()
        let encoding = try Self.counting { lines = try ModelEncoder().encodeLines([Wide(keys: Self.keys)]) }
        #expect(lines.last == UInt8(ascii: "\n"))
        #expect(try JSONDecoder().decode([String: Int].self, from: lines.dropLast()).count == Self.count)
        #expect(Double(encoding.probes) <= Self.averageProbes * Double(encoding.operations) && encoding.operations >= Self.count)
    }
}
