import Foundation
import Testing
import CodableKitKeyStrategies

/// Encoding writes each convention's key, and reading it back gives the same model.
@Suite struct KeyStrategyRoundTripTests {
    struct Account: CodableModel, Equatable {
        var firstName = ""
        var userID = 0
        var homeURLString = ""
        var isActive = false
    }

    static let conventions: [KeyStrategyBox] = [
        .init(.snakeCase), .init(.kebabCase), .init(.camelCase), .init(.pascalCase), .init(.screamingSnakeCase),
        .init(.screamingKebabCase), .init(.camelSnakeCase), .init(.pascalSnakeCase), .init(.flatCase), .init(.upperCase),
        .init(.firstLetterUpper), .init(.firstLetterLower),
    ]

    @Test(arguments: conventions)
    func perCallRoundTrip(_ box: KeyStrategyBox) throws {
        let account = Account(firstName: "Ada", userID: 7, homeURLString: "https://x", isActive: true)
        let dictionary = try #require(account.toDictionary(options: .init(keyStrategies: [box.strategy])))
        let expectedKeys = Set(["firstName", "userID", "homeURLString", "isActive"].map { box.strategy.encodingKey(for: $0) })
        #expect(Set(dictionary.keys) == expectedKeys)
        let json = try #require(account.toJSONString(options: .init(keyStrategies: [box.strategy])))
        #expect(try Account.decode(from: json, options: .init(keyStrategies: [box.strategy])) == account)
    }

    struct Profile: CodableModel, Equatable {
        var nickName = ""
        var cityName = ""
        var zipCode = ""
        static func mappingForKey() -> [KeyMapping]? {
            [CodingKeys.nickName <--- ["nick", "profile.nick"], CodingKeys.cityName <--- "address.city",
             CodingKeys.zipCode <--- "address.zip", .model(.snakeCase)]
        }
    }

    @Test func modelRulesWriteTheFirstCandidateAndNestDottedOnes() throws {
        let profile = Profile(nickName: "A", cityName: "Hangzhou", zipCode: "310000")
        let dictionary = try #require(profile.toDictionary())
        #expect(dictionary["nick"] as? String == "A")
        let address = try #require(dictionary["address"] as? [String: Any])
        #expect(address["city"] as? String == "Hangzhou")
        #expect(address["zip"] as? String == "310000")  // siblings under one "address" object
        #expect(try Profile.decode(from: #require(profile.toJSONString())) == profile)
    }
}
