import CodableKit
import Foundation
import Testing

/// A container that a lazy or deferred-decoding wrapper keeps, read after its model's
/// frame has ended, after the decode, and from several threads: it reads as
/// `JSONDecoder`'s does — with its own model's rules and fallbacks, its whole coding
/// path, `DecodingError`s only — and holds nothing that keeps the decode alive.
@Suite(.serialized) struct KeptContainerTests {  // serialized: the models keep their containers in shared lists
    /// Containers kept by the models below, in the order they were made.
    final class Keeper<Key: CodingKey>: @unchecked Sendable {  // every access holds `lock`
        private let lock = NSLock()
        private var containers: [KeyedDecodingContainer<Key>] = []
        func keep(_ container: KeyedDecodingContainer<Key>) { lock.withLock { containers.append(container) } }
        func take() -> [KeyedDecodingContainer<Key>] {
            lock.withLock {
                defer { containers = [] }
                return containers
            }
        }
        var last: KeyedDecodingContainer<Key>? { lock.withLock { containers.last } }
    }

    /// Seconds since 1970 ⇄ Date.
    struct Seconds: ValueTransformable {
        func transformFromJSON(_ value: JSONValue) -> Date? { value.converted(to: Double.self).map(Date.init(timeIntervalSince1970:)) }
        func transformToJSON(_ value: Date) -> Double? { value.timeIntervalSince1970 }
    }

    /// Milliseconds since 1970 ⇄ Date.
    struct Milliseconds: ValueTransformable {
        func transformFromJSON(_ value: JSONValue) -> Date? { value.converted(to: Double.self).map { Date(timeIntervalSince1970: $0 / 1000) } }
        func transformToJSON(_ value: Date) -> Double? { value.timeIntervalSince1970 * 1000 }
    }

