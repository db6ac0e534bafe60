import CodableKit
import Foundation

/// Loads a payload bundled with the examples.
func loadPayload(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: name, withExtension: "json", subdirectory: "Resources") else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/\(name).json"])
    }
    return try Data(contentsOf: url)
}

/// The reader on its own: parse bytes into a `JSONValue`, walk it by path,
/// and see what a malformed document's error tells you.
func readerExample() throws {
    let feed = try JSONValue(parsing: loadPayload("feed"))

    guard case let .array(users)? = feed["users"], case let .array(posts)? = feed["posts"] else {
        print("the payload has no users or posts")
        return
    }
    print("status: \(feed["status"].map(describe) ?? "missing"), \(users.count) users, \(posts.count) posts")
    for (index, user) in users.enumerated() {
        let fields = ["id", "name", "age", "vip"].map { "\($0)=\(user[$0].map(describe) ?? "missing")" }
        print("  users.\(index): \(fields.joined(separator: ", "))")
    }
    print("  posts.1.media.ID = \(feed["posts.1.media.ID"].map(describe) ?? "missing")")
    print("  note the mess: ids and ages as strings, a null age, vip as 1, \"yes\" and false.")
    print("  The decoder turns all of that into typed models; the reader keeps it exactly as sent.")

    print("\nA malformed document names what was expected, what was found, and where:")
    do {
        _ = try JSONValue(parsing: "{\n  \"name\": \"Ada\",\n  \"age\": 36,\n}")
    } catch {
        print("  \(error)")
    }
}

/// A short, type-revealing rendering of a value.
func describe(_ value: JSONValue) -> String {
    switch value {
    case .null: "null"
    case let .bool(flag): "\(flag) (bool)"
    case let .int(number): "\(number) (int)"
    case let .double(number): "\(number) (double)"
    case let .string(text): "\"\(text)\" (string)"
    case let .array(elements): "[\(elements.count) elements]"
    case let .object(members): "{\(members.count) members}"
    }
}
