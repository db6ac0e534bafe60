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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["memory-probe", decoder, url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try! process.run()
        process.waitUntilExit()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let numbers = output.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard numbers.count == 2 else { return "memory probe failed: \(output)" }
        let (growth, models) = (numbers[0], numbers[1])
        table.rows.append([decoder, formatSize(payload.count), formatSize(models), formatSize(growth),
                           formatRatio(Double(growth) / Double(4 * payload.count + models))])
    }
    return table.render()
    #else
    return "memory: measured on Linux only (/proc/self/status)"
    #endif
}

/// The child process: prints "<peak RSS growth in bytes> <decoded models' size in bytes>".
func memoryProbe(decoder: String, path: String) {
    let data = try! Data(contentsOf: URL(fileURLWithPath: path))
    _ = data.reduce(0, &+)  // resident before the decode
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
    let before = statusKilobytes("VmRSS")
    let airports: [Airport]
    if decoder == "JSONDecoder" {
        airports = try! JSONDecoder().decode([Airport].self, from: data)
    } else {
        airports = [Airport].deserialize(from: data)!
    }
    let peak = statusKilobytes("VmHWM")
    print((peak - before) * 1024, modelsSize(airports))
}

private func statusKilobytes(_ field: String) -> Int {
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
