import CodableKit
import Foundation

/// Decoding the same bytes into the same model types with Foundation's
/// `JSONDecoder` and with CodableKit, in the same process. Targets: at most 0.30 of
/// `JSONDecoder`'s time; dirty data at most 1.3× CodableKit's own time on the clean data.
func decodingBenchmark(_ harness: Harness) -> String {
    var table = Table(header: ["dataset", "size", "JSONDecoder MB/s", "CodableKit MB/s", "time ratio (CK / JSONDecoder)", "target", ""])
    func row(_ name: String, _ size: Int, _ foundation: Double?, _ codableKit: Double, _ ratio: Double, target: Double = 0.30) {
        table.rows.append([name, formatSize(size), foundation.map { megabytesPerSecond(size, $0) } ?? "fails",
                           megabytesPerSecond(size, codableKit), foundation == nil ? "\(formatRatio(ratio))× own clean time" : formatRatio(ratio)]
                          + verdict(ratio, target))
    }
    // Each shape twice: plain (its `init(from:)` runs, as every model's does unless it says
    // otherwise) and declared `SynthesizedCodable` (decoded by a field plan once one is learned).
    func airports<A: Decodable & DecodableModel>(_: A.Type, _ label: String, count: Int) {
        // JSONDecoder fails on the dirty data, so those rows compare CodableKit with its
        // own clean time for the same number of airports (the dirty bytes are fewer:
        // fields are missing). `deserialize` makes no report when no one listens;
        // `decodeWithReport` records every repair. All four are timed interleaved.
        let clean = Data(ModelDatasets.airports(count: count))
        let dirty = Data(ModelDatasets.airports(count: count, dirty: true))
        let times = harness.secondsPerCall([
            { _ = try! JSONDecoder().decode([A].self, from: clean) },
            { _ = [A].deserialize(from: clean)! },
            { _ = [A].deserialize(from: dirty)! },
            { _ = try! [A].decodeWithReport(from: dirty) },
        ])
        row("airports ×\(count), \(label)", clean.count, times[0], times[1], times.ratio(1, to: 0))
        row("  dirty, \(label)", dirty.count, nil, times[2], times.ratio(2, to: 1), target: 1.30)
        row("  dirty with report, \(label)", dirty.count, nil, times[3], times.ratio(3, to: 1), target: 1.30)
    }
    for count in [100, 1_000, 10_000] {
        airports(Airport.self, "plain", count: count)
        airports(DeclaredAirport.self, "declared", count: count)
    }
    func compare<T: Decodable & DecodableModel>(_ name: String, _: T.Type, _ bytes: [UInt8]) {
        let data = Data(bytes)
        let times = harness.secondsPerCall([
            { _ = try! JSONDecoder().decode([T].self, from: data) },
            { _ = [T].deserialize(from: data)! },
        ])
        row(name, bytes.count, times[0], times[1], times.ratio(1, to: 0))
    }
    compare("area tree (3434 nodes), plain", Area.self, ModelDatasets.areaTree())
    compare("area tree (3434 nodes), declared", DeclaredArea.self, ModelDatasets.areaTree())
    compare("wide model ×2000, plain", Wide.self, ModelDatasets.wide(count: 2_000))
    compare("wide model ×2000, declared", DeclaredWide.self, ModelDatasets.wide(count: 2_000))
    func timeline<T: Decodable & DecodableModel>(_: T.Type, _ label: String) {
        let timeline = Data(ModelDatasets.timeline())
        let times = harness.secondsPerCall([
            { _ = try! JSONDecoder().decode(T.self, from: timeline) },
            { _ = T.deserialize(from: timeline)! },
        ])
        row("twitter-like timeline, \(label)", timeline.count, times[0], times[1], times.ratio(1, to: 0))
    }
    timeline(Timeline.self, "plain")
    timeline(DeclaredTimeline.self, "declared")
    return table.render()
}
