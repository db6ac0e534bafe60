import CodableKit
import Foundation

/// Inputs an attacker who has read the source would send, each at n and at 4n, beside
/// `JSONDecoder`/`JSONEncoder` on the same bytes and types. What matters is the growth
/// column: the time at 4n over the time at n is about 4 for linear work and 16 for
/// quadratic. A row passes when CodableKit's growth stays under 6 (noise on a shared
/// machine moves it by one or so; a quadratic row reads 12 and more). The million-key row
/// passes when CodableKit takes no longer than `JSONEncoder` at 4n: there the table
/// outgrows the caches, and growth reads about 6 for both.
func hostileBenchmark(_ harness: Harness) -> String {
    var table = Table(header: ["hostile input", "n", "CodableKit at 4n", "growth ×4n", "Foundation at 4n", "growth ×4n", "ratio at 4n", "linear"])
    for shape in HostileShape.all {
        let small = shape.make(shape.n)
        let large = shape.make(4 * shape.n)
        let timings = harness.secondsPerCall([
            { small.codableKit() }, { large.codableKit() }, { small.foundation() }, { large.foundation() },
        ])
        let growth = timings.ratio(1, to: 0)
        let ratio = timings.ratio(1, to: 3)
        let passes = shape.withinFoundation ? ratio <= 1 : growth < 6
        table.rows.append([shape.name, String(shape.n), formatMilliseconds(timings[1]), formatRatio(growth),
                           formatMilliseconds(timings[3]), formatRatio(timings.ratio(3, to: 2)), formatRatio(ratio),
                           passes ? "PASS" : "FAIL"])
    }
    return table.render()
}

private func formatMilliseconds(_ seconds: Double) -> String {
    String(format: "%.2f ms", seconds * 1000)
}

/// One hostile input: its name, its n, and, for a size, the two decodes (or encodes) to time.
private struct HostileShape {
    let name: String
    let n: Int
    /// Passes on its time against Foundation's at 4n rather than on its growth.
    var withinFoundation = false
    let make: (Int) -> (codableKit: () -> Void, foundation: () -> Void)

    init(name: String, n: Int, withinFoundation: Bool = false, make: @escaping (Int) -> (codableKit: () -> Void, foundation: () -> Void)) {
        (self.name, self.n, self.withinFoundation, self.make) = (name, n, withinFoundation, make)
    }

    struct Profile: CodableModel {
        var name = ""
        var age = 0
    }

    struct DeclaredProfile: SynthesizedCodable {
        var name = ""
        var age = 0
    }

    struct Extras: CodableModel {
        var name = ""
        @Flat var extra: [String: Int] = [:]
    }

    struct Numbers: CodableModel {
        var values: [Int] = []
    }

    struct Text: CodableModel {
        var text = ""
    }

    struct Measure: CodableModel {
        var value = 0.0
    }

    /// Decodes `json` as `T` with CodableKit and with `JSONDecoder`.
    static func decoding<T: Decodable>(_: T.Type, _ json: String) -> (codableKit: () -> Void, foundation: () -> Void) {
        let data = Data(json.utf8)
        let decoder = ModelDecoder()
        let foundation = JSONDecoder()
        return ({ _ = try? decoder.decode(T.self, from: data) }, { _ = try? foundation.decode(T.self, from: data) })
    }

    /// Encodes `value` with CodableKit and with `JSONEncoder`.
    static func encoding<T: Encodable>(_ value: T) -> (codableKit: () -> Void, foundation: () -> Void) {
        let encoder = ModelEncoder()
        let foundation = JSONEncoder()
        return ({ _ = try? encoder.encode(value) }, { _ = try? foundation.encode(value) })
    }

    /// `{"<key>": 0, …, "name": "Ada", "age": 36}`.
    static func object(_ keys: [String]) -> String {
        "{" + keys.enumerated().map { "\"\($1)\":\($0)," }.joined() + #""name":"Ada","age":36}"#
    }

    static func randomKeys(_ count: Int) -> [String] {
        var generator = SeededGenerator(seed: UInt64(count))
        return (0 ..< count).map { _ in String(generator.next(), radix: 36) }
    }

    static var all: [HostileShape] { [
        HostileShape(name: "colliding keys → model", n: 12_500) { decoding(Profile.self, object(CollidingKeys.make($0))) },
        HostileShape(name: "colliding keys → declared model", n: 12_500) { decoding(DeclaredProfile.self, object(CollidingKeys.make($0))) },
        HostileShape(name: "colliding keys → [String: Int]", n: 12_500) { n in
            decoding([String: Int].self, "{" + CollidingKeys.make(n).enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}")
        },
        HostileShape(name: "colliding keys ← [String: Int] (encode)", n: 12_500) { n in
            encoding(Dictionary(uniqueKeysWithValues: CollidingKeys.make(n).enumerated().map { ($1, $0) }))
        },
        HostileShape(name: "random keys ← [String: Int] (encode)", n: 12_500) { n in
            encoding(Dictionary(uniqueKeysWithValues: randomKeys(n).enumerated().map { ($1, $0) }))
        },
        HostileShape(name: "a million random keys ← [String: Int]", n: 250_000, withinFoundation: true) { n in
            encoding(Dictionary(uniqueKeysWithValues: randomKeys(n).enumerated().map { ($1, $0) }))
        },
        HostileShape(name: "a @Flat [String: Int] (encode)", n: 12_500) { n in
            var model = Extras()
            model.extra = Dictionary(uniqueKeysWithValues: randomKeys(n).enumerated().map { ($1, $0) })
            return encoding(model)
        },
        HostileShape(name: "unknown keys → model", n: 25_000) { decoding(Profile.self, object(randomKeys($0))) },
        HostileShape(name: "one key repeated → model", n: 25_000) { decoding(Profile.self, object(Array(repeating: "name", count: $0))) },
        HostileShape(name: "\\u escapes → String", n: 25_000) { decoding(Text.self, #"{"text": ""# + String(repeating: #"\u00e9"#, count: $0) + #""}"#) },
        HostileShape(name: "digits → Double", n: 25_000) { decoding(Measure.self, #"{"value": 1."# + String(repeating: "7", count: $0) + "}") },
        HostileShape(name: "nulls in [Int]", n: 25_000) { decoding(Numbers.self, #"{"values": ["# + String(repeating: "null,", count: $0) + "1]}") },
        HostileShape(name: "strings in [Int]", n: 25_000) { decoding(Numbers.self, #"{"values": ["# + String(repeating: #""x","#, count: $0) + "1]}") },
        HostileShape(name: "JSON in a string → [Int]", n: 25_000) { n in
            decoding(Numbers.self, #"{"values": "["# + (0 ..< n).map(String.init).joined(separator: ",") + #"]"}"#)
        },
        HostileShape(name: "nesting → JSONValue (depth)", n: 100) { n in
            let json = String(repeating: "[", count: n) + String(repeating: "]", count: n)
            let data = Data(json.utf8)
            return ({ _ = try? JSONValue(parsing: data) }, { _ = try? JSONSerialization.jsonObject(with: data) })
        },
    ] }
}
