import Foundation
import Synchronization
import Testing
@testable import CodableKit

/// The probe's checks, the second line behind the word: a declared model whose `init(from:)`
/// shows a probe what only hand-written code does keeps its own `init(from:)`.
extension FieldPlanTests {

    struct Validating: CodableModel, SynthesizedDecodable {
        var age = 0
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            age = try container.decode(Int.self, forKey: .age)
            guard age >= 0 else { throw DecodingError.dataCorruptedError(forKey: .age, in: container, debugDescription: "negative") }
        }
    }

    struct Converting: CodableModel, SynthesizedDecodable {
        var name = ""
        init() {}
        init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name).lowercased()
        }
    }

    struct Defaulting: CodableModel, SynthesizedDecodable {
        var count = 0
        init() {}
        init(from decoder: any Decoder) throws {
            count = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(Int.self, forKey: .count) ?? 5
        }
    }

    struct AskingTwice: CodableModel, SynthesizedDecodable {
        var id = 0, copy = 0
        enum CodingKeys: String, CodingKey { case id, copy }
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int.self, forKey: .id)
            copy = try container.decode(Int.self, forKey: .id)
        }
    }

    struct Probing: CodableModel, SynthesizedDecodable {
        var id: Int? = nil
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = container.contains(.id) ? try container.decode(Int.self, forKey: .id) : nil
        }
    }

    struct Leaving: CodableModel, SynthesizedDecodable {
        var id = 0, cache = ""
        enum CodingKeys: String, CodingKey { case id }
    }

    final class Reference: CodableModel, SynthesizedDecodable {
        var id = 0
        required init() {}
    }

    @Test func aHandWrittenInitFromThatIsNotTheSynthesizedOneKeepsIt() {
        #expect(FieldPlan.learn(Validating.self) == nil)  // throws for a negative age
        #expect(FieldPlan.learn(Converting.self) == nil)  // the value is not the one asked
        #expect(FieldPlan.learn(Defaulting.self) == nil)  // an Int property read by decodeIfPresent
        #expect(FieldPlan.learn(AskingTwice.self) == nil)
        #expect(FieldPlan.learn(Probing.self) == nil)  // contains()
        #expect(FieldPlan.learn(Leaving.self) == nil)  // a stored property no key fills
        #expect(FieldPlan.learn(Reference.self) == nil)  // classes keep init(from:)
    }

    @Test func aValidatingInitFromStillValidatesEveryObject() throws {
        let objects = (0 ..< Self.many).map { #"{"age": \#($0 == Self.many - 1 ? -1 : $0)}"# }
        let data = Data(("[" + objects.joined(separator: ",") + "]").utf8)
        let (values, report) = try ModelDecoder().decodeWithReport([Validating].self, from: data)
        #expect(values.count == Self.many - 1)  // the last one dropped, as its own init(from:) said
        #expect(report.issues.count == 1)
        #expect(ModelInfo.of(model: Validating.self).hasFieldPlan == false)
    }

    struct Checking: CodableModel, SynthesizedDecodable {
        static let runs = Locked(0)
        var id = 0
        init() {}
        init(from decoder: any Decoder) throws {
            Self.runs.withLock { $0 += 1 }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.id) { id = try container.decode(Int.self, forKey: .id) }
        }
    }

    @Test func anInitFromSeenDoingItsOwnDecodingIsNotProbed() throws {
        let data = Data(("[" + (0 ..< Self.many).map { #"{"id": \#($0)}"# }.joined(separator: ",") + "]").utf8)
        #expect(try ModelDecoder().decode([Checking].self, from: data).map(\.id) == Array(0 ..< Self.many))
        #expect(Checking.runs.withLock { $0 } == Self.many)  // the objects' own runs, none for a probe
        #expect(ModelInfo.of(model: Checking.self).hasFieldPlan == false)
    }
}
