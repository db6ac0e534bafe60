import Foundation
import Testing
import CodableKitEnumCoding
import CodableKitKeyStrategies
import CodableKitTransformers

/// SmartCodable's READMEs (`../shared/seeds/000_…`, `001_…`) and its 5.x usage guide, written
/// with CodableKit's names: each behaves as the seed documents, or differs where the
/// migration article says so.
@Suite struct SmartCodableTests {
    struct Model: CodableModel, Equatable { var name: String = "" }

    @Test func dictionaryArrayAndJSONText() throws {
        let dict: [String: String] = ["name": "xiaoming"]
        #expect(Model.deserialize(from: dict) == Model(name: "xiaoming"))
        #expect([Model].deserialize(from: [dict, dict])?.count == 2)
        let model = try #require(Model.deserialize(from: #"{"name": "xiaoming"}"#))
        #expect(model.toDictionary()?["name"] as? String == "xiaoming")
        #expect(Model.deserialize(from: model.toJSONString(prettyPrinted: true)) == model)
    }

    @available(*, deprecated)
    @Test func olderSpellingsStillCompile() {
        let models = [Model(name: "a"), Model(name: "b")]
        #expect(models.toJSONString(prettyPrint: false) == #"[{"name":"a"},{"name":"b"}]"#)
        #expect(models.toJSONString(prettyPrint: true) == models.toJSONString(prettyPrinted: true))
        #expect(Model(name: "x").toJSONString(useMappedKeys: true, prettyPrint: false) == #"{"name":"x"}"#)
    }

    final class Described: CodableModel {
        var name: String = ""
        var age: Int = 0
        var desc: String = ""
        required init() {}

        func didFinishMapping() {
            desc = name.isEmpty ? "\(age)岁的人" : "\(age)岁的" + name
        }
    }

    @Test func callbackForCompletedParsing() {
        #expect(Described.deserialize(from: #"{"age": 3}"#)?.desc == "3岁的人")
        #expect(Described.deserialize(from: #"{"age": 3, "name": "Li"}"#)?.desc == "3岁的Li")
    }

    // MARK: Key strategies: SmartCodable's meaning of the names

    struct FirstLetter: CodableModel, Equatable {
        var firstName = ""
        var userID = 0
    }

    struct Upper: CodableModel, Equatable {
        var FirstName = ""   // swiftlint:disable:this identifier_name
    }

    /// `.firstLetterLower`: the JSON's `"FirstName"` is read into `firstName`, as SmartCodable's table says.
    @Test func firstLetterLowerReadsCapitalizedKeys() {
        let lower = DecodingOptions(keyStrategies: [.firstLetterLower])
        #expect(FirstLetter.deserialize(from: #"{"FirstName": "Ada", "UserID": 7}"#, options: lower) == FirstLetter(firstName: "Ada", userID: 7))
        #expect(FirstLetter.deserialize(from: #"{"firstName": "Bo"}"#, options: lower)?.firstName == "Bo")
    }

    /// `.firstLetterUpper`: the JSON's `"firstName"` is read into `FirstName`; CodableKit also
    /// reads `"FirstName"` into `firstName` with it (a property name converted, as before).
    @Test func firstLetterUpperReadsLowercasedKeys() {
        let upper = DecodingOptions(keyStrategies: [.firstLetterUpper])
        #expect(Upper.deserialize(from: #"{"firstName": "Cy"}"#, options: upper)?.FirstName == "Cy")
        #expect(FirstLetter.deserialize(from: #"{"FirstName": "Di"}"#, options: upper)?.firstName == "Di")
        #expect(Upper(FirstName: "E").toJSONString(options: .init(keyStrategies: [.firstLetterLower])) == #"{"firstName":"E"}"#)
    }

    // MARK: useMappedKeys

