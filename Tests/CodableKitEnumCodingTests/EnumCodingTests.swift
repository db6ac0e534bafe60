import Foundation
import Testing
import CodableKitEnumCoding

enum Gender: String, CaseDefaultable {
    case male, female, unknown
    static var defaultCase: Gender { .unknown }
}

enum Level: Int, CaseDefaultable {
    case low = 1, high = 2, unknown = 0
    static var defaultCase: Level { .unknown }
}

enum Ratio: Double, CaseDefaultable {
    case half = 0.5, whole = 1, other = -1
    static var defaultCase: Ratio { .other }
}

@Suite struct CaseDefaultableTests {
    struct Person: CodableModel {
        var gender = Gender.male
        var level = Level.low
        var ratio = Ratio.whole
        var optionalGender: Gender?
    }

    @Test func knownUnknownAndConvertedRawValues() throws {
        let (person, report) = try Person.decodeWithReport(from: #"{"gender": "other", "level": "2", "ratio": 0.5, "optionalGender": 3}"#)
        #expect(person.gender == .unknown)
        #expect(person.level == .high)
        #expect(person.ratio == .half)
        #expect(person.optionalGender == .unknown)
        #expect(report.issues.filter { $0.kind == .caseNotMatched }.map(\.path) == ["gender", "optionalGender"])
        #expect(report.issues.contains { $0.kind == .converted(from: "string", to: "Int") })
        #expect(try Person.decode(from: #"{"level": 7}"#).level == .unknown)
    }

    @Test func nullAndMissingAreThePropertysBusiness() throws {
        let person = try Person.decode(from: #"{"gender": null}"#)
        #expect(person.gender == .male)
        #expect(person.optionalGender == nil)
    }

    @Test func strictModeThrows() {
        #expect(throws: DecodingError.self) { try Person.decode(from: #"{"gender": "other"}"#, options: .init(mode: .strict)) }
    }

    @Test func worksWithFoundationDecodersToo() throws {
        let people = try JSONDecoder().decode([Gender].self, from: Data(#"["female", "robot"]"#.utf8))
        #expect(people == [.female, .unknown])
    }

    @Test func encodesTheRawValue() throws {
        let dictionary = try #require(Person(gender: .female, level: .high, ratio: .half).toDictionary())
        #expect(dictionary["gender"] as? String == "female")
        #expect(dictionary["level"] as? Int == 2)
        #expect(dictionary["ratio"] as? Double == 0.5)
    }
}

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
        #expect(report.description.contains(#"phone: the value matched no case ("nokia" matches no case of Phone)"#))
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

enum Video: CaseMatchable, Equatable {
    case youTube
    case vimeo(id: String, duration: Double)
    case upload(String, minutes: Int)
    static var codingCases: [CodingCase<Video>] {
        [
            CodingCase(.youTube, match: .pathValue("type.youtube")),
            CodingCase(match: .pathValue("type.vimeo"),
                       values: [.label("id", keys: "ID", "Id"), .label("duration", keys: "minutes", "meta.length")],
                       make: { .vimeo(id: try $0.value("id"), duration: (try? $0.value("duration")) ?? 33) },
                       extract: { if case let .vimeo(id, duration) = $0 { return ["id": id, "duration": duration] }; return nil }),
            CodingCase(match: .string("upload"),
                       values: [.index(0, keys: "file"), .index(1, keys: "minutes")],
                       make: { .upload(try $0.value(at: 0), minutes: try $0.value(at: 1)) },
                       extract: { if case let .upload(file, minutes) = $0 { return ["0": file, "1": minutes] }; return nil }),
        ]
    }
}

@Suite struct AssociatedValueTests {
    struct Feed: CodableModel { var videos: [Video] = [] }

    @Test func bothLayoutsAndDefaults() throws {
        let json = #"""
        {"videos": [{"type": "youtube"}, {"type": "vimeo", "Id": "234961067", "minutes": "12"},
                    {"type": "vimeo", "ID": 9}, {"type": "vimeo", "ID": "7", "meta": {"length": 4.5}},
                    {"upload": {"file": "a.mp4", "minutes": 3}}, {"type": "vimeo"}, {"type": "dailymotion"}]}
        """#
        let (feed, report) = try Feed.decodeWithReport(from: json)
        #expect(feed.videos == [.youTube, .vimeo(id: "234961067", duration: 12), .vimeo(id: "9", duration: 33),
                                .vimeo(id: "7", duration: 4.5), .upload("a.mp4", minutes: 3)])
        #expect(report.issues.filter { $0.kind == .elementDropped }.map(\.path) == ["videos[5]", "videos[6]"])
    }

    @Test func encodingWritesBothLayoutsAndRoundTrips() throws {
        let feed = Feed(videos: [.youTube, .vimeo(id: "1", duration: 2.5), .upload("b.mp4", minutes: 7)])
        let dictionary = try #require(feed.toDictionary())
        let videos = try #require(dictionary["videos"] as? [[String: Any]])
        #expect(videos[0]["type"] as? String == "youtube")
        #expect(videos[1]["type"] as? String == "vimeo")
        #expect(videos[1]["ID"] as? String == "1")
        #expect(videos[1]["minutes"] as? Double == 2.5)
        #expect((videos[2]["upload"] as? [String: Any])?["file"] as? String == "b.mp4")
        #expect(try Feed.decode(from: #require(feed.toJSONString())).videos == feed.videos)
    }
}
