import CodableKit
import CodableKitKeyStrategies
import Foundation

/// The standard real-world payloads (shared/data/nativejson: twitter, citm_catalog, canada)
/// decoded into complete typed models (Scripts/generate-models.py: every field of the data),
/// the same structs for both decoders, checked equal to JSONDecoder's result before timing.
/// Each row says PASS or FAIL against the project's targets (time ratio against Foundation).
func realWorldBenchmark(_ harness: Harness) -> String {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/data/nativejson")
    func load(_ name: String) -> Data? { try? Data(contentsOf: folder.appendingPathComponent(name)) }
    guard let twitter = load("twitter.json"), let citm = load("citm_catalog.json"), let canada = load("canada.json") else {
        return "shared/data/nativejson not found beside the repository: skipped"
    }
    var table = Table(header: ["payload", "size", "decode CK / JSONDecoder", "target", "", "encode CK / JSONEncoder", "target", ""])
    func row<T: Codable & Equatable>(_ name: String, _: T.Type, _ data: Data, decoder: ModelDecoder = ModelDecoder(),
                                     foundation: JSONDecoder = JSONDecoder(), target: Double = 0.35) {
        let expected = try! foundation.decode(T.self, from: data)
        let (value, report) = try! decoder.decodeWithReport(T.self, from: data)
        precondition(value == expected && report.isClean, "\(name): CodableKit's value differs from JSONDecoder's: \(report)")
        let times = harness.secondsPerCall([
            { _ = try! foundation.decode(T.self, from: data) },
            { _ = try! decoder.decode(T.self, from: data) },
            { _ = try! JSONEncoder().encode(expected) },
            { _ = try! ModelEncoder().encode(expected) },
        ])
        let decode = times.ratio(1, to: 0)
        let encode = times.ratio(3, to: 2)
        table.rows.append([name, formatSize(data.count), formatRatio(decode)] + verdict(decode, target)
                          + [formatRatio(encode)] + verdict(encode, 0.35))
    }
    // Each payload twice: plain models (their `init(from:)` runs) and the same models declared
    // `SynthesizedCodable` (decoded by field plans): `DeclaredModels.swift`.
    row("twitter.json, plain", Tweets.self, twitter)
    row("twitter.json, declared", DeclaredTweets.self, twitter)
    let snake = ModelDecoder(options: .init(keyStrategies: [.snakeCase]))
    let foundationSnake = JSONDecoder()
    foundationSnake.keyDecodingStrategy = .convertFromSnakeCase
    row("twitter.json, .snakeCase, plain", SnakeTweets.self, twitter, decoder: snake, foundation: foundationSnake)
    row("twitter.json, .snakeCase, declared", DeclaredSnakeTweets.self, twitter, decoder: snake, foundation: foundationSnake)
    row("citm_catalog.json, plain", Citm.self, citm)
    row("citm_catalog.json, declared", DeclaredCitm.self, citm)
    // canada's target is serde_json's: 0.7x its typed speed (Vec<Vec<Vec<f64>>>), measured
    // beside this benchmark (../shared/anchors), corresponds to 0.08 of JSONDecoder's time.
    row("canada.json, plain", Canada.self, canada, target: 0.08)
    row("canada.json, declared", DeclaredCanada.self, canada, target: 0.08)
    return table.render()
}
