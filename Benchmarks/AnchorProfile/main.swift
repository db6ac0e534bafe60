// The loop `Scripts/anchor-profile` runs: one payload decoded (or encoded: encode-*) again and
// again for `seconds` (or RUNS times), by CodableKit or by the floor decoder (Floor.swift), with
// the anchors' models; replay-* and null-encode-*: the machinery's lower bounds (Replay.swift).
import CodableKit
import Foundation
let args = CommandLine.arguments
let which = args[1], seconds = Double(args[2]) ?? 5
let folder = (ProcessInfo.processInfo.environment["DATA"] ?? "../shared/data/nativejson") + "/"
func loop<T: Decodable>(_: T.Type, _ file: String) {
    let data = try! Data(contentsOf: URL(fileURLWithPath: folder + file))
    let decoder = ModelDecoder()
    let start = Date(); var n = 0
    // RUNS: a fixed number of decodes (for callgrind: two counts, subtracted, give one decode's instructions).
    let runs = ProcessInfo.processInfo.environment["RUNS"].flatMap { Int($0) }
    while runs.map({ n < $0 }) ?? (Date().timeIntervalSince(start) < seconds) { _ = try! decoder.decode(T.self, from: data); n += 1 }
    print(which, n, Double(data.count) * Double(n) / Date().timeIntervalSince(start) / 1e6, "MB/s")
}
func floor<T: Decodable & Equatable>(_: T.Type, _ file: String) {
    let data = try! Data(contentsOf: URL(fileURLWithPath: folder + file))
    let root = tree(try! JSONSerialization.jsonObject(with: data))
    precondition(try! T(from: FloorDecoder(root)) == ModelDecoder().decode(T.self, from: data), "floor decoder differs")
    let start = Date(); var n = 0
    let runs = ProcessInfo.processInfo.environment["RUNS"].flatMap { Int($0) }
    while runs.map({ n < $0 }) ?? (Date().timeIntervalSince(start) < seconds) { _ = try! T(from: FloorDecoder(root)); n += 1 }
    print(which, "floor", n, Double(data.count) * Double(n) / Date().timeIntervalSince(start) / 1e6, "MB/s")
}
/// As ../shared/anchors/run times CodableKit: one decode at a time, each after a JSONDecoder decode
/// of the same payload (whose memory churn and cache eviction the CodableKit decode then meets).
func alternated<T: Decodable>(_: T.Type, _ file: String) {
    let data = try! Data(contentsOf: URL(fileURLWithPath: folder + file))
    let decoder = ModelDecoder(), foundation = JSONDecoder()
    let start = Date(); var times: [Double] = []
    while Date().timeIntervalSince(start) < seconds {
        _ = try! foundation.decode(T.self, from: data)
        let t = Date(); _ = try! decoder.decode(T.self, from: data); times.append(Date().timeIntervalSince(t))
    }
    times.sort()
    print(which, times.count, "median", Double(data.count) / times[times.count / 2] / 1e6, "MB/s")
}
/// One payload decoded once, then encoded again and again by `ModelEncoder` (the anchors' encode column).
func encodeLoop<T: Codable>(_: T.Type, _ file: String) {
    let data = try! Data(contentsOf: URL(fileURLWithPath: folder + file))
    let value = try! ModelDecoder().decode(T.self, from: data), encoder = ModelEncoder()
    let start = Date(); var n = 0
    let runs = ProcessInfo.processInfo.environment["RUNS"].flatMap { Int($0) }
    while runs.map({ n < $0 }) ?? (Date().timeIntervalSince(start) < seconds) { _ = try! encoder.encode(value); n += 1 }
    print(which, n, Double(data.count) * Double(n) / Date().timeIntervalSince(start) / 1e6, "MB/s of input")
}
/// The same value written again and again by the floor encoder (FloorEncoder.swift); its bytes
/// checked once to be JSON that decodes to the value.
func floorEncode<T: Codable & Equatable>(_: T.Type, _ file: String) {
    let data = try! Data(contentsOf: URL(fileURLWithPath: folder + file))
    let value = try! ModelDecoder().decode(T.self, from: data)
    let check = FloorEncoder()
    try! check.value(value)
    precondition(try! JSONDecoder().decode(T.self, from: Data(check.out)) == value, "floor encoder differs")
    let start = Date(); var n = 0
    let runs = ProcessInfo.processInfo.environment["RUNS"].flatMap { Int($0) }
    while runs.map({ n < $0 }) ?? (Date().timeIntervalSince(start) < seconds) {
        let encoder = FloorEncoder()
        encoder.out.reserveCapacity(check.out.count)
        try! encoder.value(value)
        n += 1
    }
    print(which, "floor", n, Double(data.count) * Double(n) / Date().timeIntervalSince(start) / 1e6, "MB/s of input")
}
/// As ../shared/anchors/run times CodableKit's encode: one at a time, each after the anchors'
/// other work on the payload (a JSONDecoder decode, a CodableKit decode, a JSONEncoder encode) of
/// JSONDecoder's value; prints the median.
func alternatedEncode<T: Codable>(_: T.Type, _ file: String) {
    let data = try! Data(contentsOf: URL(fileURLWithPath: folder + file))
    let foundation = JSONDecoder(), decoder = ModelDecoder(), foundationEncoder = JSONEncoder(), encoder = ModelEncoder()
    let value = try! foundation.decode(T.self, from: data)
    let start = Date(); var times: [Double] = []
    while Date().timeIntervalSince(start) < seconds {
        _ = try! foundation.decode(T.self, from: data)
        _ = try! decoder.decode(T.self, from: data)
        _ = try! foundationEncoder.encode(value)
        let t = Date(); _ = try! encoder.encode(value); times.append(Date().timeIntervalSince(t))
    }
    times.sort()
    print(which, times.count, "median", Double(data.count) / times[times.count / 2] / 1e6, "MB/s of input")
}
/// The models' own `init(from:)` answered from a tape (Replay.swift), again and again.
func replay<T: Decodable & Equatable>(_: T.Type, _ file: String) {
    let data = try! Data(contentsOf: URL(fileURLWithPath: folder + file))
    let tape = Tape()
    let recorded = try! T(from: RecordingDecoder(tree(try! JSONSerialization.jsonObject(with: data)), tape))
    precondition(try! recorded == ModelDecoder().decode(T.self, from: data), "recording differs")
    let decoder = ReplayDecoder(tape)
    precondition(try! T(from: decoder) == recorded && tape.next == tape.answers.count, "replay differs")
    let start = Date(); var n = 0
    let runs = ProcessInfo.processInfo.environment["RUNS"].flatMap { Int($0) }
    while runs.map({ n < $0 }) ?? (Date().timeIntervalSince(start) < seconds) { tape.next = 0; _ = try! T(from: decoder); n += 1 }
    print(which, "replay", n, Double(data.count) * Double(n) / Date().timeIntervalSince(start) / 1e6, "MB/s")
}
/// The models' own `encode(to:)` into an encoder that writes nothing (Replay.swift), again and again.
func nullEncode<T: Codable>(_: T.Type, _ file: String) {
    let data = try! Data(contentsOf: URL(fileURLWithPath: folder + file))
    let value = try! ModelDecoder().decode(T.self, from: data), encoder = NullEncoder()
    let start = Date(); var n = 0
    let runs = ProcessInfo.processInfo.environment["RUNS"].flatMap { Int($0) }
    while runs.map({ n < $0 }) ?? (Date().timeIntervalSince(start) < seconds) { try! value.encode(to: encoder); n += 1 }
    print(which, "null", n, encoder.scalars, Double(data.count) * Double(n) / Date().timeIntervalSince(start) / 1e6, "MB/s of input")
}
switch which {
case "replay-citm": replay(Catalog.self, "citm_catalog.json")
case "replay-twitter": replay(TwitterSearch.self, "twitter.json")
case "null-encode-citm": nullEncode(Catalog.self, "citm_catalog.json")
case "null-encode-twitter": nullEncode(TwitterSearch.self, "twitter.json")
case "alt-encode-citm": alternatedEncode(Catalog.self, "citm_catalog.json")
case "alt-encode-twitter": alternatedEncode(TwitterSearch.self, "twitter.json")
case "alt-encode-canada": alternatedEncode(FeatureCollection.self, "canada.json")
case "floor-encode-citm": floorEncode(Catalog.self, "citm_catalog.json")
case "floor-encode-twitter": floorEncode(TwitterSearch.self, "twitter.json")
case "encode-citm": encodeLoop(Catalog.self, "citm_catalog.json")
case "encode-twitter": encodeLoop(TwitterSearch.self, "twitter.json")
case "encode-canada": encodeLoop(FeatureCollection.self, "canada.json")
case "alt-citm": alternated(Catalog.self, "citm_catalog.json")
case "alt-twitter": alternated(TwitterSearch.self, "twitter.json")
case "floor-citm": floor(Catalog.self, "citm_catalog.json")
case "floor-twitter": floor(TwitterSearch.self, "twitter.json")
case "citm": loop(Catalog.self, "citm_catalog.json")
case "twitter": loop(TwitterSearch.self, "twitter.json")
default: loop(FeatureCollection.self, "canada.json")
}
