import Foundation

/// Times closures that do the same work different ways: each runs in batches
/// long enough to measure, the batches of all of them are interleaved so that
/// they share whatever else the (shared, noisy) machine is doing, and each
/// gets the median of its batches, as seconds per call. A ratio of two of them is the
/// median over rounds of their ratio within a round (`Timings.ratio`).
struct Harness {
    var runs: Int
    var minimumBatchSeconds: Double

    static let standard = Harness(runs: 21, minimumBatchSeconds: 0.03)
    static let quick = Harness(runs: 3, minimumBatchSeconds: 0.005)

    func secondsPerCall(_ contenders: [() -> Void]) -> Timings {
        let batchSizes = contenders.map { body in
            body()  // warm up caches and lazy initialisation
            var iterations = 1
            while time(iterations, body) < minimumBatchSeconds, iterations < 1 << 20 { iterations *= 2 }
            return iterations
        }
        var samples = Array(repeating: [Double](), count: contenders.count)
        for _ in 0 ..< runs {
            for (index, body) in contenders.enumerated() {
                samples[index].append(time(batchSizes[index], body) / Double(batchSizes[index]))
            }
        }
        return Timings(samples: samples)
    }

    private func time(_ iterations: Int, _ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0 ..< iterations { body() }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

/// Each contender's seconds per call, in every round.
struct Timings {
    /// Per contender, per round.
    let samples: [[Double]]

    /// Contender `index`'s median seconds per call.
    subscript(index: Int) -> Double { median(samples[index]) }

    /// Contender `index`'s time over contender `base`'s: the median over rounds of the ratio
    /// within each round. The two batches of a round run a fraction of a second apart, so a
    /// slow stretch of the shared machine (seconds long, and a fifth of a run at times) moves
    /// both sides of a round's ratio together, where it moves one median and not the other.
    func ratio(_ index: Int, to base: Int) -> Double {
        median(zip(samples[index], samples[base]).map { $0 / $1 })
    }

    private func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
}

/// A fixed-width text table.
struct Table {
    var header: [String]
    var rows: [[String]] = []

    func render() -> String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0[column].count }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { index, cell in
                index == 0 ? cell.padding(toLength: widths[index], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }.joined(separator: "  ")
        }
        return ([line(header), widths.map { String(repeating: "-", count: $0) }.joined(separator: "  ")]
            + rows.map(line)).joined(separator: "\n")
    }
}

func megabytesPerSecond(_ bytes: Int, _ seconds: Double) -> String {
    String(format: "%.0f", Double(bytes) / seconds / 1_000_000)
}

func formatRatio(_ value: Double) -> String {
    String(format: "%.2f", value)
}

/// A ratio against its target (at most): "≤ 0.30" and "PASS" or "FAIL", as two table cells.
func verdict(_ ratio: Double, _ target: Double) -> [String] {
    ["≤ \(formatRatio(target))", ratio <= target ? "PASS" : "FAIL"]
}

func formatSize(_ bytes: Int) -> String {
    bytes >= 1_000_000 ? String(format: "%.1f MB", Double(bytes) / 1e6) : String(format: "%.0f KB", Double(bytes) / 1e3)
}
