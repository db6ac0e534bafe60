import Foundation

/// Generated payloads for the model benchmarks (seeded; no downloads).
enum ModelDatasets {
    /// Airports; `dirty` puts about 10% of fields in the wrong type, missing or null.
    static func airports(count: Int, dirty: Bool = false) -> [UInt8] {
        var random = SeededGenerator(seed: dirty ? 11 : 10)
        func field(_ key: String, _ value: String) -> String? {
            guard dirty, Int.random(in: 0 ..< 10, using: &random) == 0 else { return #""\#(key)":\#(value)"# }
            switch Int.random(in: 0 ..< 3, using: &random) {
            case 0: return nil                                  // missing
            case 1: return #""\#(key)":null"#                   // null
            default:  // the wrong type: a string becomes an object, an array a string, a number a numeric string
                let wrong = value.hasPrefix("\"") ? "{}" : value.hasPrefix("[") ? #""n/a""# : #""\#(value)""#
                return #""\#(key)":\#(wrong)"#
            }
        }
        var objects: [String] = []
        for index in 0 ..< count {
            let name = Datasets.word(&random).capitalized + " " + ["International", "Regional", "Airfield"][index % 3]
            let code = String((0 ..< 3).map { _ in Character(Unicode.Scalar(UInt8.random(in: 65 ... 90, using: &random))) })
            let latitude = String(format: "%.6f", Double.random(in: -90 ... 90, using: &random))
            let longitude = String(format: "%.6f", Double.random(in: -180 ... 180, using: &random))
            var runways: [String] = []
            for _ in 0 ..< Int.random(in: 1 ... 4, using: &random) {
                let heading = Int.random(in: 1 ... 36, using: &random)
                let runway = [field("direction", #""\#(heading)/\#((heading + 17) % 36 + 1)""#),
                              field("distance", String(Int.random(in: 800 ... 4500, using: &random))),
                              field("surface", ["\"asphalt\"", "\"concrete\"", "\"grass\""][Int.random(in: 0 ..< 3, using: &random)])]
                runways.append("{" + joinFields(runway) + "}")
            }
            let fields = [field("name", #""\#(name)""#), field("iata", #""\#(code)""#), field("icao", #""K\#(code)""#),
                          field("coordinates", "[\(longitude),\(latitude)]"), field("runways", "[" + runways.joined(separator: ",") + "]")]
            objects.append("{" + joinFields(fields) + "}")
        }
        return Array(("[" + objects.joined(separator: ",") + "]").utf8)
    }

    private static func joinFields(_ fields: [String?]) -> String {
        fields.compactMap { $0 }.joined(separator: ",")
    }

    /// The airports with multi-word keys, in camelCase or snake_case.
    static func namedAirports(count: Int, snakeCase: Bool) -> [UInt8] {
        var text = String(decoding: airports(count: count), as: UTF8.self)
        let renames = [("name", "airportName", "airport_name"), ("iata", "iataCode", "iata_code"), ("icao", "icaoCode", "icao_code"),
                       ("coordinates", "geoCoordinates", "geo_coordinates"), ("runways", "runwayList", "runway_list"),
                       ("direction", "runwayDirection", "runway_direction"), ("distance", "lengthFeet", "length_feet"),
                       ("surface", "surfaceType", "surface_type")]
        for (plain, camel, snake) in renames {
            text = text.replacingOccurrences(of: "\"\(plain)\":", with: "\"\(snakeCase ? snake : camel)\":")
        }
        return Array(text.utf8)
    }

    /// A twitter-like search response of about 600 KB: nested users and entities,
    /// long strings with escapes, non-ASCII text and emoji, 64-bit ids, nulls.
    static func timeline(statuses count: Int = 640) -> [UInt8] {
        var random = SeededGenerator(seed: 13)
        let phrases = ["Hello world", "caf\\u00e9 con leche", "東京タワー 🗼", "\\\"quoted\\\" text", "line\\nbreak",
                       "Zürich → München", "a/b\\/c", "emoji 😀🎉", "tab\\there", "plain words and more plain words"]
        func sentence(_ words: Int) -> String {
            (0 ..< words).map { _ in phrases[Int.random(in: 0 ..< phrases.count, using: &random)] }.joined(separator: " ")
        }
        var statuses: [String] = []
        for index in 0 ..< count {
            let id = UInt64(1_300_000_000_000_000_000) + UInt64(index) * 7_919
            let user = #"{"id":\#(UInt64.random(in: 1 ... 4_000_000_000, using: &random)),"name":"\#(Datasets.word(&random).capitalized) \#(Datasets.word(&random).capitalized)","screen_name":"\#(Datasets.word(&random))","location":"\#(sentence(1))","description":"\#(sentence(6))","followers_count":\#(Int.random(in: 0 ... 2_000_000, using: &random)),"verified":\#(Bool.random(using: &random)),"profile_image_url":"https://pbs.example.com/profile/\#(index).jpg"}"#
            let hashtags = (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in
                #"{"text":"\#(Datasets.word(&random))","indices":[\#(Int.random(in: 0 ... 100, using: &random)),\#(Int.random(in: 100 ... 140, using: &random))]}"#
            }
            let urls = (0 ..< Int.random(in: 0 ... 2, using: &random)).map { _ in
                #"{"url":"https://t.co/\#(Datasets.word(&random))","expanded_url":"https://example.com/\#(Datasets.word(&random))/\#(index)","indices":[10,33]}"#
            }
            let reply = Bool.random(using: &random) ? String(id - 1) : "null"
            statuses.append(#"{"id":\#(id),"id_str":"\#(id)","text":"\#(sentence(12))","created_at":"Sat Nov 21 09:\#(10 + index % 50):00 +0000 2026","user":\#(user),"entities":{"hashtags":[\#(hashtags.joined(separator: ","))],"urls":[\#(urls.joined(separator: ","))]},"retweet_count":\#(Int.random(in: 0 ... 5_000, using: &random)),"favorite_count":\#(Int.random(in: 0 ... 5_000, using: &random)),"favorited":false,"lang":"en","in_reply_to_status_id":\#(reply),"place":null}"#)
        }
        let json = #"{"statuses":[\#(statuses.joined(separator: ","))],"search_metadata":{"count":\#(count),"query":"swift","max_id":18446744073709551615}}"#
        return Array(json.utf8)
    }

    /// A province/city/district tree of `{code, name, children}`.
    static func areaTree() -> [UInt8] {
        Datasets.tree(provinces: 34, cities: 10, districts: 9).bytes
    }

    /// Objects with 40 properties of mixed types.
    static func wide(count: Int) -> [UInt8] {
        var random = SeededGenerator(seed: 12)
        var objects: [String] = []
        for _ in 0 ..< count {
            var fields: [String] = []
            for i in 0 ..< 10 { fields.append(#""i\#(i)":\#(Int.random(in: -100_000 ... 100_000, using: &random))"#) }
            for i in 0 ..< 10 { fields.append(#""s\#(i)":"\#(Datasets.word(&random))""#) }
            for i in 0 ..< 10 { fields.append(#""d\#(i)":\#(String(format: "%.4f", Double.random(in: -1000 ... 1000, using: &random)))"#) }
            for i in 0 ..< 5 { fields.append(#""b\#(i)":\#(Bool.random(using: &random))"#) }
            for i in 0 ..< 5 where Bool.random(using: &random) { fields.append(#""o\#(i)":"\#(Datasets.word(&random))""#) }
            objects.append("{" + fields.joined(separator: ",") + "}")
        }
        return Array(("[" + objects.joined(separator: ",") + "]").utf8)
    }
}
