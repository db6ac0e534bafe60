import CodableKit
import Foundation

/// The reader alone, next to `JSONSerialization.jsonObject` on the same bytes.
///
/// "reader" builds CodableKit's tape (what the decoder walks), timed through the
/// public API as the decode of a type that reads nothing (the benchmarks see only
/// what a user sees); "reader + value" also materialises every string and number into
/// a `JSONValue` tree, which is the fairer comparison with `JSONSerialization`'s
/// object graph.
func readerBenchmark(_ harness: Harness) -> String {
    let datasets = [
        Datasets.smallObjects(count: 10_000),
        Datasets.tree(provinces: 34, cities: 10, districts: 9),
        Datasets.longStrings(count: 2_000),
        Datasets.numbers(count: 100_000),
    ]
    var table = Table(header: ["dataset", "size", "JSONSerialization MB/s", "reader MB/s", "reader + value MB/s",
                               "speed-up (reader)", "speed-up (reader + value)"])
    for dataset in datasets {
        let bytes = dataset.bytes
        let data = Data(bytes)
        let times = harness.secondsPerCall([
            { _ = try! JSONSerialization.jsonObject(with: data) },
            { _ = try! ModelDecoder().decode(ReadsNothing.self, from: data) },
            { _ = try! JSONValue(parsing: bytes) },
        ])
        let (foundation, reader, value) = (times[0], times[1], times[2])
        table.rows.append([dataset.name, formatSize(bytes.count), megabytesPerSecond(bytes.count, foundation),
                           megabytesPerSecond(bytes.count, reader), megabytesPerSecond(bytes.count, value),
                           formatRatio(times.ratio(0, to: 1)) + "×", formatRatio(times.ratio(0, to: 2)) + "×"])
    }
    return table.render()
}

/// A type whose decode reads nothing: its decode is the reader's work.
private struct ReadsNothing: Decodable {
    init(from _: any Decoder) {}
}
