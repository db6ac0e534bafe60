import Foundation
import Testing
@testable import CodableKit

/// A key in another Unicode form than the model's (`"cafe\u{301}"` for `café`) finds its
/// member, as in `JSONDecoder`, which compares keys as `String`s (by canonical equivalence):
/// it was silently not read (`nil`, or the initial value, with nothing in the report).
@Suite struct EquivalentKeyTests {
    static let decomposed = "cafe\u{301}", precomposed = "caf\u{E9}"

    struct Plain: Codable, Equatable {
        var café: Int?
        var naïve = 0
    }

    struct Renamed: Codable, Equatable {
        var value: Int?
        enum CodingKeys: String, CodingKey { case value = "cafe\u{301}" }
    }

    struct Declared: CodableModel, SynthesizedCodable, Equatable {
        var id = 0
        var café: Int?
        var naïve = 0
    }

    struct Mapped: DecodableModel, Equatable {
        var name = ""
        static func mappingForKey() -> [KeyMapping]? { [CodingKeys.name <--- Sources(keys: ["prénom", "name"])] }
    }

    /// A hand-written `init(from:)` that probes: `contains`, `decodeNil`, `try?`, and a branch
    /// on what it found, recording what it saw.
    struct Probing: Decodable, Equatable {
        var seen: [String] = []
        var value = 0
        enum CodingKeys: String, CodingKey { case café, prénom }
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if container.contains(.café) { seen.append("contains") }
            if (try? container.decodeNil(forKey: .café)) == true { seen.append("nil") }
            if let number = try? container.decode(Int.self, forKey: .café) { value = number * 10 } else { seen.append("no number") }
            if let name = try container.decodeIfPresent(String.self, forKey: .prénom) { seen.append(name.uppercased()) }
            seen.append(container.allKeys.map(\.stringValue).sorted().joined(separator: ","))
        }
    }

    @Test func aHandWrittenInitFromSeesWhatJSONDecoderShowsIt() {
        DropInTests.agree(Probing.self, #"{"\#(Self.decomposed)": 4, "pre\#u{301}nom": "ann"}"#)
        DropInTests.agree(Probing.self, #"{"\#(Self.decomposed)": null}"#)
        DropInTests.agree(Probing.self, #"{"\#(Self.decomposed)": "x", "pr\#u{E9}nom": "bo"}"#)
    }

    @Test func eitherFormFindsTheOtherAsJSONDecoderFindsIt() {
        let (nfd, nfc) = (Self.decomposed, Self.precomposed)
        DropInTests.agree(Plain.self, #"{"\#(nfd)": 1, "nai\#u{308}ve": 2}"#)
        DropInTests.agree(Plain.self, #"{"cafe\u0301": 3}"#)  // escaped
        DropInTests.agree(Renamed.self, #"{"\#(nfc)": 4}"#)
        DropInTests.agree(Plain.self, #"{"other": 1, "\#(nfd)": 5, "x": [1]}"#)
        DropInTests.agree(Plain.self, #"{"cafe": 1}"#)  // a different key stays absent
        DropInTests.agree([Declared].self, #"[{"id": 1, "\#(nfd)": 6, "nai\#u{308}ve": 7}, {"\#(nfc)": 8, "id": 2}, {"id": 3}]"#)
        DropInTests.agree(Declared.self, #"{"\#(nfd)": null, "id": 4}"#)
        // Under a key strategy, converted keys are compared as `String`s.
        DropInTests.agree(Plain.self, #"{"\#(nfd)": 9}"#) { foundation, ours in
            foundation.keyDecodingStrategy = .convertFromSnakeCase
            ours.keyDecodingStrategy = .convertFromSnakeCase
        }
    }

    /// The plan's walk and the container path (a plan is learned after a few objects) read
    /// the same; so do a key rule's sources.
    @Test func plansAndKeyRulesFindItToo() throws {
        let elements = (0 ..< 40).map { #"{"id": \#($0), "\#($0.isMultiple(of: 2) ? Self.decomposed : Self.precomposed)": \#($0), "nai\#u{308}ve": 1}"# }
        let (values, report) = try ModelDecoder().decodeWithReport([Declared].self, from: Data("[\(elements.joined(separator: ","))]".utf8))
        #expect(values.map(\.café) == (0 ..< 40).map { $0 })
        #expect(values.allSatisfy { $0.naïve == 1 })
        #expect(report.isClean)
        let mapped = try ModelDecoder().decodeWithReport(Mapped.self, from: Data(#"{"pre\#u{301}nom": "ann"}"#.utf8))
        #expect(mapped.0.name == "ann")
        #expect(mapped.1.isClean)
    }

    /// Both forms in one object: the one spelled as the key is read (`JSONDecoder` reads the
    /// first of them, as a repeated key); each form alone finds the other.
    @Test func bothFormsInOneObjectReadTheOneSpelledAsTheKey() throws {
        let json = #"{"\#(Self.decomposed)": 1, "\#(Self.precomposed)": 2}"#
        #expect(try ModelDecoder().decode(Plain.self, from: Data(json.utf8)).café == 2)
    }
}
