import CodableKit
import CodableKitKeyStrategies
import Foundation

/// `CodableKitBenchmarks profile <dataset>[:count] [seconds]`: decodes one dataset
/// with CodableKit only, in a loop, for a profiler (`perf record`, `valgrind
/// --tool=callgrind`). Datasets: airports, airports-dirty, airports-dirty-report (each also `-declared`: the
/// models declared `SynthesizedCodable`), airports-snake, airports-camel (each also `-declared`), encode-airports,
/// encode-wide (also -declared, -foundation), encode-tree, encode-twitter, subclass (count 1000 unless given), tree, timeline (the
/// twitter-like set), wide.
func profile(_ argument: String, seconds: Double) {
    let parts = argument.split(separator: ":")
    let name = String(parts[0])
    let count = parts.count > 1 ? Int(parts[1]) ?? 1_000 : 1_000
    let work: () -> Void
    switch name {
    case "airports":
        let data = Data(ModelDatasets.airports(count: count))
        work = { _ = [Airport].deserialize(from: data)! }
    case "airports-foundation":
        let data = Data(ModelDatasets.airports(count: count))
        work = { _ = try! JSONDecoder().decode([Airport].self, from: data) }
    case "airports-dirty":
        let data = Data(ModelDatasets.airports(count: count, dirty: true))
        work = { _ = [Airport].deserialize(from: data)! }
    case "airports-dirty-report":
        let data = Data(ModelDatasets.airports(count: count, dirty: true))
        work = { _ = try! [Airport].decodeWithReport(from: data) }
    case "airports-declared":
        let data = Data(ModelDatasets.airports(count: count))
        work = { _ = [DeclaredAirport].deserialize(from: data)! }
    case "airports-dirty-declared":
        let data = Data(ModelDatasets.airports(count: count, dirty: true))
        work = { _ = [DeclaredAirport].deserialize(from: data)! }
    case "airports-dirty-report-declared":
        let data = Data(ModelDatasets.airports(count: count, dirty: true))
        work = { _ = try! [DeclaredAirport].decodeWithReport(from: data) }
    case "airports-snake":
        let data = Data(ModelDatasets.namedAirports(count: count, snakeCase: true))
        let options = DecodingOptions(keyStrategies: [.snakeCase])
        work = { _ = [NamedAirport].deserialize(from: data, options: options)! }
    case "airports-snake-declared":
        let data = Data(ModelDatasets.namedAirports(count: count, snakeCase: true))
        let options = DecodingOptions(keyStrategies: [.snakeCase])
        work = { _ = [DeclaredNamedAirport].deserialize(from: data, options: options)! }
    case "airports-camel-declared":
        let data = Data(ModelDatasets.namedAirports(count: count, snakeCase: false))
        work = { _ = [DeclaredNamedAirport].deserialize(from: data)! }
    case "airports-camel":
        let data = Data(ModelDatasets.namedAirports(count: count, snakeCase: false))
        work = { _ = [NamedAirport].deserialize(from: data)! }
    case "encode-airports":
        let models = [Airport].deserialize(from: Data(ModelDatasets.airports(count: count)))!
        work = { _ = try! ModelEncoder().encode(models) }
    case "encode-wide":
        let models = [Wide].deserialize(from: Data(ModelDatasets.wide(count: 2_000)))!
        work = { _ = try! ModelEncoder().encode(models) }
    case "encode-wide-declared":
        let models = [DeclaredWide].deserialize(from: Data(ModelDatasets.wide(count: 2_000)))!
        work = { _ = try! ModelEncoder().encode(models) }
    case "encode-wide-foundation":
        let models = [DeclaredWide].deserialize(from: Data(ModelDatasets.wide(count: 2_000)))!
        work = { _ = try! JSONEncoder().encode(models) }
    case "encode-tree":
        let models = [Area].deserialize(from: Data(ModelDatasets.areaTree()))!
        work = { _ = try! ModelEncoder().encode(models) }
    case "tree":
        let data = Data(ModelDatasets.areaTree())
        work = { _ = [Area].deserialize(from: data)! }
    case "timeline":
        let data = Data(ModelDatasets.timeline())
        work = { _ = Timeline.deserialize(from: data)! }
    case "twitter-real", "citm", "canada", "twitter-real-declared", "citm-declared":
        let file = ["twitter-real": "twitter.json", "citm": "citm_catalog.json", "canada": "canada.json",
                    "twitter-real-declared": "twitter.json", "citm-declared": "citm_catalog.json"][name]!
        let data = try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/data/nativejson/\(file)"))
        switch name {
        case "twitter-real": work = { _ = try! ModelDecoder().decode(Tweets.self, from: data) }
        case "citm": work = { _ = try! ModelDecoder().decode(Citm.self, from: data) }
        case "twitter-real-declared": work = { _ = try! ModelDecoder().decode(DeclaredTweets.self, from: data) }
        case "citm-declared": work = { _ = try! ModelDecoder().decode(DeclaredCitm.self, from: data) }
        default: work = { _ = try! ModelDecoder().decode(Canada.self, from: data) }
        }
    case "partial-twitter":  // decodePartial on every 4 KB prefix
        let data = try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/data/nativejson/twitter.json"))
        let prefixes = stride(from: 4096, to: data.count, by: 4096).map { Data(data.prefix($0)) }
        work = { for prefix in prefixes { _ = try! ModelDecoder().decodePartial(Tweets.self, from: prefix) } }
    case "encode-twitter":
        let data = try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/data/nativejson/twitter.json"))
        let tweets = try! ModelDecoder().decode(Tweets.self, from: data)
        work = { _ = try! ModelEncoder().encode(tweets) }
    case "twitter-foundation", "citm-foundation", "canada-foundation":
        let file = ["twitter-foundation": "twitter.json", "citm-foundation": "citm_catalog.json", "canada-foundation": "canada.json"][name]!
        let data = try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../shared/data/nativejson/\(file)"))
        switch name {
        case "twitter-foundation": work = { _ = try! JSONDecoder().decode(Tweets.self, from: data) }
        case "citm-foundation": work = { _ = try! JSONDecoder().decode(Citm.self, from: data) }
        default: work = { _ = try! JSONDecoder().decode(Canada.self, from: data) }
        }
    case "subclass":
        let data = Data(("[" + (0 ..< count).map { index in
            #"{"name":"pet\#(index)","age":\#(index % 20),"breed":"collie","weight":1.5,"vaccinated":true}"#
        }.joined(separator: ",") + "]").utf8)
        work = { _ = [PetWithFields].deserialize(from: data)! }
    case "wide":
        let data = Data(ModelDatasets.wide(count: 2_000))
        work = { _ = [Wide].deserialize(from: data)! }
    default:
        print("unknown dataset \(name); one of: airports, airports-dirty, tree, wide")
        exit(1)
    }
    // `PROFILE_RUNS=n` runs exactly n times instead: two profiles of n and m runs, subtracted,
    // give the cost of one run without the process's one-time costs.
    let exactRuns = ProcessInfo.processInfo.environment["PROFILE_RUNS"].flatMap { Int($0) }
    let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
    var runs = 0
    while exactRuns.map({ runs < $0 }) ?? (DispatchTime.now().uptimeNanoseconds < end) {
        work()
        runs += 1
    }
    print("\(runs) runs")
}
