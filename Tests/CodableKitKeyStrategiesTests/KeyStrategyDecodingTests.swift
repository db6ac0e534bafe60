import Foundation
import Testing
import CodableKitKeyStrategies

@Suite struct KeyStrategyDecodingTests {
    struct Account: DecodableModel, Equatable {
        var firstName = ""
        var userID = 0
        var homeURL = ""
    }

    /// Each convention, per call: the converted keys decode, and so do the property names.
    @Test(arguments: [
        (KeyStrategyBox(.snakeCase), #"{"first_name": "Ada", "user_id": 7, "home_url": "x"}"#),
        (KeyStrategyBox(.kebabCase), #"{"first-name": "Ada", "user-id": 7, "home-url": "x"}"#),
        (KeyStrategyBox(.pascalCase), #"{"FirstName": "Ada", "UserId": 7, "HomeUrl": "x"}"#),
        (KeyStrategyBox(.screamingSnakeCase), #"{"FIRST_NAME": "Ada", "USER_ID": 7, "HOME_URL": "x"}"#),
        (KeyStrategyBox(.screamingKebabCase), #"{"FIRST-NAME": "Ada", "USER-ID": 7, "HOME-URL": "x"}"#),
        (KeyStrategyBox(.camelSnakeCase), #"{"first_Name": "Ada", "user_Id": 7, "home_Url": "x"}"#),
        (KeyStrategyBox(.pascalSnakeCase), #"{"First_Name": "Ada", "User_Id": 7, "Home_Url": "x"}"#),
        (KeyStrategyBox(.flatCase), #"{"firstname": "Ada", "userid": 7, "homeurl": "x"}"#),
        (KeyStrategyBox(.upperCase), #"{"FIRSTNAME": "Ada", "USERID": 7, "HOMEURL": "x"}"#),
        (KeyStrategyBox(.firstLetterUpper), #"{"FirstName": "Ada", "UserID": 7, "HomeURL": "x"}"#),
        (KeyStrategyBox(.camelCase), #"{"firstName": "Ada", "userId": 7, "homeUrl": "x"}"#),
    ])
    func perCall(_ strategy: KeyStrategyBox, _ json: String) throws {
        let expected = Account(firstName: "Ada", userID: 7, homeURL: "x")
        let options = DecodingOptions(keyStrategies: [strategy.strategy])
        let (account, report) = try Account.decodeWithReport(from: json, options: options)
        #expect(account == expected)
        #expect(report.isClean)
        // The property's own name still decodes.
        #expect(try Account.decode(from: #"{"firstName": "Ada", "userID": 7, "homeURL": "x"}"#, options: options) == expected)
    }

    struct Rules: DecodableModel {
        var firstName = ""
        var lastName = ""
        var nickName = ""
        static func mappingForKey() -> [KeyMapping]? {
            [CodingKeys.firstName <--- .kebabCase, .model(.snakeCase), CodingKeys.nickName <--- ["nick", "profile.nick"]]
        }
    }

    @Test func perPropertyBeatsPerModelBeatsPerCall() throws {
        let options = DecodingOptions(keyStrategies: [.screamingSnakeCase])
        let json = #"""
        {"first-name": "kebab", "first_name": "snake", "FIRST_NAME": "screaming",
         "last_name": "snake", "LAST_NAME": "screaming", "profile": {"nick": "nested"}}
        """#
        let rules = try Rules.decode(from: json, options: options)
        #expect(rules.firstName == "kebab")
        #expect(rules.lastName == "snake")
        #expect(rules.nickName == "nested")
        #expect(try Rules.decode(from: #"{"LAST_NAME": "screaming"}"#, options: options).lastName == "screaming")
    }

    struct Student: DecodableModel {
        var name = ""
        var age = 0
        var city = ""
        static func mappingForKey() -> [KeyMapping]? {
            [CodingKeys.name <--- ["nick_name", "realName", "profile.name"], CodingKeys.age <--- "stu_age",
             CodingKeys.city <--- "location.city"]
        }
    }

    @Test func multiSourceKeys() throws {
        #expect(try Student.decode(from: #"{"realName": "B", "nick_name": "A"}"#).name == "A")
        #expect(try Student.decode(from: #"{"nick_name": null, "realName": "B"}"#).name == "B")
        #expect(try Student.decode(from: #"{"profile": {"name": "C"}}"#).name == "C")
        #expect(try Student.decode(from: #"{"profile.name": "literal"}"#).name == "literal")
        #expect(try Student.decode(from: #"{"name": "own"}"#).name == "own")
        #expect(try Student.decode(from: #"{"stu_age": "12", "location": {"city": "Hangzhou"}}"#).city == "Hangzhou")
        #expect(MultiSourceKey(["a.b", "c"]).encodingKey(for: "x") == "a.b")
        #expect(MultiSourceKey([]).encodingKey(for: "x") == "x")
    }

    @Test func manyObjectsDecodeAlikeThroughTheResolutionCache() throws {
        struct Row: Decodable, Equatable { var itemName: String; var itemCount: Int; var isActive: Bool? }
        let rows = (0 ..< 500).map { #"{"item_name": "n\#($0)", "item_count": \#($0), "is_active": true}"# }
        let mixed = rows + [#"{"item_count": 1, "item_name": "reordered"}"#]
        let decoded = try ModelDecoder(options: .init(keyStrategies: [.snakeCase]))
            .decode([Row].self, from: Data(("[" + mixed.joined(separator: ",") + "]").utf8))
        #expect(decoded.count == 501)
        #expect(decoded[499] == Row(itemName: "n499", itemCount: 499, isActive: true))
        #expect(decoded[500] == Row(itemName: "reordered", itemCount: 1, isActive: nil))
    }
}

/// A `KeyStrategy` as a test argument.
struct KeyStrategyBox: Sendable, CustomStringConvertible {
    let strategy: any KeyStrategy
    init(_ strategy: any KeyStrategy) { self.strategy = strategy }
    var description: String { "\(type(of: strategy))" }
}
