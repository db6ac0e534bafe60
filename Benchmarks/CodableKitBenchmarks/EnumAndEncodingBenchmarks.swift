import CodableKit
import CodableKitEnumCoding
import Foundation

/// A matched enum: values, ranges and strings, through CodableKit's case table.
enum MatchedPhone: CaseMatchable {
    case iphone, xiaomi, oppo, pixel
    static var codingCases: [CodingCase<MatchedPhone>] {
        [CodingCase(.iphone, match: .string("iphone"), .int(10), .intRange(22 ... 30)),
         CodingCase(.xiaomi, match: .string("xiaomi"), .int(12), .doubleRange(50 ... 60)),
         CodingCase(.oppo, match: .string("oppo"), .bool(false)),
         CodingCase(.pixel, match: .string("pixel"), .stringRange("p" ... "q"))]
    }
}

/// 10,000 matched enums with CodableKit next to the same array of plain `String`
/// raw-value enums with `JSONDecoder` (the target is at most 2× its time).
func enumBenchmark(_ harness: Harness) -> String {
    var random = SeededGenerator(seed: 21)
    let names = ["iphone", "xiaomi", "oppo", "pixel"]
    let json = Data(("[" + (0 ..< 10_000).map { _ in "\"\(names[Int.random(in: 0 ..< 4, using: &random)])\"" }
        .joined(separator: ",") + "]").utf8)
    let times = harness.secondsPerCall([
        { _ = try! JSONDecoder().decode([PlainPhone].self, from: json) },
        { _ = try! ModelDecoder().decode([MatchedPhone].self, from: json) },
        { _ = try! ModelDecoder().decode([PlainPhone].self, from: json) },
    ])
    var table = Table(header: ["decode 10,000 enums", "size", "MB/s", "time vs JSONDecoder (raw-value enum)"])
    table.rows.append(["JSONDecoder, String raw-value enum", formatSize(json.count), megabytesPerSecond(json.count, times[0]), "1.00"])
    table.rows.append(["CodableKit, CaseMatchable enum", formatSize(json.count), megabytesPerSecond(json.count, times[1]),
                       formatRatio(times.ratio(1, to: 0))])
    table.rows.append(["CodableKit, String raw-value enum", formatSize(json.count), megabytesPerSecond(json.count, times[2]),
                       formatRatio(times.ratio(2, to: 0))])
    return table.render()
}

/// Encoding the same models with `JSONEncoder` and with CodableKit: plain models (their
/// `encode(to:)` runs; target at most 0.35 of `JSONEncoder`'s time) and the same models
/// declared `SynthesizedCodable` (written by encode plans; target at most 0.12).
func encodingBenchmark(_ harness: Harness) -> String {
    var table = Table(header: ["dataset", "output", "JSONEncoder MB/s", "CodableKit MB/s", "time ratio (CK / JSONEncoder)", "target", ""])
    func compare<T: Codable & DecodableModel & EncodableModel>(_ name: String, _: T.Type, _ bytes: [UInt8], target: Double) {
        let models = [T].deserialize(from: Data(bytes))!
        let size = try! JSONEncoder().encode(models).count
        let times = harness.secondsPerCall([
            { _ = try! JSONEncoder().encode(models) },
            { _ = try! ModelEncoder().encode(models) },
        ])
        table.rows.append([name, formatSize(size), megabytesPerSecond(size, times[0]), megabytesPerSecond(size, times[1]),
                           formatRatio(times.ratio(1, to: 0))] + verdict(times.ratio(1, to: 0), target))
    }
    for count in [100, 1_000, 10_000] {
        compare("airports ×\(count), plain", Airport.self, ModelDatasets.airports(count: count), target: 0.35)
        compare("airports ×\(count), declared", DeclaredAirport.self, ModelDatasets.airports(count: count), target: 0.12)
    }
    compare("area tree (3434 nodes), plain", Area.self, ModelDatasets.areaTree(), target: 0.35)
    compare("area tree (3434 nodes), declared", DeclaredArea.self, ModelDatasets.areaTree(), target: 0.12)
    compare("wide model ×2000, plain", Wide.self, ModelDatasets.wide(count: 2_000), target: 0.35)
    compare("wide model ×2000, declared", DeclaredWide.self, ModelDatasets.wide(count: 2_000), target: 0.12)
    return table.render()
}
