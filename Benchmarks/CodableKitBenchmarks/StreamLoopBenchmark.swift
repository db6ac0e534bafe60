import CodableKit
import Foundation

/// The same `for try await` loop over `lines` and `elements` run on the main actor, on an
/// actor of its own, and in a plain (nonisolated) function — where a Hummingbird or Vapor
/// handler's loop runs, their handlers being nonisolated closures — over the same 50 MB of
/// airport records in 64 KB chunks held in memory (so that no disk time hides a
/// difference); and `elements` over dirty records with a `DecodingLog.onReport` handler
/// installed, against none; then `lines` and `elements` over a source of single bytes (as
/// `URLSession.AsyncBytes`), which hands on each line or element as it ends, on the main
/// actor and in a plain function (no target: what such a source costs). Run in a child
/// process (`stream-loops`), whose top level is the main actor, as a new user's
/// `main.swift` is. Targets: each isolation within 10% of the plain function; the handler
/// within 1.5× of none.
func streamLoopRows() -> String {
    guard let times = runChild(["stream-loops"])?.compactMap(Double.init), times.count == 12 + 7 else {
        return "stream loops: the child process failed"
    }
    var table = Table(header: ["stream loop (50 MB in 64 KB chunks)", "seconds", "of the plain function's", "target", ""])
    let ratios = Array(times[12...])  // per round, then the median: see `streamLoopProbe`
    for (index, kind) in ["lines", "elements"].enumerated() {
        let (plain, main, actor) = (times[index * 3], times[index * 3 + 1], times[index * 3 + 2])
        table.rows.append(["\(kind), plain function (a server handler)", String(format: "%.3f", plain), "1.00", "", ""])
        for (offset, (label, time)) in [("main actor", main), ("an actor of its own", actor)].enumerated() {
            let ratio = ratios[index * 2 + offset]
            table.rows.append(["\(kind), \(label)", String(format: "%.3f", time), formatRatio(ratio)] + verdict(ratio, 1.10))
        }
    }
    let (without, with) = (times[6], times[7])
    table.rows.append(["elements, dirty, no report handler", String(format: "%.3f", without), "", "", ""])
    table.rows.append(["elements, dirty, a report handler installed", String(format: "%.3f", with),
                       formatRatio(ratios[4]) + "× without"] + verdict(ratios[4], 1.50))
    for (index, kind) in ["lines", "elements"].enumerated() {
        let (plain, main) = (times[8 + index * 2], times[9 + index * 2])
        table.rows.append(["\(kind), 20,000 airports from single bytes, plain function", String(format: "%.3f", plain), "1.00", "", ""])
        table.rows.append(["\(kind), 20,000 airports from single bytes, main actor", String(format: "%.3f", main), formatRatio(ratios[5 + index]), "", ""])
    }
    return table.render()
}

/// An actor of its own, as a server's service might be.
private actor StreamService {}

