import CodableKit
import Foundation

/// `CodableKitBenchmarks profile <dataset> [seconds]`: decodes one dataset with
/// CodableKit only, in a loop, for a profiler (`perf record`, `valgrind --tool=callgrind`).
/// Datasets: airports, airports-dirty, tree, wide.
func profile(_ name: String, seconds: Double) {
    let work: () -> Void
    switch name {
    case "airports":
        let data = Data(ModelDatasets.airports(count: 1_000))
        work = { _ = [Airport].deserialize(from: data)! }
    case "airports-dirty":
        let data = Data(ModelDatasets.airports(count: 1_000, dirty: true))
        work = { _ = [Airport].deserialize(from: data)! }
    case "tree":
        let data = Data(ModelDatasets.areaTree())
        work = { _ = [Area].deserialize(from: data)! }
    case "wide":
        let data = Data(ModelDatasets.wide(count: 2_000))
        work = { _ = [Wide].deserialize(from: data)! }
    default:
        print("unknown dataset \(name); one of: airports, airports-dirty, tree, wide")
        exit(1)
    }
    let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    var runs = 0
    while DispatchTime.now().uptimeNanoseconds < end {
        work()
        runs += 1
    }
    print("\(runs) runs")
}
