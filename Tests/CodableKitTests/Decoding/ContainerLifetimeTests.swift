import CodableKit
import Foundation
import Testing

/// What keyed containers hold without retaining it (their key tables, the frames'
/// model rules, the makers that make them) must outlive any use a model can make of
/// a container, and be safe to share between decodes on many threads.
@Suite(.serialized) struct ContainerLifetimeTests {  // serialized: `Kept` keeps its containers in one shared list
    /// A container kept past the end of its decode still reads its object (it holds the
    /// decoder, which holds the session and its key tables), as `JSONDecoder`'s does.
    final class Keeper: @unchecked Sendable {  // written by one decode at a time, read after it
        var containers: [KeyedDecodingContainer<Kept.CodingKeys>] = []
    }

    struct Kept: DecodableModel {
        static let keeper = Keeper()
        var firstName = ""
        var lastName = ""
        enum CodingKeys: String, CodingKey { case firstName, lastName }

        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            firstName = try container.decode(String.self, forKey: .firstName)
            Self.keeper.containers.append(container)
        }
    }

    /// `firstName` → `first_name` (this target does not link the key strategies plugin).
    struct Snake: KeyStrategy {
        func decodingKeys(for propertyName: String) -> [String] { [encodingKey(for: propertyName)] }
        func encodingKey(for propertyName: String) -> String {
            propertyName.reduce(into: "") { text, character in
                if character.isUppercase { text += "_" + character.lowercased() } else { text.append(character) }
            }
        }
    }

    @Test func aContainerKeptAfterItsDecodeStillReadsItsObject() throws {
        let options = DecodingOptions(keyStrategies: [Snake()])  // a key table for the container
        let kept = try Kept.decode(from: #"{"first_name": "Ada", "last_name": "Lovelace"}"#, options: options)
        #expect(kept.firstName == "Ada")
        let container = try #require(Kept.keeper.containers.last)
        // Other decodes in between, so that memory freed by the first would be reused.
        _ = try ModelDecoder(options: options).decode([Kept].self, from: Data(#"[{"first_name": "x"}, {"first_name": "y", "last_name": "z"}]"#.utf8))
        #expect(try container.decode(String.self, forKey: .lastName) == "Lovelace")
        #expect(container.contains(.firstName))

        // JSONDecoder, on the same model and payload: its kept container reads the same.
        let foundation = JSONDecoder()
        foundation.keyDecodingStrategy = .convertFromSnakeCase
        _ = try foundation.decode(Kept.self, from: Data(#"{"first_name": "Ada", "last_name": "Lovelace"}"#.utf8))
        let foundationContainer = try #require(Kept.keeper.containers.last)
        _ = try foundation.decode([Kept].self, from: Data(#"[{"first_name": "x"}, {"first_name": "y", "last_name": "z"}]"#.utf8))
        #expect(try foundationContainer.decode(String.self, forKey: .lastName) == "Lovelace")
    }

    /// Containers of one type kept from one decode each read their own object afterwards,
    /// however many objects of their type came after them (boxes are reused only when
    /// nothing else holds them: see `KeyedContainerPool`).
    @Test func keptContainersEachKeepTheirOwnObject() throws {
        let json = "[" + (0 ..< 5).map { #"{"firstName": "f\#($0)", "lastName": "l\#($0)"}"# }.joined(separator: ",") + "]"
        let before = Kept.keeper.containers.count
        let kept = try [Kept].decode(from: Data(json.utf8))
        #expect(kept.map(\.firstName) == (0 ..< 5).map { "f\($0)" })
        let containers = Array(Kept.keeper.containers[before...])
        #expect(containers.count == 5)
        _ = try [Kept].decode(from: Data(json.utf8))  // more decodes, more boxes made and freed
        #expect(try containers.map { try $0.decode(String.self, forKey: .lastName) } == (0 ..< 5).map { "l\($0)" })
        #expect(try containers.map { try $0.decode(String.self, forKey: .firstName) } == (0 ..< 5).map { "f\($0)" })
    }

    /// A document parsed from `Data` reads the bytes where the caller holds them; a
    /// container kept past the decode keeps the document, which then copies them: the
    /// caller may change or free its `Data` afterwards. One string here is read from the
    /// input, one (escaped) from the document's own text.
    @Test func aKeptContainerOutlivesTheDataItWasDecodedFrom() throws {
        let before = Kept.keeper.containers.count
        do {
            var data = Data(#"{"firstName": "Ada Augusta", "lastName": "Love\u006cace \"L\""}"#.utf8)
            #expect(try ModelDecoder().decode(Kept.self, from: data).firstName == "Ada Augusta")
            data.resetBytes(in: 0 ..< data.count)
        }
        for _ in 0 ..< 8 { _ = try ModelDecoder().decode([Kept].self, from: Data(#"[{"firstName": "xxxxxxxxxxxxxxxxxxxxxxxx"}]"#.utf8)) }
        let container = try #require(Kept.keeper.containers.count > before ? Kept.keeper.containers[before] : nil)
        #expect(try container.decode(String.self, forKey: .firstName) == "Ada Augusta")
        #expect(try container.decode(String.self, forKey: .lastName) == #"Lovelace "L""#)
    }

    /// A problem a kept container meets after its decode is a repair, or in strict mode
    /// an error naming the key (the path above it ended with the decode), as `JSONDecoder`'s
    /// kept container throws; reading its `codingPath` is safe too.
    @Test func aKeptContainerReportsProblemsAfterItsDecode() throws {
        let before = Kept.keeper.containers.count
        _ = try [Kept].decode(from: Data(#"[{"firstName": "f", "lastName": 5}]"#.utf8))
        let container = try #require(Kept.keeper.containers.count > before ? Kept.keeper.containers[before] : nil)
        #expect(try container.decode(String.self, forKey: .lastName) == "5")
        #expect(try container.decodeIfPresent(Int.self, forKey: .firstName) == nil)  // a repair: "f" is no number

        let strict = ModelDecoder(options: DecodingOptions(mode: .strict))
        _ = try strict.decode([Kept].self, from: Data(#"[{"firstName": "f", "lastName": "l"}]"#.utf8))
        let strictContainer = try #require(Kept.keeper.containers.last)
        #expect {
            try strictContainer.decode(Int.self, forKey: .firstName)
        } throws: { error in
            guard case let DecodingError.typeMismatch(_, context) = error else { return false }
            return context.codingPath.last?.stringValue == "firstName"
        }
        #expect(strictContainer.codingPath.count <= 1)
    }

    /// Any per-call transformer sends a property through the whole pipeline (not the
    /// scalar fast path), which asks for its model's frame: a container kept past its
    /// decode has none any more, and reads as a container without model rules.
    @Test func aKeptContainerReadsThroughThePipelineAfterItsDecode() throws {
        struct Never: ValueTransformable {
            func transformFromJSON(_: JSONValue) -> Date? { nil }
            func transformToJSON(_: Date) -> Double? { nil }
        }
        let before = Kept.keeper.containers.count
        let options = DecodingOptions(transformers: [Never()])
        // With a report, so that what the kept containers convert later is recorded too.
        let (kept, _) = try [Kept].decodeWithReport(from: Data(#"[{"firstName": "f", "lastName": "l"}, {"firstName": "g", "lastName": 5}]"#.utf8), options: options)
        #expect(kept.map(\.firstName) == ["f", "g"])
        let containers = Array(Kept.keeper.containers[before...])
        #expect(try containers[0].decode(String.self, forKey: .lastName) == "l")
        #expect(try containers[1].decode(String.self, forKey: .lastName) == "5")  // converted, as during the decode
    }

    struct Left: Codable, CodableModel, Equatable { var a = 0; var b = "" }
    struct Right: Codable, CodableModel, Equatable { var c = 0.0; var d: [Left] = [] }
    struct Both: Codable, CodableModel, Equatable { var left = Left(); var right = Right() }

    /// Many types, decoded at once on many threads: one container maker per `Key` is
    /// shared by every decode in the process.
    @Test func decodesOfManyTypesOnManyThreadsAgree() async throws {
        let json = #"{"left": {"a": 1, "b": "x"}, "right": {"c": 2.5, "d": [{"a": 2, "b": "y"}, {"a": 3}]}}"#
        let expected = Both(left: Left(a: 1, b: "x"), right: Right(c: 2.5, d: [Left(a: 2, b: "y"), Left(a: 3, b: "")]))
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0 ..< 8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0 ..< 300 {
                        let ok: Bool
                        switch (task + round) % 3 {
                        case 0: ok = (try? Both.decode(from: json)) == expected
                        case 1: ok = (try? Left.decode(from: #"{"a": 1, "b": "x"}"#)) == expected.left
                        default: ok = (try? Right.decode(from: #"{"c": 2.5, "d": [{"a": 2, "b": "y"}, {"a": 3}]}"#)) == expected.right
                        }
                        if !ok { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        #expect(mismatches == 0)
    }
}
