import CodableKit
import Foundation

/// The first decode of a type, as an app meets it: each case runs in a fresh process
/// (this program, started again with `first-decode CASE DECODER`), which times only the
/// decode's CPU time — its input is read before the clock starts — and prints it. Cases:
/// many distinct model types decoded once each (`FirstDecodeModels`, clean, then with a
/// key missing so that initial values are needed), and the real payloads' first decode.
/// Each time is the median over fresh processes; each ratio is the median of the ratios
/// within a round, where both decoders' processes ran back to back.
enum FirstDecode {
    struct Case {
        let name: String
        let label: String
        /// The target for CodableKit / JSONDecoder, if the case has one.
        let target: Double?
        /// Compared with JSONDecoder's first decode of `foundationCase` (the same models,
        /// which JSONDecoder cannot decode from this case's input).
        var foundationCase: String?
    }

    static let cases = [
        Case(name: "many", label: "\(FirstDecodeModels.count) model types, once each", target: 1.0),
        Case(name: "many-missing", label: "  same, a key missing (initial values)", target: nil, foundationCase: "many"),
        Case(name: "twitter", label: "twitter.json", target: 0.5),
        Case(name: "citm", label: "citm_catalog.json", target: nil),
        Case(name: "canada", label: "canada.json", target: nil),
    ]

    /// One model's JSON; `missing` leaves out a key of the model and one of its nested model.
    static func payload(missing: Bool) -> Data {
        let count = missing ? "" : #""count":3,"#
        let value = missing ? "" : #""value":2,"#
        return Data(#"{"id":17,"name":"Ada","title":"Dr","score":1.5,"active":true,"tags":["a","b"],\#(count)"detail":{"label":"l",\#(value)"note":"x"}}"#.utf8)
    }

    /// The child process: decodes `name` with `decoder` once and returns the seconds it took.
    static func run(_ name: String, decoder: String) -> Double {
        let foundation = decoder == "foundation"
        let work: () throws -> Void
        switch name {
        case "many", "many-missing":
            let data = payload(missing: name == "many-missing")
            work = { foundation ? try FirstDecodeModels.foundation(data) : try FirstDecodeModels.codableKit(data) }
        default:
            let file = ["twitter": "twitter.json", "citm": "citm_catalog.json", "canada": "canada.json"][name] ?? name
            guard let data = try? Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
                .appendingPathComponent("../../../shared/data/nativejson/\(file)")) else { return .nan }
            switch (name, foundation) {
            case ("twitter", true): work = { _ = try JSONDecoder().decode(Tweets.self, from: data) }
            case ("twitter", false): work = { _ = try ModelDecoder().decode(Tweets.self, from: data) }
            case ("citm", true): work = { _ = try JSONDecoder().decode(Citm.self, from: data) }
            case ("citm", false): work = { _ = try ModelDecoder().decode(Citm.self, from: data) }
            case (_, true): work = { _ = try JSONDecoder().decode(Canada.self, from: data) }
            case (_, false): work = { _ = try ModelDecoder().decode(Canada.self, from: data) }
            }
        }
        let start = threadCPUNanoseconds()
        do { try work() } catch { return .nan }
        return Double(threadCPUNanoseconds() - start) / 1e9
    }

    /// The calling thread's CPU time: unlike the wall clock, it leaves out the time the
    /// thread waited while the machine ran something else.
    static func threadCPUNanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// Starts this program again for one case and decoder; nil if the child failed.
    static func spawn(_ name: String, decoder: String) -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        process.arguments = ["first-decode", name, decoder]
        let pipe = Pipe()
        process.standardOutput = pipe
        do { try process.run() } catch { return nil }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Double(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

/// The `first-decode` section: a row per case, CodableKit's first decode against JSONDecoder's.
func firstDecodeBenchmark(_ harness: Harness) -> String {
    let processes = max(harness.runs, 5)
    // One dictionary per round ("case decoder" → seconds): a round runs each child once,
    // back to back, so that a ratio compares processes that met the same machine.
    var rounds: [[String: Double]] = []
    let needed = Set(FirstDecode.cases.map(\.name) + FirstDecode.cases.compactMap(\.foundationCase))
    for _ in 0 ..< processes {
        var round: [String: Double] = [:]
        for name in needed.sorted() {
            for decoder in ["foundation", "codablekit"] where decoder == "codablekit" || FirstDecode.cases.contains(where: {
                $0.name == name && $0.foundationCase == nil
            }) {
                if let seconds = FirstDecode.spawn(name, decoder: decoder), seconds.isFinite {
                    round["\(name) \(decoder)"] = seconds
                }
            }
        }
        rounds.append(round)
    }
    func median(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : values.sorted()[values.count / 2]
    }
    var table = Table(header: ["first decode, fresh process (CPU time, median of \(processes))", "JSONDecoder", "CodableKit",
                               "ratio", "target", ""])
    func milliseconds(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1e3) }
    for item in FirstDecode.cases {
        let foundationKey = "\(item.foundationCase ?? item.name) foundation", codableKitKey = "\(item.name) codablekit"
        guard let foundation = median(rounds.compactMap { $0[foundationKey] }),
              let codableKit = median(rounds.compactMap { $0[codableKitKey] }),
              let ratio = median(rounds.compactMap { round in round[codableKitKey].flatMap { ck in round[foundationKey].map { ck / $0 } } })
        else {
            table.rows.append([item.label, "n/a", "n/a", "", "", ""])
            continue
        }
        let shown = item.foundationCase == nil ? milliseconds(foundation) : "(fails; clean: \(milliseconds(foundation)))"
        table.rows.append([item.label, shown, milliseconds(codableKit), formatRatio(ratio)]
                          + (item.target.map { verdict(ratio, $0) } ?? ["", ""]))
    }
    return table.render() + "\nratio: the median over rounds of CodableKit's time / JSONDecoder's in the same round\n"
}