    struct Mapped: CodableModel, Equatable {
        var data = ""
        var age = 0
        static func mappingForKey() -> [KeyMapping]? { [CodingKeys.data <--- ["json_data", "d"]] }
    }

    /// SmartCodable 5 writes property names unless `useMappedKeys: true`; CodableKit's
    /// `toJSONString()` writes the mapped keys (so that what it writes reads back), and takes the
    /// seed's parameter for either.
    @Test func useMappedKeysBothWays() throws {
        let model = Mapped(data: "v", age: 3)
        #expect(model.toJSONString(useMappedKeys: false) == #"{"data":"v","age":3}"#)
        #expect(model.toJSONString(useMappedKeys: true) == #"{"json_data":"v","age":3}"#)
        #expect(model.toJSONString() == #"{"json_data":"v","age":3}"#)
        #expect(model.toDictionary(useMappedKeys: false)?["data"] as? String == "v")
        #expect(model.toDictionary(useMappedKeys: true)?["json_data"] as? String == "v")
        #expect([model].toJSONString(useMappedKeys: false) == #"[{"data":"v","age":3}]"#)
        #expect(([model].toArray(useMappedKeys: false)?.first as? [String: Any])?["data"] as? String == "v")
        // What either writes reads back (the mapping reads the property's name last, as every key).
        #expect(Mapped.deserialize(from: model.toJSONString(useMappedKeys: true)) == model)
        // The call's own strategies still apply with property names.
        let snake = EncodingOptions(keyStrategies: [.snakeCase])
        #expect(FirstLetter(firstName: "a").toJSONString(useMappedKeys: false, options: snake) == #"{"first_name":"a","user_id":0}"#)
    }

    // MARK: Dates

    static let moment = Date(timeIntervalSince1970: 1_733_819_400)  // 2024-12-10T08:30:00Z

    /// `SmartDateTransformer()` reads every common form, whatever it writes.
    @Test(arguments: [
        (JSONValue.int(1_733_819_400), "seconds since 1970"),
        (.int(1_733_819_400_000), "milliseconds since 1970"),
        (.double(1_733_819_400_000.0), "milliseconds since 1970"),
        (.string("1733819400"), "seconds since 1970, in a string"),
        (.string("1733819400000"), "milliseconds since 1970, in a string"),
        (.string("2024-12-10T08:30:00Z"), "yyyy-MM-dd'T'HH:mm:ss'Z'"),
        (.string("2024-12-10T08:30:00.000Z"), "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"),
        (.string("2024-12-10T14:00:00+05:30"), "yyyy-MM-dd'T'HH:mm:ssxxx"),
        (.string("2024-12-10 08:30:00"), "yyyy-MM-dd HH:mm:ss"),
        (.string("2024/12/10 08:30:00"), "yyyy/MM/dd HH:mm:ss"),
        (.string("2024-12-10T08:30"), "yyyy-MM-dd'T'HH:mm"),
    ])
    func everyFormReads(_ json: JSONValue, _ form: String) throws {
        let read = try #require(DateForm.read(json))
        #expect(read.date == Self.moment, "\(json)")
        #expect(read.form.description == form)
        #expect(DateTransformer().transformFromJSON(json) == Self.moment)
        // Written back in the form it was read.
        #expect(read.form.json(for: read.date) == json || json == .double(1_733_819_400_000.0))
    }

    @Test func datesAloneAndRefusals() {
        let day = Date(timeIntervalSince1970: 1_733_788_800)
        #expect(DateForm.read(.string("2024-12-10"))?.date == day)
        #expect(DateForm.read(.string("2024/12/10"))?.date == day)
        for refused: JSONValue in [.string("20241210"), .string("2024-W50"), .string("soon"), .string("1e9"), .bool(true), .null] {
            #expect(DateForm.read(refused) == nil, "\(refused)")
        }
    }

