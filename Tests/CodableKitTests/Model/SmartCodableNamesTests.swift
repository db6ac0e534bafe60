import Foundation
import Testing
import CodableKit

/// SmartCodable's older names compile, deprecated and renamed, and do what the new ones do.
@Suite struct SmartCodableNamesTests {
    struct User: CodableModel, Equatable { var name = ""; var age = 0 }

    @available(*, deprecated)
    @Test func olderNamesDoWhatTheNewOnesDo() throws {
        #expect(User.deserialize(dict: ["name": "d", "age": "3"]) == User(name: "d", age: 3))
        #expect(User.deserialize(json: #"{"name": "j"}"#) == User(name: "j"))
        #expect(User.deserialize(json: #"{"data": {"name": "p"}}"#, designatedPath: "data") == User(name: "p"))
        #expect([User].deserialize(array: [["name": "a"], ["name": "b"]]) == [User(name: "a"), User(name: "b")])
        #expect(User(name: "x").toJSONString(prettyPrint: false) == User(name: "x").toJSONString(prettyPrinted: false))
        #expect(User(name: "x").toJSONString(prettyPrint: true) == User(name: "x").toJSONString(prettyPrinted: true))
    }
}

/// A decoder shared as a static, as Swift 6 code holds `JSONDecoder`s.
enum SharedCoders {
    static let decoder = ModelDecoder()
    static let encoder = ModelEncoder()
}
