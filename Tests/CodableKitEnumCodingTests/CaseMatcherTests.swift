import Foundation
import Testing
import CodableKitEnumCoding

enum Phone: CaseMatchable, Equatable {
    case iPhone, xiaomi, oppo
    static var codingCases: [CodingCase<Phone>] {
        [
            CodingCase(.iPhone, match: .bool(true), .int(10), .string("iphone"), .intRange(22 ... 30)),
            CodingCase(.xiaomi, match: .int(12), .string("MI"), .string("xiaomi"), .doubleRange(50 ... 60)),
            CodingCase(.oppo, match: .bool(false), .string("oppo"), .stringRange("o" ... "q")),
        ]
    }
}

@Suite struct CaseMatcherTests {
    struct Owner: CodableModel {
        var phone: Phone?
        var main = Phone.oppo
    }

    static let matches: [(String, Phone?)] = [
        ("true", .iPhone), ("false", .oppo), ("10", .iPhone), ("10.0", .iPhone), ("12", .xiaomi), ("\"iphone\"", .iPhone),
        ("\"MI\"", .xiaomi), ("\"mi\"", nil), ("22", .iPhone), ("30", .iPhone), ("31", nil), ("21", nil), ("25.0", .iPhone),
        ("25.5", nil), ("50", .xiaomi), ("60", .xiaomi), ("55.5", .xiaomi), ("60.01", nil), ("\"o\"", .oppo), ("\"q\"", .oppo),
        ("\"pixel\"", .oppo), ("\"qa\"", nil), ("\"nokia\"", nil), ("[1]", nil), ("{}", nil),
    ]

    @Test(arguments: matches)
    func matcher(_ json: String, _ expected: Phone?) throws {
        let (owner, report) = try Owner.decodeWithReport(from: #"{"phone": \#(json), "main": "oppo"}"#)
        #expect(owner.phone == expected, "\(json)")
        if expected == nil {
            #expect(report.issues.map(\.kind) == [.caseNotMatched], "\(report)")
            #expect(report.issues.first?.path == "phone")
            #expect(report.issues.first?.detail?.hasSuffix("matches no case of Phone") == true)  // and says which value
        } else {
            #expect(report.isClean)
        }
    }

    @Test func reportNamesTheValueThatMatchedNoCase() throws {
        let (_, report) = try Owner.decodeWithReport(from: #"{"phone": "nokia", "main": "oppo"}"#)
        #expect(report.issues.first?.detail == #""nokia" matches no case of Phone"#)
        #expect(report.description.contains(#"phone: the value matched no case; kept the initial value ("nokia" matches no case of Phone)"#))
    }

    @Test func multiLevelPathValues() throws {
        enum Source: CaseMatchable, Equatable {
            case youTube, vimeo
            static var codingCases: [CodingCase<Source>] {
                [CodingCase(.youTube, match: .pathValue("type.middle.youtube")), CodingCase(.vimeo, match: .pathValue("type.middle.vimeo"))]
            }
        }
        let sources = try ModelDecoder().decode([Source].self, from: Data(#"""
        [{"type": {"middle": "youtube"}}, {"type": {"middle": "vimeo"}, "extra": 1}, {"type": {"middle": "other"}}, {"type": "youtube"}]
        """#.utf8))
        #expect(sources == [.youTube, .vimeo])
        #expect(try JSONValue(encoding: [Source.vimeo]) == .array([.object(["type": .object(["middle": .string("vimeo")])])]))
    }

    @Test func unmatchedNonOptionalKeepsItsInitialValue() throws {
        let (owner, report) = try Owner.decodeWithReport(from: #"{"main": "nokia"}"#)
        #expect(owner.main == .oppo)
        #expect(report.issues.contains { $0.path == "main" && $0.kind == .caseNotMatched })
    }

    @Test func declarationOrderWins() throws {
        enum Overlap: CaseMatchable, Equatable {
            case first, second
            static var codingCases: [CodingCase<Overlap>] {
                [CodingCase(.first, match: .intRange(0 ... 10)), CodingCase(.second, match: .int(5), .intRange(0 ... 100))]
            }
        }
        #expect(try ModelDecoder().decode([Overlap].self, from: Data("[5, 50, 3]".utf8)) == [.first, .second, .first])
    }

    @Test func encodingWritesTheFirstMatcher() throws {
        #expect(Owner(phone: .xiaomi, main: .iPhone).toDictionary()?["phone"] as? Int == 12)
        #expect(Owner(phone: .xiaomi, main: .iPhone).toDictionary()?["main"] as? Bool == true)
        for phone in [Phone.iPhone, .xiaomi, .oppo] {
            #expect(try Owner.decode(from: #require(Owner(phone: phone).toJSONString())).phone == phone)
        }
    }
}
