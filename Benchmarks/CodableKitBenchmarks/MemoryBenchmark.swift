import CodableKit
import Foundation

/// Peak resident memory while decoding a ~3 MB airports payload, measured in a
/// fresh child process per decoder (Linux: `/proc/self/status`; the peak is reset
/// through `/proc/self/clear_refs` after the payload is loaded, so it counts the
/// decode alone). The decoded models' own size is computed from their layout,
/// not read off the RSS, which also holds memory the allocator kept.
func memoryBenchmark(_: Harness) -> String {
    #if os(Linux)
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("codablekit-memory-\(getpid()).json")
    let payload = ModelDatasets.airports(count: 12_000)
    try! Data(payload).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var table = Table(header: ["decoder", "payload", "decoded models", "peak RSS growth", "peak / (4 × payload + models)"])
    for decoder in ["CodableKit", "JSONDecoder"] {
        guard let (growth, models) = runProbe(decoder, path: url.path) else { return "memory probe failed for \(decoder)" }
        table.rows.append([decoder, formatSize(payload.count), formatSize(models), formatSize(growth),
                           formatRatio(Double(growth) / Double(4 * payload.count + models))])
    }
    // Hostile payloads: the peak stays a small multiple of the input.
    var hostile = Table(header: ["hostile payload (CodableKit)", "input", "peak RSS growth", "peak / input"])
    let cases: [(String, String, [UInt8])] = [
        ("one 10 MB string", "string", Array(("{\"text\": \"" + String(repeating: "abcdefghij", count: 1_000_000) + "\"}").utf8)),
        ("1,000,000 numbers", "numbers", Array(("[" + (0 ..< 1_000_000).map { String($0 % 977) + ".5" }.joined(separator: ",") + "]").utf8)),
        ("100,000 nested arrays (rejected)", "deep", Array(String(repeating: "[", count: 100_000).utf8)),
        ("1,000,000 nulls in an [Int], with the report", "nulls-report", Array(("[" + String(repeating: "null,", count: 1_000_000) + "1]").utf8)),
    ]
    for (name, kind, bytes) in cases {
        try! Data(bytes).write(to: url)
        guard let (growth, _) = runProbe(kind, path: url.path) else { return "memory probe failed for \(kind)" }
        hostile.rows.append([name, formatSize(bytes.count), formatSize(growth), formatRatio(Double(growth) / Double(bytes.count))])
    }
    return table.render() + "\n\n" + hostile.render()
    #else
    return "memory: measured on Linux only (/proc/self/status)"
    #endif
}

/// Runs `memoryProbe` in a fresh child process: its peak RSS growth and its second number.
private func runProbe(_ kind: String, path: String) -> (Int, Int)? {
    guard let words = runChild(["memory-probe", kind, path]) else { return nil }
    let numbers = words.compactMap { Int($0) }
    return numbers.count == 2 ? (numbers[0], numbers[1]) : nil
}

/// This benchmark run again in a fresh child process with `arguments`: the words it printed.
func runChild(_ arguments: [String]) -> [String]? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = arguments
    let pipe = Pipe()
    process.standardOutput = pipe
    guard (try? process.run()) != nil else { return nil }
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return output.split(whereSeparator: \.isWhitespace).map(String.init)
}

/// The child process: prints "<peak RSS growth in bytes> <decoded models' size in bytes>"
/// (for the hostile payloads, the second number is only a sign of life).
func memoryProbe(decoder: String, path: String) {
    let data = try! Data(contentsOf: URL(fileURLWithPath: path))
    _ = data.reduce(0, &+)  // resident before the decode
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let before = statusKilobytes("VmRSS")
    switch decoder {
    case "string":
        struct Text: DecodableModel { var text = "" }
        let value = Text.deserialize(from: data)
        print((statusKilobytes("VmHWM") - before) * 1024, value?.text.utf8.count ?? 0)
        return
    case "numbers":
        let value = try? ModelDecoder().decode([Double].self, from: data)
        print((statusKilobytes("VmHWM") - before) * 1024, value?.count ?? 0)
        return
    case "nulls-report":
        // Each null is repaired (dropped and recorded); the report keeps the first 1,000.
        let report = try? ModelDecoder().decodeWithReport([Int].self, from: data).report
        print((statusKilobytes("VmHWM") - before) * 1024, report?.issues.count ?? 0)
        return
    case "deep":
        let value = try? JSONValue(parsing: data)
        print((statusKilobytes("VmHWM") - before) * 1024, value == nil ? 0 : 1)
        return
    default:
        break
    }
    let airports: [Airport]
    if decoder == "JSONDecoder" {
        airports = try! JSONDecoder().decode([Airport].self, from: data)
    } else {
        airports = [Airport].deserialize(from: data)!
    }
    let peak = statusKilobytes("VmHWM")
    print((peak - before) * 1024, modelsSize(airports))
}

/// A field of `/proc/self/status` in kilobytes (`VmRSS`, `VmHWM`).
func statusKilobytes(_ field: String) -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    for line in status.split(separator: "\n") where line.hasPrefix(field + ":") {
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }
    return 0
}

/// Bytes the decoded airports occupy: array buffers (a 32-byte header plus elements)
/// and string storage beyond the 15 bytes Swift keeps inline.
private func modelsSize(_ airports: [Airport]) -> Int {
    func buffer<T>(_ array: [T]) -> Int { array.isEmpty ? 0 : 32 + array.count * MemoryLayout<T>.stride }
    func string(_ text: String) -> Int { text.utf8.count > 15 ? 32 + text.utf8.count : 0 }
    var total = buffer(airports)
    for airport in airports {
        total += string(airport.name) + string(airport.iata) + string(airport.icao) + buffer(airport.coordinates) + buffer(airport.runways)
        for runway in airport.runways { total += string(runway.direction) + string(runway.surface) }
    }
    return total
}