    /// A model that keeps its container, as a lazy wrapper does.
    struct Event: DecodableModel {
        static let kept = Keeper<CodingKeys>()
        var when: Date?
        var count = 5
        enum CodingKeys: String, CodingKey { case when, count, detail, items }
        static func mappingForValue() -> [ValueMapping]? { [CodingKeys.when <--- Seconds()] }

        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            when = try container.decodeIfPresent(Date.self, forKey: .when)
            count = try container.decode(Int.self, forKey: .count)
            Self.kept.keep(container)
        }
    }

    /// A sibling whose own rule for `when` is milliseconds, and which reads the last kept
    /// `Event` container while it decodes.
    struct Reader: DecodableModel {
        static let kept = Keeper<CodingKeys>()
        var when: Date?
        var readFromTheKeptEvent: Date?
        enum CodingKeys: String, CodingKey { case when }
        static func mappingForValue() -> [ValueMapping]? { [CodingKeys.when <--- Milliseconds()] }

        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            when = try container.decodeIfPresent(Date.self, forKey: .when)
            readFromTheKeptEvent = try Event.kept.last?.decodeIfPresent(Date.self, forKey: .when)
        }
    }

    struct Pair: DecodableModel {
        var event = Event()
        var reader = Reader()
    }

    struct List: DecodableModel {
        var items: [Event] = []
    }

    @Test func aKeptContainerKeepsItsModelsRulesAndFallbacks() throws {
        _ = Event.kept.take()
        let event = try ModelDecoder().decode(Event.self, from: Data(#"{"when": 1700000000, "count": "many"}"#.utf8))
        #expect(event.when == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(event.count == 5)  // the initial value: "many" is no number
        let container = try #require(Event.kept.take().last)
        #expect(try container.decode(Date.self, forKey: .when) == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try container.decode(Int.self, forKey: .count) == 5)
    }

    @Test func aKeptContainerReadWhileASiblingDecodesUsesItsOwnRules() throws {
        _ = Event.kept.take()
        let json = #"{"event": {"when": 1700000000, "count": 1}, "reader": {"when": 1700000000000}}"#
        let pair = try ModelDecoder().decode(Pair.self, from: Data(json.utf8))
        #expect(pair.reader.when == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(pair.reader.readFromTheKeptEvent == Date(timeIntervalSince1970: 1_700_000_000))
        _ = Event.kept.take()
    }

    /// `["items", 0]` where `JSONDecoder` says so: on the container, its nested containers
    /// and its errors.
    @Test func aKeptContainerKeepsItsWholeCodingPath() throws {
        let json = Data(#"{"items": [{"when": 1, "count": 2, "detail": {"a": 1}}]}"#.utf8)
        func describe(_ path: [any CodingKey]) -> [String] { path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue } }

        _ = Event.kept.take()
        _ = try JSONDecoder().decode(List.self, from: json)
        let foundation = try #require(Event.kept.take().last)
        _ = try ModelDecoder().decode(List.self, from: json)
        let ours = try #require(Event.kept.take().last)

        #expect(describe(ours.codingPath) == ["items", "[0]"])
        #expect(describe(ours.codingPath) == describe(foundation.codingPath))
        struct AnyKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue _: Int) { nil }
        }
        // A super decoder of the kept container, and the containers it makes.
        for (forKey, expected) in [(true, ["items", "[0]", "detail"]), (false, ["items", "[0]", "super"])] {
            let mine = try forKey ? ours.superDecoder(forKey: .detail) : ours.superDecoder()
            let theirs = try forKey ? foundation.superDecoder(forKey: .detail) : foundation.superDecoder()
            #expect(describe(mine.codingPath) == expected)
            #expect(describe(mine.codingPath) == describe(theirs.codingPath))
            if forKey {
                let keyed = try mine.container(keyedBy: AnyKey.self)
                #expect(describe(keyed.codingPath) == describe(try theirs.container(keyedBy: AnyKey.self).codingPath))
                #expect(try keyed.decode(Int.self, forKey: AnyKey(stringValue: "a")) == 1)
            }
        }
        let nested = try ours.nestedContainer(keyedBy: AnyKey.self, forKey: .detail)
        let foundationNested = try foundation.nestedContainer(keyedBy: AnyKey.self, forKey: .detail)
        #expect(describe(nested.codingPath) == ["items", "[0]", "detail"])
        #expect(describe(nested.codingPath) == describe(foundationNested.codingPath))
        #expect(try nested.decode(Int.self, forKey: AnyKey(stringValue: "a")) == 1)

        // An error from the kept container names the whole path, in either mode.
        func errorPath(_ body: () throws -> Any) -> [String]? {
            switch Result(catching: body) {
            case .success: return nil
            case let .failure(error as DecodingError):
                switch error {
                case let .keyNotFound(key, context): return describe(context.codingPath + [key])
                case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context):
                    return describe(context.codingPath)
                @unknown default: return nil
                }
            case let .failure(error):
                return ["not a DecodingError: \(type(of: error))"]
            }
        }
        let strictJSON = Data(#"{"items": [{"when": 1, "count": 2, "detail": "text"}]}"#.utf8)
        _ = try ModelDecoder(options: .init(mode: .strict)).decode(List.self, from: strictJSON)
        let strict = try #require(Event.kept.take().last)
        _ = try JSONDecoder().decode(List.self, from: strictJSON)
        let foundationStrict = try #require(Event.kept.take().last)
        #expect(errorPath { try strict.decode(Int.self, forKey: .detail) } == ["items", "[0]", "detail"])
        #expect(errorPath { try strict.decode(Int.self, forKey: .detail) }
            == errorPath { try foundationStrict.decode(Int.self, forKey: .detail) })
        #expect(errorPath { try strict.nestedContainer(keyedBy: AnyKey.self, forKey: .detail) }
            == errorPath { try foundationStrict.nestedContainer(keyedBy: AnyKey.self, forKey: .detail) })
    }

    /// Keeps the super decoders its `init(from:)` asks for, keyed and unkeyed, as a lazy wrapper would.
    struct SuperKeeper: DecodableModel {
        nonisolated(unsafe) static var kept: [any Decoder] = []  // serialized suite
        var x = 0
        enum CodingKeys: String, CodingKey { case x, child, list }
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            x = try container.decode(Int.self, forKey: .x)
            var list = try container.nestedUnkeyedContainer(forKey: .list)
            Self.kept += [try container.superDecoder(forKey: .child), try container.superDecoder(), try list.superDecoder()]
        }
    }

    struct SuperKeepers: DecodableModel { var items: [SuperKeeper] = [] }

    /// A super decoder made during the decode and read after it names its whole path, as
    /// `JSONDecoder`'s does, and its containers read what it stands at.
    @Test func aSuperDecoderKeptPastItsDecodeKeepsItsWholeCodingPath() throws {
        let json = Data(#"{"items": [{"x": 1, "child": {"a": 2}, "list": [3]}, {"x": 4, "child": {"a": 5}, "list": [6]}]}"#.utf8)
        func describe(_ path: [any CodingKey]) -> [String] { path.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue } }
        SuperKeeper.kept = []
        _ = try JSONDecoder().decode(SuperKeepers.self, from: json)
        let foundation = SuperKeeper.kept
        SuperKeeper.kept = []
        _ = try ModelDecoder().decode(SuperKeepers.self, from: json)
        let ours = SuperKeeper.kept
        #expect(ours.map { describe($0.codingPath) } == foundation.map { describe($0.codingPath) })
        #expect(describe(ours[0].codingPath) == ["items", "[0]", "child"])
        #expect(describe(ours[5].codingPath) == ["items", "[1]", "list", "[0]"])
        let child = try ours[3].container(keyedBy: AnyCodingKey.self)
        #expect(describe(child.codingPath) == ["items", "[1]", "child"])
        #expect(try child.decode(Int.self, forKey: AnyCodingKey(stringValue: "a")) == 5)
        #expect(try ours[5].singleValueContainer().decode(Int.self) == 6)
    }

    /// Tolerant mode repairs properties; what it cannot repair (there is no property to
    /// fall back on) is thrown as the `DecodingError` `JSONDecoder` throws.
    @Test func aKeptContainerThrowsOnlyDecodingErrors() throws {
        _ = Event.kept.take()
        _ = try ModelDecoder().decode(Event.self, from: Data(#"{"when": 1, "count": 2}"#.utf8))
        let container = try #require(Event.kept.take().last)
        #expect(throws: DecodingError.self) { try container.nestedContainer(keyedBy: Event.CodingKeys.self, forKey: .detail) }
        #expect(throws: DecodingError.self) { try container.nestedUnkeyedContainer(forKey: .items) }
        // A property it can repair is repaired, as during the decode.
        #expect(try container.decode([Int].self, forKey: .items) == [])
    }

    /// A value decoded through a kept container after the decode leaves nothing behind:
    /// the decode's options (and the document) go when the container goes.
    @Test func aKeptContainerLeavesNothingBehind() throws {
        final class Token: Sendable {}
        let key = try #require(CodingUserInfoKey(rawValue: "token"))
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            let decoder = ModelDecoder()
            decoder.userInfo[key] = token
            _ = Event.kept.take()
            _ = try decoder.decode(List.self, from: Data(#"{"items": [{"when": 1, "count": 2, "items": [{"when": 3}]}]}"#.utf8))
            let container = try #require(Event.kept.take().first)
            for _ in 0 ..< 3 {
                let items = try container.decode([Event].self, forKey: .items)  // nested models, nested containers
                #expect(items.first?.when == Date(timeIntervalSince1970: 3))
            }
            let nested = try container.nestedUnkeyedContainer(forKey: .items)
            #expect(nested.count == 1)
            _ = Event.kept.take()
        }
        #expect(weakToken == nil)
    }

    /// Kept containers read from many threads at once each read their own object.
    @Test func keptContainersReadFromManyThreads() async throws {
        _ = Event.kept.take()
        let json = "[" + (0 ..< 64).map { #"{"when": \#($0), "count": \#($0 * 10)}"# }.joined(separator: ",") + "]"
        _ = try ModelDecoder().decode([Event].self, from: Data(json.utf8))
        let containers = Event.kept.take()
        #expect(containers.count == 64)
        struct Shared: @unchecked Sendable { let containers: [KeyedDecodingContainer<Event.CodingKeys>] }  // as wrappers share them
        let shared = Shared(containers: containers)
        let wrong = await withTaskGroup(of: Int.self) { group in
            for thread in 0 ..< 8 {
                group.addTask {
                    var wrong = 0
                    for round in 0 ..< 20 {
                        for index in shared.containers.indices.shuffled() {
                            let container = shared.containers[(index + thread + round) % shared.containers.count]
                            let expected = (index + thread + round) % shared.containers.count
                            if (try? container.decode(Int.self, forKey: .count)) != expected * 10 { wrong += 1 }
                            if (try? container.decode(Date.self, forKey: .when)) != Date(timeIntervalSince1970: Double(expected)) { wrong += 1 }
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(0, +)
        }
        #expect(wrong == 0)
    }
}