    /// A transformer given a strategy still reads the other common forms: `"2024-12-10 08:30:00"`
    /// where seconds were declared, and milliseconds are not taken for seconds (the year 56,900).
    @Test func strategiesFallBackToTheOtherForms() {
        let seconds = DateTransformer(.secondsSince1970)
        #expect(seconds.transformFromJSON(.string("2024-12-10 08:30:00")) == Self.moment)
        #expect(seconds.transformFromJSON(.int(1_733_819_400_000)) == Self.moment)
        #expect(DateTransformer(.iso8601).transformFromJSON(.int(1_733_819_400)) == Self.moment)
        #expect(DateTransformer(.millisecondsSince1970).transformFromJSON(.string("2024-12-10T08:30:00Z")) == Self.moment)
        #expect(DateTransformer(writing: .millisecondsSince1970).transformToJSON(Self.moment) == .int(1_733_819_400_000))
    }

    struct Event: CodableModel {
        @DateValue var start: Date?
        @DateValue var end: Date?
        @DateValue(writing: .millisecondsSince1970) var created: Date?
        static func mappingForValue() -> [ValueMapping]? { nil }
    }

    /// `@SmartDate`: each date written back in the form it was read.
    @Test func dateValueWritesTheFormItRead() throws {
        let json = #"{"start":"2024-12-10 08:30:00","end":1733819400000,"created":null}"#
        var event = try #require(Event.deserialize(from: json))
        #expect(event.start == Self.moment && event.end == Self.moment && event.created == nil)
        #expect(event.$start.description == "yyyy-MM-dd HH:mm:ss")
        event.start = Self.moment.addingTimeInterval(60)
        event.created = Self.moment
        let written = try #require(event.toJSONString())
        #expect(written == #"{"start":"2024-12-10 08:31:00","end":1733819400000,"created":"2024-12-10T08:30:00Z"}"#)
        // A value in no form: the property keeps its initial value, recorded.
        let (bad, report) = try Event.decodeWithReport(from: #"{"start": "soon", "end": null, "created": null}"#)
        #expect(bad.start == nil)
        #expect(report.issues.map(\.path) == ["start"])
        // Set in code before any read: the form given.
        var fresh = Event()
        fresh.created = Self.moment
        #expect(fresh.toJSONString() == #"{"start":null,"end":null,"created":1733819400000}"#)
    }

    // MARK: Enums

    struct CompatibleEnum: CodableModel {
        var enumTest: TestEnum = .a
        var noDefault: NoDefault = .b

        enum TestEnum: String, CaseDefaultable {
            static var defaultCase: TestEnum { .a }
            case a, b
            case hello = "c"
        }

        /// SmartCodable 5: `SmartCaseDefaultable` without `defaultCase`.
        enum NoDefault: String, CaseDefaultable { case a, b }
    }

    @Test func caseDefaultableWithAndWithoutDefaultCase() throws {
        let (model, report) = try CompatibleEnum.decodeWithReport(from: #"{"enumTest": "zzz", "noDefault": "zzz"}"#)
        #expect(model.enumTest == .a)
        #expect(model.noDefault == .b)   // the property's initial value
        #expect(Set(report.issues.map(\.path)) == ["enumTest", "noDefault"])
        #expect(CompatibleEnum.deserialize(from: #"{"enumTest": "c", "noDefault": "a"}"#)?.noDefault == .a)
    }

    // MARK: Compatibility: missing keys, nulls, wrong types

    struct CompatibleTypes: CodableModel {
        var a: Int = 1
        var b: Bool = true
        var c: String = "x"
        var d: Double? = 2
        var e: [Int] = [9]
    }

    @Test func missingNullAndWrongTypes() {
        let model = CompatibleTypes.deserialize(from: #"{"a": "27", "b": "false", "c": 3, "d": null, "e": null}"#)
        #expect(model?.a == 27 && model?.b == false && model?.c == "3" && model?.d == nil && model?.e == [9])
        let empty = CompatibleTypes.deserialize(from: "{}")
        #expect(empty?.a == 1 && empty?.b == true && empty?.c == "x" && empty?.d == 2)
    }

    // MARK: Any, generics, options, key maps

    /// "Use generics": a generic model.
    struct AboutAny<T: Codable & Sendable>: CodableModel {
        var dict1: [String: T] = [:]
        var dict2: [String: T] = [:]
    }

    /// `SmartAny` (4.x, an enum of JSON values) is `JSONValue`; `.peel` is `anyValue`.
    struct AnyModel: CodableModel {
        var name: JSONValue?
        var age: JSONValue = .int(0)
        var dict: [String: JSONValue] = [:]
        var arr: [JSONValue] = []
    }

    @Test func anyValuesAndGenerics() throws {
        let one = try #require(AboutAny<String>.deserialize(from: #"{"dict1": {"a": "x"}, "dict2": {"b": 2}}"#))
        #expect(one.dict1 == ["a": "x"] && one.dict2 == ["b": "2"])
        let json = #"{"name": "xiao ming", "age": 20, "dict": {"key1": 1, "key2": "two", "key4": [1, 2.2]}, "arr": [{"key": "1"}]}"#
        let model = try #require(AnyModel.deserialize(from: json))
        #expect(model.name == .string("xiao ming") && model.age == .int(20))
        #expect(model.dict["key4"] == .array([.int(1), .double(2.2)]))
        #expect(model.age.anyValue as? Int64 == 20 || model.age.anyValue as? Int == 20)
        #expect(model.arr.first?["key"] == .string("1"))
    }

    /// `JSONDecoder.SmartOption`'s date, data and float strategies are `DecodingOptions`'
    /// (`JSONDecoder`'s names), per call.
    struct FeedOne: CodableModel {
        var date = Date(timeIntervalSince1970: 0)
        var address = Data()
        var float: Double = 0
    }

    @Test func decodingOptionsAsSmartOptions() throws {
        var options = DecodingOptions()
        options.dateDecodingStrategy = .secondsSince1970
        options.dataDecodingStrategy = .base64
        options.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "infinity", negativeInfinity: "-infinity", nan: "NaN")
        let model = try #require(FeedOne.deserialize(from: #"{"date": 1733819400, "address": "aGk=", "float": "infinity"}"#, options: options))
        #expect(model.date == Self.moment && model.address == Data("hi".utf8) && model.float == .infinity)
    }

    /// `SmartDecodingKey.globalMap` (one call's map from JSON keys to property names, for every
    /// model) is a key strategy of a dozen lines, written with the public API.
    struct GlobalMap: KeyStrategy {
        let keys: [String: [String]]   // property name → the JSON keys read into it
        func decodingKeys(for propertyName: String) -> [String] { [propertyName] + (keys[propertyName] ?? []) }
        func encodingKey(for propertyName: String) -> String { propertyName }
    }

    struct FeedTwo: CodableModel { var nickName = ""; var two = Two() }
    struct Two: CodableModel { var nickName = ""; var three: [Three] = [] }
    struct Three: CodableModel { var nickName = "" }

    @Test func globalAndExactKeyMaps() throws {
        let json = #"{"nick_name": "Mccc1", "two": {"realName": "Mccc2", "three": [{"nickName": "Mccc3"}]}}"#
        let options = DecodingOptions(keyStrategies: [GlobalMap(keys: ["nickName": ["nick_name", "realName"]])])
        let feed = try #require(FeedTwo.deserialize(from: json, options: options))
        #expect(feed.nickName == "Mccc1" && feed.two.nickName == "Mccc2" && feed.two.three.first?.nickName == "Mccc3")
    }

    // MARK: numberConversionStrategy

    struct Numbers: CodableModel {
        var a = 0
        var b = 0
        var c: Int?
        var d: UInt8 = 9
    }

    /// `3.6` into an `Int`: `.strict` (the default) keeps the initial value, `.truncate` gives 3,
    /// `.rounded` 4; a value out of the type's range is not read either way. Recorded.
    @Test(arguments: [(NumberConversionStrategy.strict, [0, 0, -1]), (.truncate, [3, 3, -2]), (.rounded, [4, 4, -3])])
    func numberConversionStrategy(_ strategy: NumberConversionStrategy, _ expected: [Int]) throws {
        var options = DecodingOptions()
        options.numberConversionStrategy = strategy
        let (model, report) = try Numbers.decodeWithReport(from: #"{"a": 3.6, "b": "3.6", "c": -2.5, "d": 300.2}"#, options: options)
        #expect([model.a, model.b, model.c ?? -1] == expected)
        #expect(model.d == 9)
        #expect(report.issues.count == 4)
        // Strict mode reads what JSONDecoder reads: no rounding.
        options.mode = .strict
        #expect(throws: DecodingError.self) { try Numbers.decode(from: #"{"a": 3.6, "b": 1, "d": 1}"#, options: options) }
    }

    #if FullFoundation
    @Test func propertyLists() throws {
        let plist = try PropertyListSerialization.data(fromPropertyList: ["name": "p"], format: .xml, options: 0)
        #expect(Model.deserializePlist(from: plist) == Model(name: "p"))
        let list = try PropertyListSerialization.data(fromPropertyList: [["name": "a"], ["name": 2]], format: .binary, options: 0)
        #expect([Model].deserializePlist(from: list) == [Model(name: "a"), Model(name: "2")])
    }
    #endif
}

/// SmartCodable's own names, deprecated where CodableKit's mean the same (the fix-it renames
/// them): they compile and behave as CodableKit's.
@Suite struct SmartCodableSpellingTests {
    @available(*, deprecated)
    struct Screen: SmartCodable {
        var title = ""
        @SmartIgnored var cache: [String: Int] = [:]
        @SmartFlat var size = Size()
        @SmartDate var shown: Date?
        var kind = Kind.a
    }

    @available(*, deprecated)
    struct Size: SmartCodable { var width = 0 }

    @available(*, deprecated)
    enum Kind: String, SmartCaseDefaultable { case a, b }

    @available(*, deprecated)
    @Test func seedNamesDoWhatCodableKitsDo() throws {
        let screen = try #require(Screen.deserialize(from: #"{"title": "t", "cache": {"x": 1}, "width": 3, "shown": 1733819400000, "kind": "zz"}"#))
        #expect(screen.title == "t" && screen.cache.isEmpty && screen.size.width == 3 && screen.kind == .a)
        #expect(screen.toJSONString() == #"{"title":"t","width":3,"shown":1733819400000,"kind":"a"}"#)
        #expect(SmartDateTransformer().transformFromJSON(.string("2024-12-10 08:30:00")) == Date(timeIntervalSince1970: 1_733_819_400))
        let previous = SmartSentinel.debugMode
        SmartSentinel.debugMode = .alert
        #expect(DecodingLog.level == .alert)
        SmartSentinel.debugMode = previous
    }

    /// `SmartSentinel`'s `.alert` shows type mismatches, not missing keys or nulls.
    @Test func alertLevelShowsWhatTheServerGotWrong() throws {
        struct Probe: CodableModel { var a = 0; var b = ""; var c = 0 }
        let (_, report) = try Probe.decodeWithReport(from: #"{"a": "x", "b": null}"#)
        let alert = try #require(DecodingLog.text(for: report, at: .alert))
        #expect(alert.contains("a: expected Int") && !alert.contains("b:") && !alert.contains("c:"))
        #expect(DecodingLog.text(for: report, at: .verbose)?.contains("c:") == true)
        let (_, quiet) = try Probe.decodeWithReport(from: #"{"b": null}"#)
        #expect(DecodingLog.text(for: quiet, at: .alert) == nil)
    }
}
