import Foundation
import Testing
import CodableKit

@Suite struct EntryPointTests {
    struct User: DecodableModel, Equatable {
        var name = ""
        var age = 0
        var address = Address()
        var nickname: String? = "none"
    }

    struct Address: DecodableModel, Equatable {
        var city = ""
        var street = ""
    }

    let json = #"{"name": "Ada", "age": 36, "address": {"city": "London", "street": "St James's Square"}}"#
    var expected: User { User(name: "Ada", age: 36, address: Address(city: "London", street: "St James's Square")) }

    @Test func everyInputKindDecodesTheSame() throws {
        let data = Data(json.utf8)
        let dictionary = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(User.deserialize(from: json) == expected)
        #expect(User.deserialize(from: data) == expected)
        #expect(User.deserialize(from: dictionary) == expected)
        #expect(try User.decode(from: json) == expected)
        #expect(try User.decode(from: data) == expected)
        #expect(try User.decode(from: dictionary) == expected)
        #expect(User.deserialize(from: nil as String?) == nil)
        #expect(User.deserialize(from: nil as Data?) == nil)
    }

    @Test func propertyLists() throws {
        let plist = try PropertyListSerialization.data(
            fromPropertyList: ["name": "Ada", "age": 36, "address": ["city": "London"]], format: .xml, options: 0)
        let user = try #require(User.deserializePlist(from: plist))
        #expect(user.name == "Ada")
        #expect(user.address.city == "London")
        #expect(User.deserializePlist(from: Data("not a plist".utf8)) == nil)
    }

    @Test func malformedInputIsNilOrAnErrorWithItsPosition() throws {
        #expect(User.deserialize(from: #"{"name": "x",,}"#) == nil)
        let error = #expect(throws: DecodingError.self) { try User.decode(from: Data(#"{"name": "x""#.utf8)) }
        guard case let .dataCorrupted(context) = error else { Issue.record("expected dataCorrupted"); return }
        let readError = try #require(context.underlyingError as? JSONReadError)
        #expect(readError.offset == 12)
        #expect(readError.line == 1)
        #expect(readError.column == 13)
    }

    /// A root of the wrong kind is not a field to repair (issue 57): in tolerant mode too,
    /// `decode` throws `JSONDecoder`'s error case at the root and `deserialize` gives nil —
    /// an empty model would be taken for the payload's (a server would store an empty record).
    @Test func aRootOfTheWrongKindIsAnErrorInBothModes() throws {
        func expectRootError<T: Decodable>(_: T.Type, _ json: String, _ foundation: DecodingError?, sourceLocation: SourceLocation = #_sourceLocation) {
            for mode in [DecodingOptions.Mode.tolerant, .strict] {
                let error = #expect(throws: DecodingError.self, sourceLocation: sourceLocation) {
                    try ModelDecoder(options: .init(mode: mode)).decode(T.self, from: Data(json.utf8))
                }
                #expect(error.map(Self.caseAndPath) == foundation.map(Self.caseAndPath), "\(mode)", sourceLocation: sourceLocation)
            }
        }
        func foundation<T: Decodable>(_: T.Type, _ json: String) -> DecodingError? {
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(T.self, from: Data(json.utf8)) }
        }
        expectRootError(User.self, "[1, 2]", foundation(User.self, "[1, 2]"))
        expectRootError(User.self, "42", foundation(User.self, "42"))
        expectRootError([User].self, #"{"name": "Ada"}"#, foundation([User].self, #"{"name": "Ada"}"#))
        expectRootError([Int].self, #""text""#, foundation([Int].self, #""text""#))
        #expect(throws: DecodingError.self) { try User.decode(from: "[1, 2]") }
        #expect(throws: DecodingError.self) { try [User].decode(from: #"{"name": "Ada"}"#) }
        #expect(User.deserialize(from: "[1, 2]") == nil)
        #expect([User].deserialize(from: #"{"name": "Ada"}"#) == nil)
        // Below the root a value of the wrong kind is still repaired.
        let (users, report) = try [User].decodeWithReport(from: #"[{"name": "Ada"}, [1], {"name": "Grace"}]"#)
        #expect(users.map(\.name) == ["Ada", "Grace"])
        #expect(report.issues.contains { $0.path == "[1]" })
    }

    static func caseAndPath(_ error: DecodingError) -> String {
        switch error {
        case let .typeMismatch(_, context): "typeMismatch at \(context.codingPath.map(\.stringValue))"
        case let .valueNotFound(_, context): "valueNotFound at \(context.codingPath.map(\.stringValue))"
        case let .keyNotFound(key, context): "keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue))"
        case let .dataCorrupted(context): "dataCorrupted at \(context.codingPath.map(\.stringValue))"
        @unknown default: "\(error)"
        }
    }

    @Test func updateMergesAPartialPayload() throws {
        var user = expected
        user.update(from: Data(#"{"age": 37, "address": {"city": "Paris"}, "nickname": null}"#.utf8))
        #expect(user.name == "Ada")
        #expect(user.age == 37)
        #expect(user.address == Address(city: "Paris", street: "St James's Square"))
        #expect(user.nickname == nil)
        let before = user
        user.update(from: #"{"age": }"#)
        #expect(user == before)
        user.update(from: ["name": "Grace"])
        #expect(user.name == "Grace")
        #expect(user.age == 37)
    }

    @Test func updateWithABadValueKeepsTheCurrentValue() throws {
        var user = expected
        user.update(from: #"{"age": "old"}"#)
        #expect(user.age == 36)
    }

    @Test func modelDecoderHandlesAnyDecodable() throws {
        struct Plain: Decodable, Equatable { var id: Int; var tags: [String] }
        let decoder = ModelDecoder()
        #expect(try decoder.decode(Plain.self, from: Data(#"{"id": "5", "tags": ["a", 1]}"#.utf8)) == Plain(id: 5, tags: ["a", "1"]))
        #expect(try decoder.decode([Int].self, from: Data(#"[1, "2", "x"]"#.utf8)) == [1, 2])
        #expect(try decoder.decode(String.self, from: Data("42".utf8)) == "42")
        #expect(try decoder.decode(Date.self, from: Data("12.5".utf8)) == Date(timeIntervalSinceReferenceDate: 12.5))
        #expect(try decoder.decode(URL.self, from: Data(#"" https://example.com/a ""#.utf8)) == URL(string: "https://example.com/a"))
    }

    @Test func arraysOfModelsFromEveryInputKind() throws {
        let text = #"[{"name": "a"}, {"name": "b"}]"#
        #expect([User].deserialize(from: text)?.map(\.name) == ["a", "b"])
        #expect([User].deserialize(from: Data(text.utf8))?.map(\.name) == ["a", "b"])
        #expect([User].deserialize(from: [["name": "a"], ["name": "b"]])?.map(\.name) == ["a", "b"])
        #expect([User].deserialize(from: #"{"list": \#(text)}"#, designatedPath: "list")?.count == 2)
    }

    @Test func enumsWithUnknownRawValuesFallBack() throws {
        enum Role: String, Codable { case admin, member }
        struct Account: DecodableModel { var role = Role.member; var roles: [Role] = [] }
        let (account, report) = try Account.decodeWithReport(from: #"{"role": "owner", "roles": ["admin", "owner", "member"]}"#)
        #expect(account.role == .member)
        #expect(account.roles == [.admin, .member])
        #expect(report.issues.first?.kind == .typeMismatch(expected: "Role", found: #"a string "owner""#))
    }
}