/// The child process: prints the median seconds of five alternating rounds of each loop:
/// lines (plain, main actor, actor), elements (the same), dirty elements without and with a
/// report handler, then lines and elements of 20,000 airports from single bytes (plain,
/// main actor); then the median over rounds of each round's ratios (as `Timings.ratio`):
/// lines main actor and actor to plain, elements the same, the handler to none, single-byte
/// lines and elements main actor to plain.
func streamLoopProbe(chunkSize: Int) async {
    let slice = Data(ModelDatasets.airports(count: 200_000))
    let airports = try! ModelDecoder().decode([Airport].self, from: slice)
    let encoder = ModelEncoder()
    let lines = Array(airports.map { String(decoding: try! encoder.encode($0), as: UTF8.self) }.joined(separator: "\n").utf8)
    let array = Array(slice)
    let dirty = ModelDatasets.airports(count: 200_000, dirty: true)
    let service = StreamService()

    func median(_ samples: [Double]) -> Double { samples.sorted()[samples.count / 2] }
    func timed(_ body: () async throws -> Int) async -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        let count = try! await body()
        precondition(count > 0)
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
    let fewElements = Array(ModelDatasets.airports(count: 20_000))
    let fewLines = Array(airports.prefix(20_000).map { String(decoding: try! encoder.encode($0), as: UTF8.self) }.joined(separator: "\n").utf8)
    var samples = Array(repeating: [Double](), count: 12)
    for _ in 0 ..< 5 {
        for (kind, bytes) in [("lines", lines), ("elements", array)] {
            let base = kind == "lines" ? 0 : 3
            samples[base].append(await timed { try await loop(kind, bytes, chunkSize: chunkSize, isolation: nil) })
            samples[base + 1].append(await timed { try await loop(kind, bytes, chunkSize: chunkSize, isolation: MainActor.shared) })
            samples[base + 2].append(await timed { try await loop(kind, bytes, chunkSize: chunkSize, isolation: service) })
        }
        samples[6].append(await timed { try await loop("elements", dirty, chunkSize: chunkSize, isolation: nil) })
        DecodingLog.onReport { _ in }
        samples[7].append(await timed { try await loop("elements", dirty, chunkSize: chunkSize, isolation: nil) })
        DecodingLog.removeAllHandlers()
        for (index, bytes) in [fewLines, fewElements].enumerated() {
            let kind = index == 0 ? "lines" : "elements"
            samples[8 + index * 2].append(await timed { try await loop(kind, bytes, chunkSize: 0, isolation: nil) })
            samples[9 + index * 2].append(await timed { try await loop(kind, bytes, chunkSize: 0, isolation: MainActor.shared) })
        }
    }
    func ratio(_ index: Int, to base: Int) -> Double { median(zip(samples[index], samples[base]).map { $0 / $1 }) }
    let ratios = [ratio(1, to: 0), ratio(2, to: 0), ratio(4, to: 3), ratio(5, to: 3), ratio(7, to: 6), ratio(9, to: 8), ratio(11, to: 10)]
    print((samples.map(median) + ratios).map { String($0) }.joined(separator: " "))
}

/// The loop, on `isolation`'s actor (nil: none, as in a plain function): the values counted.
/// `chunkSize` 0: from single bytes.
private func loop(_ kind: String, _ bytes: [UInt8], chunkSize: Int, isolation: isolated (any Actor)?) async throws -> Int {
    var count = 0
    switch (kind, chunkSize) {
    case ("lines", 0): for try await _ in ModelDecoder().lines(of: Airport.self, from: SingleBytes(bytes: bytes)) { count += 1 }
    case ("lines", _): for try await _ in ModelDecoder().lines(of: Airport.self, from: memoryChunks(bytes, size: chunkSize)) { count += 1 }
    case (_, 0): for try await _ in ModelDecoder().elements(of: Airport.self, from: SingleBytes(bytes: bytes)) { count += 1 }
    default: for try await _ in ModelDecoder().elements(of: Airport.self, from: memoryChunks(bytes, size: chunkSize)) { count += 1 }
    }
    return count
}

/// Bytes one at a time from a buffer, as `URLSession.AsyncBytes` hands them out.
private struct SingleBytes: AsyncSequence {
    let bytes: [UInt8]

    struct AsyncIterator: AsyncIteratorProtocol {
        let bytes: [UInt8]
        var index = 0
        mutating func next() async -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(bytes: bytes) }
}

/// `bytes` in 64 KB chunks, each made when it is asked for, as a file's would be.
private func memoryChunks(_ bytes: [UInt8], size: Int) -> AsyncStream<[UInt8]> {
    let offset = Locked(0)
    return AsyncStream {
        offset.withLock { offset in
            guard offset < bytes.count else { return nil }
            let end = min(offset + size, bytes.count)
            defer { offset = end }
            return Array(bytes[offset ..< end])
        }
    }
}
