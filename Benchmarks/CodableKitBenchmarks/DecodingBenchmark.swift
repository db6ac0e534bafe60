import CodableKit
import Foundation

/// Decoding the same bytes into the same model types with Foundation's
/// `JSONDecoder` and with CodableKit, in the same process.
func decodingBenchmark(_ harness: Harness) -> String {
    var table = Table(header: ["dataset", "size", "JSONDecoder MB/s", "CodableKit MB/s", "time ratio (CK / JSONDecoder)"])
    func compare<T: Decodable & DecodableModel>(_ name: String, _ type: T.Type, _ bytes: [UInt8]) -> Double {
        let data = Data(bytes)
        let times = harness.secondsPerCall([
            { _ = try! JSONDecoder().decode([T].self, from: data) },
            { _ = [T].deserialize(from: data)! },
        ])
        table.rows.append([name, formatSize(bytes.count), megabytesPerSecond(bytes.count, times[0]),
                           megabytesPerSecond(bytes.count, times[1]), formatRatio(times[1] / times[0])])
        return times[1]
    }
    for count in [100, 1_000, 10_000] {
        let clean = ModelDatasets.airports(count: count)
        let cleanTime = compare("airports ×\(count)", Airport.self, clean)
        // JSONDecoder fails on dirty data: compare CodableKit with its own clean time.
        let dirty = ModelDatasets.airports(count: count, dirty: true)
        let dirtyData = Data(dirty)
        let dirtyTime = harness.secondsPerCall([{ _ = [Airport].deserialize(from: dirtyData)! }])[0]
        let perByte = (dirtyTime / Double(dirty.count)) / (cleanTime / Double(clean.count))
        table.rows.append(["airports ×\(count), dirty", formatSize(dirty.count), "fails",
                           megabytesPerSecond(dirty.count, dirtyTime), "\(formatRatio(perByte)) of own clean (per byte)"])
    }
    _ = compare("area tree (3434 nodes)", Area.self, ModelDatasets.areaTree())
    _ = compare("wide model ×2000", Wide.self, ModelDatasets.wide(count: 2_000))
    return table.render()
}
