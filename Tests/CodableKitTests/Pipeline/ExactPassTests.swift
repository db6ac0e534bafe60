import Foundation
import Testing
import CodableKit

/// A type that is not a model runs its own `init(from:)` with `JSONDecoder`'s semantics
/// first, and again with repairs only if that throws. The models it holds are models: their
/// `init(from:)` and `didDecode(from:)` run once per object however many passes the type
/// around them takes (DESIGN: a model's own code runs as written), and give the values they
/// gave in the exact pass.
@Suite struct ExactPassTests {
    /// How often each model below ran its code, by the `id` its payload carries (tests run in parallel).
    static let runs = Locked<[String: Int]>([:])

    static func count(_ id: String) -> Int { runs.withLock { $0[id, default: 0] } }
    static func ran(_ id: String) { runs.withLock { $0[id, default: 0] += 1 } }

    /// A model with a hand-written `init(from:)` that records each run.
    struct Recording: CodableModel, Equatable {
        var id = ""
        var name = ""
        init() {}
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name).uppercased()
            ExactPassTests.ran(id)
        }
    }

    /// A model whose `init(from:)` is the compiler's, with a hook that records each run.
    struct Hooked: SynthesizedCodable, Equatable {
        var id = ""
        var count = 0
        mutating func didDecode(from decoder: any Decoder) throws { ExactPassTests.ran(id) }
    }

    /// A model class: a second run would also be a second object.
    final class Node: CodableModel, @unchecked Sendable {
        var id = ""
        var child: Recording?
        required init() {}
        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            child = try container.decodeIfPresent(Recording.self, forKey: .child)
            ExactPassTests.ran(id)
        }
        func encode(to encoder: any Encoder) throws {}
        enum CodingKeys: String, CodingKey { case id, child }
    }

    /// Not a model: its `init(from:)` is `JSONDecoder`-style code that throws on `"27"` for an `Int`.
    struct Envelope: Decodable {
        var first: Recording
        var hooked: [Hooked]
        var node: Node
        var total: Int
    }

    static func payload(_ tag: String, total: String) -> Data {
        Data("""
        {"first": {"id": "\(tag)-first", "name": "ada"},
         "hooked": [{"id": "\(tag)-h0", "count": 1}, {"id": "\(tag)-h1", "count": 2}],
         "node": {"id": "\(tag)-node", "child": {"id": "\(tag)-child", "name": "bo"}},
         "total": \(total)}
        """.utf8)
    }

    static func ids(_ tag: String) -> [String] { ["first", "h0", "h1", "node", "child"].map { "\(tag)-\($0)" } }

    @Test func modelsTheExactPassDecodedRunOnceWhenTheTypeAroundThemIsRepaired() throws {
        let (envelope, report) = try ModelDecoder().decodeWithReport(Envelope.self, from: Self.payload("repaired", total: #""27""#))
        #expect(envelope.total == 27)
        #expect(report.issues.count == 1)
        #expect((envelope.first.id, envelope.first.name) == ("repaired-first", "ADA"))
        #expect(envelope.hooked.map(\.count) == [1, 2])
        #expect(envelope.node.child?.name == "BO")
        for id in Self.ids("repaired") { #expect(Self.count(id) == 1, "\(id)") }
    }

    @Test func cleanDataTakesOnePass() throws {
        let envelope = try ModelDecoder().decode(Envelope.self, from: Self.payload("clean", total: "27"))
        #expect(envelope.total == 27)
        for id in Self.ids("clean") { #expect(Self.count(id) == 1, "\(id)") }
    }

    @Test func strictModeThrowsAsJSONDecoderWithoutASecondPass() throws {
        let data = Self.payload("strict", total: #""27""#)
        #expect(throws: DecodingError.self) { try ModelDecoder(options: .init(mode: .strict)).decode(Envelope.self, from: data) }
        for id in Self.ids("strict") { #expect(Self.count(id) == 1, "\(id)") }
    }

    /// A model that failed in the exact pass runs again — its code never finished (here it
    /// throws before it records) — and the models inside it that did finish are not run again.
    @Test func aModelThatFailedRunsAgainAndWhatItHeldDoesNot() throws {
        let data = Data("""
        {"first": {"id": "failed-first", "name": 5},
         "hooked": [{"id": "failed-h0", "count": "3"}],
         "node": {"id": "failed-node", "child": {"id": "failed-child", "name": "bo"}},
         "total": 1}
        """.utf8)
        let (envelope, report) = try ModelDecoder().decodeWithReport(Envelope.self, from: data)
        #expect(envelope.first.name == "5")
        #expect(envelope.hooked.map(\.count) == [3])
        #expect(report.issues.count == 2)
        #expect(Self.count("failed-first") == 1)  // threw in the exact pass, then ran whole
        #expect(Self.count("failed-h0") == 1)  // a hook runs after a whole decode only
        #expect(Self.count("failed-node") == 1)
        #expect(Self.count("failed-child") == 1)
    }

    /// Past the point where `Hooked` has a field plan (a plan decodes an array's elements in
    /// place): each element's hook still runs once per decode.
    @Test func plannedElementsWithAHookRunOnceDecodeAfterDecode() throws {
        struct Page: Decodable {
            var items: [Hooked]
            var total: Int
        }
        let items = (0 ..< 300).map { #"{"id": "page-\#($0)", "count": \#($0)}"# }.joined(separator: ",")
        let data = Data(#"{"items": [\#(items)], "total": "9"}"#.utf8)
        for decode in 1 ... 12 {
            let page = try ModelDecoder().decode(Page.self, from: data)
            #expect(page.items.count == 300 && page.total == 9)
            #expect(Self.count("page-0") == decode && Self.count("page-299") == decode)
        }
    }

    /// The value a model gave in the exact pass is the one kept: a class is one object.
    @Test func aKeptClassIsTheObjectTheExactPassMade() throws {
        struct Pair: Decodable {
            var a: Node
            var b: Node
            var total: Int
        }
        let data = Data(#"{"a": {"id": "pair-a"}, "b": {"id": "pair-b"}, "total": "1"}"#.utf8)
        let pair = try ModelDecoder().decode(Pair.self, from: data)
        #expect(pair.a !== pair.b)
        #expect((pair.a.id, pair.b.id, pair.total) == ("pair-a", "pair-b", 1))
        #expect(Self.count("pair-a") == 1 && Self.count("pair-b") == 1)
    }

    /// The same node asked for as two model types is two objects: each type runs its own code.
    @Test func oneNodeAsTwoTypesRunsBoth() throws {
        struct Twice: Decodable {
            var recording: Recording
            var hooked: Hooked?
            var total: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                recording = try container.decode(Recording.self, forKey: .item)
                hooked = try? container.decode(Hooked.self, forKey: .item)
                total = try container.decode(Int.self, forKey: .total)
            }
            enum CodingKeys: String, CodingKey { case item, total }
        }
        let data = Data(#"{"item": {"id": "twice", "name": "x", "count": 4}, "total": "2"}"#.utf8)
        let twice = try ModelDecoder().decode(Twice.self, from: data)
        #expect(twice.recording.name == "X" && twice.hooked?.count == 4 && twice.total == 2)
        #expect(Self.count("twice") == 2)  // once as `Recording`, once as `Hooked`
    }

    /// JSON in a string is its own document, read in a tolerant pass only: a type in it takes
    /// its own exact pass there, whose models are kept by that document.
    @Test func modelsInJSONInAStringRunOnce() throws {
        struct Inner: Decodable {
            var first: Recording
            var count: Int
        }
        struct Middle: Decodable {
            var inner: Inner
        }
        struct Outer: Decodable {
            var middle: Middle
        }
        let middle = #"{"inner": {"first": {"id": "nested-first", "name": "c"}, "count": "3"}}"#
        let data = try JSONEncoder().encode(["middle": middle])
        let outer = try ModelDecoder().decode(Outer.self, from: data)
        #expect(outer.middle.inner.first.name == "C" && outer.middle.inner.count == 3)
        #expect(Self.count("nested-first") == 1)
    }

    /// Side by side with `JSONDecoder`, the way a migrating user's code reads: a hand-written
    /// wrapper that probes its payload with `try?` (one model, then another) and reads `null`
    /// itself. On clean data both decoders give the same values and run each model once per
    /// object; where only CodableKit's repairs make it decode, the models it held still run once.
    @Test func aProbingWrapperRunsItsModelsAsJSONDecoderDoes() throws {
        enum Either: Decodable {
            case recording(Recording), hooked(Hooked), none
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if container.decodeNil() { self = .none; return }
                if let hooked = try? container.decode(Hooked.self) { self = .hooked(hooked); return }
                self = .recording(try container.decode(Recording.self))
            }
            var id: String? {
                switch self {
                case let .recording(value): value.id
                case let .hooked(value): value.id
                case .none: nil
                }
            }
        }
        struct Page: Decodable {
            var items: [Either]
            var total: Int
        }
        func payload(_ tag: String, total: String) -> Data {
            Data("""
            {"items": [{"id": "\(tag)-r", "name": "x"}, {"id": "\(tag)-h", "count": 3}, null], "total": \(total)}
            """.utf8)
        }
        let foundation = try JSONDecoder().decode(Page.self, from: payload("foundation", total: "1"))
        let ours = try ModelDecoder().decode(Page.self, from: payload("ours", total: "1"))
        #expect(foundation.items.map { $0.id?.replacingOccurrences(of: "foundation", with: "ours") } == ours.items.map(\.id))
        #expect(Self.count("foundation-r") == 1 && Self.count("ours-r") == 1)
        #expect(Self.count("ours-h") == 1)  // `didDecode(from:)` is CodableKit's: JSONDecoder never calls it
        let repaired = try ModelDecoder().decode(Page.self, from: payload("repaired-probe", total: #""2""#))
        #expect(repaired.total == 2 && repaired.items.map(\.id) == ["repaired-probe-r", "repaired-probe-h", nil])
        // The first element stays the case JSONDecoder gave it: in the page's second pass the
        // element's own `init(from:)` takes an exact pass of its own first, where the probe for
        // `Hooked` (its `count` missing) fails as with JSONDecoder, so it is not repaired into one.
        if case .recording = repaired.items[0] {} else { Issue.record("the first element became \(repaired.items[0])") }
        #expect(Self.count("repaired-probe-r") == 1 && Self.count("repaired-probe-h") == 1)
    }
}
