import CodableKit
import Foundation

/// Streams: a JSON Lines log read as it arrives, an array too big to hold read element by
/// element, and a model's reply shown while it is still being written.
func streamsSection(_ out: inout ExamplePrinter) async throws {
    for line in try await streamsDemo() { out.line(line) }
}

struct LogEvent: CodableModel {
    var level = "info"
    var message = ""
    var count = 0
}

struct Reading: Codable {
    var station: Int
    var celsius: Double
}

struct Reply: CodableModel {
    var title = ""
    var summary = ""
    var points: [String] = []
}

/// `bytes` as an `AsyncSequence` of chunks of `size` bytes, as a file or a socket gives them.
func chunked(_ bytes: [UInt8], size: Int) -> AsyncStream<[UInt8]> {
    AsyncStream { continuation in
        var start = 0
        while start < bytes.count {
            continuation.yield(Array(bytes[start ..< min(start + size, bytes.count)]))
            start += size
        }
        continuation.finish()
    }
}

func streamsDemo() async throws -> [String] {
    var out: [String] = []

    // 1. JSON Lines: one event a line, read as lines arrive; a line that is no event is left out.
    let log = """
    {"level": "info", "message": "started", "count": "1"}
    {"level": "warn", "message": "slow disk"}
    this line is not JSON
    {"level": "error", "message": "disk full", "count": 3}

    """
    out.append("JSON Lines, in chunks of 16 bytes:")
    for try await event in ModelDecoder().lines(of: LogEvent.self, from: chunked(Array(log.utf8), size: 16)) {
        out.append("  \(event.level): \(event.message) (count \(event.count))")
    }
    out.append(#"  line 3 was skipped (recorded); "1" was read as 1, the missing count kept its initial value"#)

    // 2. An array larger than you would hold: elements decoded as they complete.
    let readings = (0 ..< 50_000).map { #"{"station": \#($0 % 100), "celsius": \#(Double($0 % 400) / 10)}"# }
    let array = Array(("[" + readings.joined(separator: ",") + "]").utf8)
    var count = 0
    var total = 0.0
    for try await reading in ModelDecoder().elements(of: Reading.self, from: chunked(array, size: 64 * 1024)) {
        count += 1
        total += reading.celsius
    }
    out.append("")
    out.append("Array elements, in chunks of 64 KB: \(count) readings of \(array.count / 1024) KB, mean \(String(format: "%.2f", total / Double(count))) °C")

    // 3. A reply still being written: decodePartial shows what is complete so far.
    let reply = #"{"title": "Weather", "summary": "Sunny, then rain", "points": ["umbrella", "sunglasses"]}"#
    out.append("")
    out.append("A reply as it arrives (decodePartial):")
    let bytes = Array(reply.utf8)
    for cut in [20, 50, 80, bytes.count] {
        let (value, report) = try ModelDecoder().decodePartial(Reply.self, from: Data(bytes[..<cut]))
        let state = report.endedEarly.map { "ended at \($0)" } ?? "whole"
        out.append(#"  \#(cut) bytes: title "\#(value.title)", summary "\#(value.summary)", points \#(value.points) (\#(state))"#)
    }
    // 4. The same reply for a model that opts in to partial strings: text shows as it streams.
    out.append("")
    out.append("Cut inside the summary, for a model that conforms to PartialStringDecodable:")
    for cut in [38, 44] {
        let (value, _) = try ModelDecoder().decodePartial(StreamedReply.self, from: Data(bytes[..<cut]))
        out.append(#"  \#(cut) bytes: title "\#(value.title)", summary "\#(value.summary)", points \#(value.points)"#)
    }
    return out
}

/// `Reply`, opted in to partial strings.
struct StreamedReply: CodableModel, PartialStringDecodable {
    var title = ""
    var summary = ""
    var points: [String] = []
}
