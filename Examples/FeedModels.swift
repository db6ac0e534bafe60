import CodableKitEnumCoding
import CodableKitKeyStrategies
import CodableKitTransformers
import Foundation

/// The tour's models: plain structs with initial values, as an app would write them.
struct Feed: CodableModel {
    var status = ""
    var generatedAt: Date?
    var users: [User] = []
    var posts: [Post] = []

    static func mappingForKey() -> [KeyMapping]? { [.model(.snakeCase)] }
    static func mappingForValue() -> [ValueMapping]? { [CodingKeys.generatedAt <--- DateTransformer(.iso8601)] }
}

struct User: CodableModel {
    var id = 0
    var name = "anonymous"
    var age = 0
    var vip = false
    var avatar: URL?
    var joined: Date?
    var tint: HexColor?
    var tags: [String] = []

    static func mappingForKey() -> [KeyMapping]? {
        [CodingKeys.name <--- ["user_name", "nick_name"]]   // the server renamed the field
    }

    static func mappingForValue() -> [ValueMapping]? {
        [CodingKeys.avatar <--- URLTransformer(prefix: "https://"),
         CodingKeys.joined <--- DateTransformer(.custom(from: Self.anyDate, to: { .string(ISO8601Text.format($0)) })),
         CodingKeys.tint <--- HexColorTransformer()]
    }

    /// Dates in three formats: ISO 8601, seconds since 1970, and day/month/year.
    @Sendable static func anyDate(_ value: JSONValue) -> Date? {
        DateTransformer(.iso8601).transformFromJSON(value)
            ?? DateTransformer(.secondsSince1970).transformFromJSON(value)
            ?? DateTransformer(.formatted(dayMonthYear)).transformFromJSON(value)
    }

    static let dayMonthYear: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy"
        return formatter
    }()
}

struct Post: CodableModel {
    var id = 0
    var author = 0
    var title = "(untitled)"
    var likes = 0
    var price: Cents?
    var media: Media?
}

/// What a post shows: matched by the `type` field, with associated values beside it.
enum Media: CaseMatchable {
    case image(url: String)
    case vimeo(id: String, minutes: Int)

    static var codingCases: [CodingCase<Media>] {
        [
            CodingCase(match: .pathValue("type.image"), values: [.label("url")],
                       make: { .image(url: try $0.value("url")) },
                       extract: { if case let .image(url) = $0 { return ["url": url] }; return nil }),
            CodingCase(match: .pathValue("type.vimeo"), values: [.label("id", keys: "ID"), .label("minutes")],
                       make: { .vimeo(id: try $0.value("id"), minutes: (try? $0.value("minutes")) ?? 0) },
                       extract: { if case let .vimeo(id, minutes) = $0 { return ["id": id, "minutes": minutes] }; return nil }),
        ]
    }
}

/// ISO 8601 text for the custom date transformer's way back.
enum ISO8601Text {
    static func format(_ date: Date) -> String {
        if case let .string(text)? = DateTransformer(.iso8601).transformToJSON(date) { return text }
        return ""
    }
}
