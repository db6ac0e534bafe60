import CodableKit

// The same types serve both decoders: `Codable` for JSONDecoder (its synthesized
// init(from:) is the one CodableKit runs too) and `DecodableModel` for CodableKit.

struct Airport: Codable, CodableModel {
    var name = ""
    var iata = ""
    var icao = ""
    var coordinates: [Double] = []
    var runways: [Runway] = []
}

struct Runway: Codable, CodableModel {
    var direction = ""
    var distance = 0
    var surface = ""
}

struct Area: Codable, CodableModel {
    var code = ""
    var name = ""
    var children: [Area] = []
}

/// 40 properties of mixed types.
struct Wide: Codable, CodableModel {
    var i0 = 0, i1 = 0, i2 = 0, i3 = 0, i4 = 0, i5 = 0, i6 = 0, i7 = 0, i8 = 0, i9 = 0
    var s0 = "", s1 = "", s2 = "", s3 = "", s4 = "", s5 = "", s6 = "", s7 = "", s8 = "", s9 = ""
    var d0 = 0.0, d1 = 0.0, d2 = 0.0, d3 = 0.0, d4 = 0.0, d5 = 0.0, d6 = 0.0, d7 = 0.0, d8 = 0.0, d9 = 0.0
    var b0 = false, b1 = false, b2 = false, b3 = false, b4 = false
    var o0: String?, o1: String?, o2: String?, o3: String?, o4: String?
}

/// Airports with multi-word property names, for the key-strategy benchmark.
struct NamedAirport: Codable, CodableModel {
    var airportName = ""
    var iataCode = ""
    var icaoCode = ""
    var geoCoordinates: [Double] = []
    var runwayList: [NamedRunway] = []
}

struct NamedRunway: Codable, CodableModel {
    var runwayDirection = ""
    var lengthFeet = 0
    var surfaceType = ""
}

/// The same airports with snake_case coding keys written out: decodes snake_case
/// JSON with no strategy, to tell the strategy's cost from the longer keys'.
struct SnakeKeyedAirport: Codable, DecodableModel {
    var airportName = ""
    var iataCode = ""
    var icaoCode = ""
    var geoCoordinates: [Double] = []
    var runwayList: [SnakeKeyedRunway] = []
    enum CodingKeys: String, CodingKey {
        case airportName = "airport_name", iataCode = "iata_code", icaoCode = "icao_code"
        case geoCoordinates = "geo_coordinates", runwayList = "runway_list"
    }
}

struct SnakeKeyedRunway: Codable, DecodableModel {
    var runwayDirection = ""
    var lengthFeet = 0
    var surfaceType = ""
    enum CodingKeys: String, CodingKey {
        case runwayDirection = "runway_direction", lengthFeet = "length_feet", surfaceType = "surface_type"
    }
}

/// A plain raw-value enum, for JSONDecoder.
enum PlainPhone: String, Codable {
    case iphone, xiaomi, oppo, pixel
}

/// A twitter-like search response: nested users and entities, long strings.
struct Timeline: Codable, CodableModel {
    var statuses: [Status] = []
    var searchMetadata = SearchMetadata()
    enum CodingKeys: String, CodingKey { case statuses, searchMetadata = "search_metadata" }
}

struct Status: Codable, CodableModel {
    var id: UInt64 = 0
    var idStr = ""
    var text = ""
    var createdAt = ""
    var user = TwitterUser()
    var entities = Entities()
    var retweetCount = 0
    var favoriteCount = 0
    var favorited = false
    var lang = ""
    var inReplyToStatusId: UInt64?
    enum CodingKeys: String, CodingKey {
        case id, idStr = "id_str", text, createdAt = "created_at", user, entities, retweetCount = "retweet_count"
        case favoriteCount = "favorite_count", favorited, lang, inReplyToStatusId = "in_reply_to_status_id"
    }
}

struct TwitterUser: Codable, CodableModel {
    var id: UInt64 = 0
    var name = ""
    var screenName = ""
    var location = ""
    var description = ""
    var followersCount = 0
    var verified = false
    var profileImageUrl = ""
    enum CodingKeys: String, CodingKey {
        case id, name, screenName = "screen_name", location, description, followersCount = "followers_count"
        case verified, profileImageUrl = "profile_image_url"
    }
}

struct Entities: Codable, CodableModel {
    var hashtags: [Hashtag] = []
    var urls: [LinkEntity] = []
}

struct Hashtag: Codable, CodableModel {
    var text = ""
    var indices: [Int] = []
}

struct LinkEntity: Codable, CodableModel {
    var url = ""
    var expandedUrl = ""
    var indices: [Int] = []
    enum CodingKeys: String, CodingKey { case url, expandedUrl = "expanded_url", indices }
}

struct SearchMetadata: Codable, CodableModel {
    var count = 0
    var query = ""
    var maxId: UInt64 = 0
    enum CodingKeys: String, CodingKey { case count, query, maxId = "max_id" }
}
