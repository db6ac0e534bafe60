import Foundation
import Testing
import CodableKitEnumCoding
import CodableKitKeyStrategies
import CodableKitTransformers

/// ReerCodable's README (`../shared/seeds/003_…`), written with CodableKit's names: its macros
/// are mappings, wrappers and protocols here (the migration article has the table).
@Suite struct ReerCodableTests {
    struct ReerCodableError: Error, Equatable { let text: String }

    // MARK: didDecode(from:) / willEncode(to:)

    final class User: CodableModel {
        var age = 0
        var name: String?
        required init() {}

        func didDecode(from decoder: any Decoder) throws {
            if age < 0 { throw ReerCodableError(text: "Invalid age") }
        }
    }

    @Test func didDecodeRejectsATopLevelModel() throws {
        #expect(throws: ReerCodableError(text: "Invalid age")) { try User.decode(from: #"{"age": -1}"#) }
        #expect(User.deserialize(from: #"{"age": -1}"#) == nil)
        #expect(try User.decode(from: #"{"age": 3}"#).age == 3)
        // Strict mode throws the model's own error too.
        #expect(throws: ReerCodableError(text: "Invalid age")) {
            try ModelDecoder(options: .init(mode: .strict)).decode(User.self, from: Data(#"{"age": -1}"#.utf8))
        }
    }

    @Test func didDecodeDropsAnArrayElement() throws {
        let (users, report) = try [User].decodeWithReport(from: #"[{"age": 1}, {"age": -1}, {"age": 2}]"#)
        #expect(users.map(\.age) == [1, 2])
        #expect(report.issues.map(\.path) == ["[1]"])
        #expect(report.issues.first?.kind == .elementDropped)
        #expect(report.issues.first?.description.contains("Invalid age") == true)
    }

    struct Team: CodableModel {
        var lead = User()
        var members: [User] = []
    }

    @Test func aPropertyHoldingARejectedModelKeepsItsInitialValue() throws {
        let (team, report) = try Team.decodeWithReport(from: #"{"lead": {"age": -5, "name": "x"}, "members": [{"age": -1}, {"age": 4}]}"#)
        #expect(team.lead.age == 0 && team.lead.name == nil)
        #expect(team.members.map(\.age) == [4])
        #expect(report.issues.map(\.path) == ["lead", "members[0]"])
        #expect(report.issues.first?.description == "lead (Team): expected User, found a value its didDecode(from:) rejected; kept the initial value (didDecode(from:) threw ReerCodableError(text: \"Invalid age\"))")
    }

    /// A declared model (decoded by its plan, flat: scalars only) gets the same hook, with a
    /// decoder at its object that reads what no property holds, repairs recorded at its path.
    struct Point: CodableModel, SynthesizedCodable {
        var x = 0
        var y = 0
        var label = ""

        enum CodingKeys: String, CodingKey { case x, y }

        mutating func didDecode(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: ExtraKeys.self)
            label = try container.decodeIfPresent(String.self, forKey: .label) ?? "\(x),\(y)"
            if x < 0 { throw ReerCodableError(text: "negative x") }
        }

        enum ExtraKeys: String, CodingKey { case label }
    }

    @Test func declaredFlatModelsRunTheHookInTheirPlace() throws {
        let json = #"[{"x": 1, "y": 2}, {"x": 3, "y": 4, "label": 5}, {"x": -1, "y": 0}, {"x": 6, "y": 7}]"#
        for _ in 0 ..< 6 {  // through `init(from:)`, then by the plan once it is learned: the same
            let (points, report) = try [Point].decodeWithReport(from: json)
            #expect(points.map(\.label) == ["1,2", "5", "6,7"])
            #expect(report.issues.map(\.path) == ["[1].label", "[2]"])
        }
    }

    /// Every property a key, scalars only: a flat plan, whose elements have no place on the path
    /// until something needs one — here the hook's own reads, made for some objects only, after
    /// the plan is learned (checked by hand: the flat elements' hooks run through `FlatElementHook`).
    struct Tagged: CodableModel, SynthesizedCodable {
        var x = 0
        var note = ""

        mutating func didDecode(from decoder: any Decoder) throws {
            guard note == "read" else { return }
            let extra: Int? = decoder["extra"]
            if let extra { note += "+\(extra)" }
            let container = try decoder.container(keyedBy: ExtraKeys.self)
            if let checked = try container.decodeIfPresent(Int.self, forKey: .checked), checked != x { throw ReerCodableError(text: "mismatch") }
        }

        enum ExtraKeys: String, CodingKey { case checked }
    }

    @Test func flatElementsArePlacedWhenTheirHookReads() throws {
        let warm = "[" + (0 ..< 300).map { #"{"x": \#($0), "note": "n"}"# }.joined(separator: ",") + "]"
        for _ in 0 ..< 2 { _ = try [Tagged].decode(from: warm) }  // the plan is learned, and used
        let json = #"[{"x": 1, "note": "a"}, {"x": 2, "note": "read", "extra": 7, "checked": "2"}, {"x": 3, "note": "read", "checked": 4}, {"x": 4, "note": "d"}]"#
        for _ in 0 ..< 3 {
            let (tagged, report) = try [Tagged].decodeWithReport(from: json)
            #expect(tagged.map(\.note) == ["a", "read+7", "d"])
            #expect(report.issues.map(\.path) == ["[1].checked", "[2]"])
            #expect(try [Tagged].decode(from: json).map(\.x) == [1, 2, 4])
        }
    }

    /// A hook that never asks its decoder costs no frame; many of them decode as without one.
    struct Quiet: CodableModel, SynthesizedCodable {
        var a = 0
        static let calls = Locked(0)
        mutating func didDecode(from decoder: any Decoder) throws { Self.calls.withLock { $0 += 1 } }
    }

    @Test func everyObjectRunsItsHookOnce() throws {
        let before = Quiet.calls.withLock { $0 }
        let json = "[" + (0 ..< 500).map { #"{"a": \#($0)}"# }.joined(separator: ",") + "]"
        let values = try [Quiet].decode(from: json)
        #expect(values.count == 500 && values.last?.a == 499)
        #expect(Quiet.calls.withLock { $0 } - before == 500)
    }

    /// A hook of the model's own that decodes models without one keeps running for every object
    /// (the defaults it meets say they ran; its own never does).
    struct Inner: CodableModel { var v = 0 }
    struct Outer: CodableModel {
        var id = 0
        static let calls = Locked(0)
        mutating func didDecode(from decoder: any Decoder) throws {
            let inner: Inner? = decoder["inner"]
            id += inner?.v ?? 0
            Self.calls.withLock { $0 += 1 }
        }
    }

    @Test func ownHooksAroundDefaultOnesKeepRunning() throws {
        let before = Outer.calls.withLock { $0 }
        let json = "[" + (0 ..< 40).map { #"{"id": \#($0), "inner": {"v": 1000}}"# }.joined(separator: ",") + "]"
        for _ in 0 ..< 3 {
            let outers = try [Outer].decode(from: json)
            #expect(outers.map(\.id) == (0 ..< 40).map { $0 + 1000 })
        }
        #expect(Outer.calls.withLock { $0 } - before == 120)
    }

    struct Audited: CodableModel {
        var id = 0
        var secret = ""
        static let seen = Locked<[String]>([])

        func willEncode(to encoder: any Encoder) throws {
            if secret == "leak" { throw ReerCodableError(text: "refused") }
            Self.seen.withLock { $0.append(encoder.codingPath.map(\.stringValue).joined(separator: ".")) }
        }
    }

    struct DeclaredAudited: CodableModel, SynthesizedCodable {
        var id = 0
        var stamp = false

        func willEncode(to encoder: any Encoder) throws {
            if stamp { encoder["stamped"] = true }   // written with the model's own members
        }
    }

    @Test func willEncodeRunsBeforeEachModelAndCanRefuse() throws {
        Audited.seen.withLock { $0 = [] }
        #expect(Audited(id: 1).toJSONString() == #"{"id":1,"secret":""}"#)
        #expect([Audited(id: 1), Audited(id: 2)].toJSONString() != nil)
        #expect(Audited.seen.withLock { $0 } == ["", "Index 0", "Index 1"])
        #expect(Audited(secret: "leak").toJSONString() == nil)
        #expect(throws: ReerCodableError(text: "refused")) { try ModelEncoder().encode([Audited(secret: "leak")]) }
        #expect(Audited(secret: "leak").toDictionary() == nil)
    }

    @Test func willEncodeWritesIntoADeclaredModelsObject() throws {
        let plain = [DeclaredAudited(id: 1), DeclaredAudited(id: 2, stamp: true)]
        for _ in 0 ..< 3 {  // before and after its plan is learned
            let text = try #require(plain.toJSONString())
            #expect(text == #"[{"id":1,"stamp":false},{"stamped":true,"id":2,"stamp":true}]"#)
        }
        let dictionary = try #require(DeclaredAudited(id: 3, stamp: true).toDictionary())
        #expect(dictionary["stamped"] as? Bool == true && dictionary["id"] as? Int == 3)
    }

    // MARK: Keys

    /// `@CodingKey("user_name")`, several keys, nested paths, `@SnakeCase` on the type and
    /// `@KebabCase` on a property are key mappings.
    struct Person: CodableModel, Equatable {
        var name = ""
        var firstName = ""
        var lastName = ""
        var city = ""
        static func mappingForKey() -> [KeyMapping]? {
            [CodingKeys.name <--- ["name", "username", "nick_name"], CodingKeys.lastName <--- .kebabCase,
             CodingKeys.city <--- "location.city", .model(.snakeCase)]
        }
    }

    @Test func keys() throws {
        let json = #"{"nick_name": "p", "first_name": "a", "last-name": "b", "location": {"city": "c"}}"#
        let person = try #require(Person.deserialize(from: json))
        #expect(person == Person(name: "p", firstName: "a", lastName: "b", city: "c"))
        let written = try #require(person.toDictionary())
        #expect(written["first_name"] as? String == "a" && written["last-name"] as? String == "b")
        #expect((written["location"] as? [String: Any])?["city"] as? String == "c")
    }

    /// `@CodingContainer("data.info")`: `designatedPath`.
    struct UserInfo: CodableModel { var name = ""; var age = 0 }

    @Test func codingContainer() throws {
        let json = #"{"code": 0, "data": {"info": {"name": "phoenix", "age": 33}}}"#
        let info = try UserInfo.decode(from: json, designatedPath: "data.info")
        #expect(info.name == "phoenix" && info.age == 33)
    }

    // MARK: Values

    /// Decoding failures keep the initial value; an absent optional enum is nil.
    enum Gender: String, Codable { case male, female }
    struct Defaults: CodableModel { var age = 33; var name = "phoenix"; var gender: Gender? }

    @Test func defaultsOnFailure() {
        let model = Defaults.deserialize(from: #"{"age": "x", "gender": "other"}"#)
        #expect(model?.age == 33 && model?.name == "phoenix" && model?.gender == nil)
    }

    /// `@CodingIgnored` is `@IgnoredKey`; `@Base64Coding var avatar: Data` is the default for `Data`.
    struct Media: CodableModel {
        var avatar = Data()
        @IgnoredKey var ignore: Set<String> = []
    }

    @Test func ignoredAndBase64() throws {
        let media = try #require(Media.deserialize(from: #"{"avatar": "AQID", "ignore": ["x"]}"#))
        #expect(media.avatar == Data([1, 2, 3]) && media.ignore.isEmpty)
        #expect(media.toJSONString() == #"{"avatar":"AQID"}"#)
    }

    /// `@CompactDecoding`: a `null` element is left out (and recorded) anyway.
    struct Tags: CodableModel { var tags: [String] = [] }

    @Test func nullElementsAreLeftOut() {
        #expect(Tags.deserialize(from: #"{"tags": ["a", null, "b"]}"#)?.tags == ["a", "b"])
    }

    /// `@DateCoding(…)`: `DateTransformer` in `mappingForValue()`.
    struct DateModel: CodableModel {
        var date1 = Date(timeIntervalSince1970: 0)
        var date2 = Date(timeIntervalSince1970: 0)
        var date4 = Date(timeIntervalSince1970: 0)
        var date5 = Date(timeIntervalSince1970: 0)
        static func mappingForValue() -> [ValueMapping]? {
            [CodingKeys.date1 <--- DateTransformer(.secondsSince2001), CodingKeys.date2 <--- DateTransformer(.secondsSince1970),
             CodingKeys.date4 <--- DateTransformer(.millisecondsSince1970), CodingKeys.date5 <--- DateTransformer(.iso8601)]
        }
    }

    @Test func dateCoding() throws {
        let json = #"{"date1": 1431585275, "date2": 1731585275.944, "date4": 1731585275944, "date5": "2024-12-10T00:00:00Z"}"#
        let model = try #require(DateModel.deserialize(from: json))
        #expect(model.date1.timeIntervalSinceReferenceDate == 1_431_585_275)
        #expect(abs(model.date2.timeIntervalSince1970 - 1_731_585_275.944) < 1e-6)
        #expect(abs(model.date4.timeIntervalSince1970 - 1_731_585_275.944) < 1e-6)
        #expect(model.date5.timeIntervalSince1970 == 1_733_788_800)
    }

    /// `@CustomCoding` with `decoder.value(forKeys:)` and `encoder.set(_:forKey:)`, in the model's own code.
    struct Race: CodableModel {
        var heightInCentimeters = 0.0
        var rank: UInt = 0

        init() {}

        init(from decoder: any Decoder) throws {
            heightInCentimeters = try decoder.value(forKeys: "height_in_meters") * 100
            var text: String = try decoder.value(forKeys: "rank")
            text.removeLast(2)
            rank = UInt(text) ?? 0
        }

        func encode(to encoder: any Encoder) throws {
            try encoder.set(heightInCentimeters / 100, forKey: "height_in_meters")
            try encoder.set("\(rank)th", forKey: "rank")
            try encoder.set(true, forKey: "meta.custom")
        }
    }

    @Test func customCoding() throws {
        let race = try Race.decode(from: #"{"height_in_meters": 1.8, "rank": "3rd"}"#)
        #expect(race.heightInCentimeters == 180 && race.rank == 3)
        let object = try #require(race.toDictionary())
        #expect(object["height_in_meters"] as? Double == 1.8 && object["rank"] as? String == "3th")
        #expect((object["meta"] as? [String: Any])?["custom"] as? Bool == true)
        #expect(throws: DecodingError.self) { try Race.decode(from: #"{"rank": "3rd"}"#, options: .init(mode: .strict)) }
    }

    /// `@InheritedCodable`: the subclass's own properties are `@ModelField`s.
    class Animal: CodableModel {
        var name = ""
        required init() {}
    }

    final class Cat: Animal {
        @ModelField var color = ""
    }

    @Test func inheritedCodable() throws {
        let cat = try #require(Cat.deserialize(from: #"{"name": "Tom", "color": "grey"}"#))
        #expect(cat.name == "Tom" && cat.color == "grey")
    }

    // MARK: Enums: `CodingCase(match:)`

    enum Phone: CaseMatchable {
        case iPhone, xiaomi, oppo, unknown
        static var codingCases: [CodingCase<Phone>] {
            [CodingCase(.iPhone, match: .bool(true), .int(10), .string("iphone"), .intRange(22 ... 30)),
             CodingCase(.xiaomi, match: .int(12), .string("MI"), .string("xiaomi"), .doubleRange(50 ... 60)),
             CodingCase(.oppo, match: .bool(false), .string("oppo"), .stringRange("o" ... "q"))]
        }
    }

    struct Phones: CodableModel { var phones: [Phone] = [] }

    @Test func codingCaseMatchers() {
        let phones = Phones.deserialize(from: #"{"phones": [true, 25, "MI", 55.5, "p", "iphone"]}"#)?.phones
        #expect(phones == [.iPhone, .iPhone, .xiaomi, .xiaomi, .oppo, .iPhone])
    }

    /// Conversions between `Bool`, `String`, `Double` and `Int`; `AnyCodable` is `JSONValue`.
    struct Converted: CodableModel {
        var isVIP = false
        var score = 0.0
        var data: JSONValue = .null
        var metadata: [String: JSONValue] = [:]
        static func mappingForKey() -> [KeyMapping]? { [CodingKeys.isVIP <--- "is_vip"] }
    }

    @Test func conversionsAndAny() throws {
        let model = try #require(Converted.deserialize(from: #"{"is_vip": "1", "score": "100", "data": [1, "a"], "metadata": {"k": true}}"#))
        #expect(model.isVIP && model.score == 100)
        #expect(model.data == .array([.int(1), .string("a")]) && model.metadata["k"] == .bool(true))
    }
}
