import CodableKit
import Foundation

/// Streams. `elements` over one big JSON array and `lines` over a JSON Lines file of the
/// same airport records (1 GB; 64 MB with `--quick`), each read from the file in 64 KB chunks
/// in a child process: its peak RSS growth, and its MB/s against decoding a 50 MB slice of
/// the same records held in memory (just before and just after the stream, averaged). `decodePartial` on every 4 KB prefix of twitter.json:
/// its total time against decoding that many bytes of whole document (see `partialRow`).
func streamBenchmark(_ harness: Harness) -> String {
    #if os(Linux)
    let fileSize = harness.runs > 3 ? 1 << 30 : 64 << 20
    let folder = FileManager.default.temporaryDirectory
    let arrayURL = folder.appendingPathComponent("codablekit-stream-\(getpid()).json")
    let linesURL = folder.appendingPathComponent("codablekit-stream-\(getpid()).jsonl")
    defer { try? FileManager.default.removeItem(at: arrayURL); try? FileManager.default.removeItem(at: linesURL) }

    // A 50 MB slice of records, and the files made of it repeated.
    let slice = Data(ModelDatasets.airports(count: 200_000))
    let airports = try! ModelDecoder().decode([Airport].self, from: slice)
    let encoder = ModelEncoder()
    let lines = Data(airports.map { String(decoding: try! encoder.encode($0), as: UTF8.self) }.joined(separator: "\n").utf8) + Data("\n".utf8)
    writeRepeated(body: slice.dropFirst().dropLast(), separator: ",", open: "[", close: "]", size: fileSize, to: arrayURL)
    writeRepeated(body: lines, separator: "", open: "", close: "", size: fileSize, to: linesURL)

    // The in-memory rate is taken just before and just after each stream, and the two averaged:
    // on a shared machine the rate drifts by a third within minutes.
    func measureMemoryRate() -> Double {
        Double(slice.count) / harness.secondsPerCall([{ _ = try! ModelDecoder().decode([Airport].self, from: slice) }])[0] / 1e6
    }
    var table = Table(header: ["stream", "file", "peak RSS growth", "target", "", "MB/s", "in memory", "ratio", "target", ""])
    for (kind, url) in [("elements", arrayURL), ("lines", linesURL)] {
        let before = measureMemoryRate()
        guard let (peak, seconds, count) = runStreamProbe(kind, path: url.path), count > 0 else { return "stream probe failed for \(kind)" }
        let memoryRate = (before + measureMemoryRate()) / 2
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
        let rate = Double(size) / seconds / 1e6
        let ratio = rate / memoryRate
        table.rows.append([kind, formatSize(size), formatSize(peak), "≤ 64 MB", peak <= 64 << 20 ? "PASS" : "FAIL",
                           String(format: "%.0f", rate), String(format: "%.0f", memoryRate), formatRatio(ratio), "≥ 0.67",
                           ratio >= 0.67 ? "PASS" : "FAIL"])
    }
    return table.render() + "\n\n" + streamLoopRows() + "\n\n" + partialRow(harness)
    #else
    return "streams: measured on Linux only (/proc/self/status)"
    #endif
}

/// `open`, then `body` repeated (joined by `separator`) until the file holds `size` bytes, then `close`.
private func writeRepeated(body: Data, separator: String, open: String, close: String, size: Int, to url: URL) {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let file = try! FileHandle(forWritingTo: url)
    defer { try? file.close() }
    file.write(Data(open.utf8))
    var written = open.utf8.count
    while written + body.count < size {
        if written > open.utf8.count { file.write(Data(separator.utf8)) }
        file.write(body)
        written += body.count + separator.utf8.count
    }
    file.write(Data(close.utf8))
}

/// decodePartial on every 4 KB prefix of twitter.json, against decoding the whole document
/// in proportion: each prefix's share of the bytes times a whole decode, as if each prefix
/// were a document of its own (decoding is linear in the bytes). A re-scan per call, or
/// one quadratic in the prefix, would show as a ratio growing far past it.
private func partialRow(_ harness: Harness) -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../shared/data/nativejson/twitter.json")
    guard let twitter = try? Data(contentsOf: url) else { return "decodePartial: shared/data/nativejson not found beside the repository: skipped" }
    let prefixes = stride(from: 4096, to: twitter.count, by: 4096).map { Data(twitter.prefix($0)) }
    let times = harness.secondsPerCall([
        { for prefix in prefixes { _ = try! ModelDecoder().decodePartial(Tweets.self, from: prefix) } },
        { _ = try! ModelDecoder().decodeWithReport(Tweets.self, from: twitter) },
    ])
    let share = Double(prefixes.reduce(0) { $0 + $1.count }) / Double(twitter.count)
    let ratio = times.ratio(0, to: 1) / share
    var table = Table(header: ["decodePartial", "prefixes", "partial / whole-document decode, in proportion", "target", ""])
    table.rows.append(["twitter.json, every 4 KB", "\(prefixes.count)", formatRatio(ratio), "≤ 2", ratio <= 2 ? "PASS" : "FAIL"])
    return table.render()
}

/// Runs `streamProbe` in a child process: its peak RSS growth, seconds and values read.
private func runStreamProbe(_ kind: String, path: String) -> (Int, Double, Int)? {
    guard let parts = runChild(["stream-probe", kind, path]), parts.count == 3,
          let peak = Int(parts[0]), let seconds = Double(parts[1]), let count = Int(parts[2]) else { return nil }
    return (peak, seconds, count)
}

/// The child process: streams the file in 64 KB chunks and prints
/// "<peak RSS growth in bytes> <seconds> <values read>".
func streamProbe(kind: String, path: String) async {
    let file = try! FileHandle(forReadingFrom: URL(fileURLWithPath: path))
    let chunks = AsyncThrowingStream<Data, any Error> {
        guard let chunk = try file.read(upToCount: 64 * 1024), !chunk.isEmpty else { return nil }
        return chunk
    }
    let before = statusKilobytes("VmHWM")
    let start = DispatchTime.now().uptimeNanoseconds
    var count = 0
    do {
        if kind == "elements" {
            for try await _ in ModelDecoder().elements(of: Airport.self, from: chunks) { count += 1 }
        } else {
            for try await _ in ModelDecoder().lines(of: Airport.self, from: chunks) { count += 1 }
        }
    } catch {
        print("0 0 0")  // the parent reports the failure
        return
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print((statusKilobytes("VmHWM") - before) * 1024, seconds, count)
}
