import CodableKitEnumCoding
import CodableKitKeyStrategies
import CodableKitTransformers
import Foundation

/// Where a section writes: collected, so that the terminal and the tests see the same text.
struct ExamplePrinter {
    private(set) var text = ""

    mutating func line(_ line: String = "") {
        text += line + "\n"
    }
}

/// One runnable section of the tour.
struct Example: Sendable {
    var name: String
    var summary: String
    var run: @Sendable (inout ExamplePrinter) async throws -> Void
}

let tour: [Example] = [
    Example(name: "reader", summary: "Read the raw payload: what the server really sent", run: readerSection),
    Example(name: "decoding", summary: "Decode it into models: every messy field repaired", run: decodingSection),
    Example(name: "report", summary: "The report: every repair, with its path and model", run: reportSection),
    Example(name: "encoding", summary: "Encode the models back through the same mappings", run: encodingSection),
    Example(name: "plugin", summary: "A plugin of your own: prices as cents", run: pluginSection),
    Example(name: "subclass", summary: "Class hierarchies: the properties a subclass adds", run: subclassSection),
    Example(name: "observable", summary: "@Observable classes, by their declared names", run: observableSection),
    Example(name: "streams", summary: "Streams: JSON Lines, big arrays, replies still arriving", run: streamsSection),
]

/// The bundled payload: a feed with the usual mess.
func loadFeed() throws -> Data {
    guard let url = Bundle.module.url(forResource: "feed", withExtension: "json", subdirectory: "Resources") else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Resources/feed.json"])
    }
    return try Data(contentsOf: url)
}

/// Decoding options for the feed: prices go through the tour's own plugin.
let feedOptions = DecodingOptions(transformers: [CentsTransformer()])

func readerSection(_ out: inout ExamplePrinter) throws {
    let feed = try JSONValue(parsing: loadFeed())
    guard case let .array(users)? = feed["users"] else { return }
    out.line("The reader keeps the JSON exactly as sent; look at the types:")
    for (index, user) in users.enumerated() {
        let fields = ["id", "user_name", "age", "vip"].map { "\($0)=\(user[$0].map(describe) ?? "missing")" }
        out.line("  users.\(index): \(fields.joined(separator: ", "))")
    }
    out.line("  posts.1.media.ID = \(feed["posts.1.media.ID"].map(describe) ?? "missing")")
    out.line()
    out.line("A malformed document names what was expected, what was found, and where:")
    do {
        _ = try JSONValue(parsing: "{\n  \"name\": \"Ada\"\n  \"age\": 36\n}")
    } catch {
        out.line("  \(error)")
    }
}

func decodingSection(_ out: inout ExamplePrinter) throws {
    let feed = try Feed.decode(from: loadFeed(), options: feedOptions)
    out.line("Feed: status \(feed.status), generated \(feed.generatedAt.map(ISO8601Text.format) ?? "?")")
    for user in feed.users {
        out.line("  User \(user.id) \(user.name), age \(user.age), vip \(user.vip)")
        out.line("    avatar \(user.avatar?.absoluteString ?? "none"), joined \(user.joined.map(ISO8601Text.format) ?? "unknown")")
        out.line("    tint \(user.tint?.hex ?? "none"), tags \(user.tags)")
    }
    for post in feed.posts {
        let media = post.media.map { "\($0)" } ?? "none"
        out.line("  Post \(post.id) by \(post.author): \"\(post.title)\", \(post.likes) likes, price \(post.price.map(\.description) ?? "free"), media \(media)")
    }
}

func reportSection(_ out: inout ExamplePrinter) throws {
    let (_, report) = try Feed.decodeWithReport(from: loadFeed(), options: feedOptions)
    out.line("Nothing was lost silently. Every repair, grouped by model:")
    out.line(report.description)
}

func encodingSection(_ out: inout ExamplePrinter) throws {
    let feed = try Feed.decode(from: loadFeed(), options: feedOptions)
    let options = EncodingOptions(transformers: [CentsTransformer()], sortedKeys: true)
    let sample = Feed(status: feed.status, generatedAt: feed.generatedAt, users: Array(feed.users.prefix(1)), posts: Array(feed.posts.prefix(2)))
    out.line("The first user and two posts, written back with the same keys and transformers:")
    out.line(sample.toJSONString(prettyPrinted: true, options: options) ?? "(encoding failed)")
}

func pluginSection(_ out: inout ExamplePrinter) throws {
    out.line("CentsTransformer (Examples/CentsPlugin.swift) is written against the public API alone.")
    for json in ["4.99", "\"4.99\"", "5", "\"five\""] {
        let value = try JSONValue(parsing: json)
        out.line("  \(json) → \(CentsTransformer().transformFromJSON(value).map(\.description) ?? "nil (recorded as transformFailed)")")
    }
    out.line("Use it per property, per call, or app-wide:")
    out.line("  CodingKeys.price <--- CentsTransformer()")
    out.line("  DecodingOptions(transformers: [CentsTransformer()])")
    out.line("  GlobalTransformers.register(CentsTransformer())")
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
