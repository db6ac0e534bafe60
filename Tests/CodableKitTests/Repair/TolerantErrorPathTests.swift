import Foundation
import Testing
@testable import CodableKit

/// What tolerant mode cannot repair it throws with the coding path of the value that had no
/// fallback, as `JSONDecoder` names the value it stopped at: a server can tell its client
/// which field was wrong.
@Suite struct TolerantErrorPathTests {
    struct Event: Codable, Equatable { var name: String; var createdAt: Date }
    struct Feed: Codable, Equatable { var main: Event }
    struct Chain: Codable, Equatable { var feed: Feed }

    /// Hand-written, as a user writes one: no initial values, nothing to fall back on.
    struct Stamp: Decodable, Equatable {
        var at: Date
        enum CodingKeys: String, CodingKey { case at }
        init(from decoder: any Decoder) throws { at = try decoder.container(keyedBy: CodingKeys.self).decode(Date.self, forKey: .at) }
    }

    struct Stamped: Decodable, Equatable { var stamp: Stamp }

    static func path(_ error: any Error) -> String? {
        let context: DecodingError.Context
        switch error as? DecodingError {
        case let .typeMismatch(_, found)?, let .valueNotFound(_, found)?, let .dataCorrupted(found)?: context = found
        case let .keyNotFound(key, found)?: return (found.codingPath + [key]).map(\.stringValue).joined(separator: ".")
        default: return nil
        }
        return context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    /// Both decoders fail at one bad value: the same case at the same path.
    static func sameFailure<T: Decodable>(_ type: T.Type, _ json: String, path: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let data = Data(json.utf8)
        let ours = Result { try ModelDecoder().decode(T.self, from: data) }
        let foundation = Result { try JSONDecoder().decode(T.self, from: data) }
        guard case let .failure(error) = ours, case let .failure(expected) = foundation else {
            Issue.record("\(json): both should fail (\(ours), \(foundation))", sourceLocation: sourceLocation)
            return
        }
        #expect(Self.path(error) == path, "\(error)", sourceLocation: sourceLocation)
        #expect(DropInTests.describe(error) == DropInTests.describe(expected), sourceLocation: sourceLocation)
    }

    @Test func theValueWithoutAFallbackIsNamed() {
        Self.sameFailure(Event.self, #"{"name": "a", "createdAt": "x"}"#, path: "createdAt")
        Self.sameFailure(Feed.self, #"{"main": {"name": "a", "createdAt": "x"}}"#, path: "main.createdAt")
        Self.sameFailure(Chain.self, #"{"feed": {"main": {"name": "a"}}}"#, path: "feed.main.createdAt")
        Self.sameFailure(Stamped.self, #"{"stamp": {"at": "x"}}"#, path: "stamp.at")
        Self.sameFailure(Event.self, #"{"name": "a", "createdAt": null}"#, path: "createdAt")
    }

    /// A bad element is left out (a dictionary's too), and the first value nothing can replace is named.
    @Test func afterRepairsTheUnrepairableOneIsNamed() throws {
        struct Listing: Codable { var events: [Event]; var main: Event }
        let json = Data(#"{"events": [{"name": "a", "createdAt": "x"}], "main": {"name": "b", "createdAt": "y"}}"#.utf8)
        do {
            _ = try ModelDecoder().decode(Listing.self, from: json)
            Issue.record("decoded")
        } catch {
            #expect(Self.path(error) == "main.createdAt", "\(error)")
        }
    }

    /// A top-level model without its `@Required` property names the property.
    @Test func aRequiredPropertyIsNamed() {
        struct Item: CodableModel { @Required var id = 0; var name = "" }
        #expect(throws: DecodingError.self) { try Item.decode(from: #"{"name": "no id"}"#) }
        do {
            _ = try Item.decode(from: #"{"name": "no id"}"#)
        } catch {
            #expect(Self.path(error) == "id", "\(error)")
        }
    }
}
