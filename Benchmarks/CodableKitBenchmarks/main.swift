// CodableKit's benchmarks: `swift run -c release CodableKitBenchmarks [--quick] [section…]`,
// or `… profile <dataset> [seconds]` to run one dataset under a profiler.
// Every figure compares against Foundation on the same data in the same process.
import CodableKitTestSupport
import Foundation

let argumentList = Array(CommandLine.arguments.dropFirst())
if argumentList.first == "memory-probe", argumentList.count == 3 {
    memoryProbe(decoder: argumentList[1], path: argumentList[2])
    exit(0)
}
if argumentList.first == "profile", argumentList.count >= 2 {
    profile(argumentList[1], seconds: argumentList.count > 2 ? Double(argumentList[2]) ?? 10 : 10)
    exit(0)
}
if argumentList.first == "first-decode", argumentList.count == 3 {
    // The child process of the `first-decode` section: one first decode, its seconds printed.
    print(FirstDecode.run(argumentList[1], decoder: argumentList[2]))
    exit(0)
}
if argumentList.first == "strict-diff" {
    // `strict-diff [COUNT] [SEED]`: the generated differential against JSONDecoder (see StrictDifferential).
    let count = argumentList.count > 1 ? Int(argumentList[1]) ?? 20_000 : 20_000
    let seed = argumentList.count > 2 ? UInt64(argumentList[2]) ?? 18 : 18
    let result = StrictDifferential.run(count: count, seed: seed)
    print("\(result.cases) cases, seed \(seed): \(result.sameValue) same value, \(result.sameError) same error, "
        + "\(result.documented) documented differences, \(result.differences.count) other differences in \(result.groups.count) groups")
    for (group, cases) in result.groups.sorted(by: { $0.key < $1.key }) { print("\(cases.count)× \(group)\n\(cases[0])") }
    exit(result.differences.isEmpty ? 0 : 1)
}
let arguments = Set(argumentList)
let harness = arguments.contains("--quick") ? Harness.quick : Harness.standard
let sections: [(name: String, run: (Harness) -> String)] = [
    ("reader", readerBenchmark),
    ("decoding", decodingBenchmark),
    ("realworld", realWorldBenchmark),
    ("first-decode", firstDecodeBenchmark),
    ("keys", keyStrategyBenchmark),
    ("enums", enumBenchmark),
    ("encoding", encodingBenchmark),
    ("subclasses", subclassBenchmark),
    ("memory", memoryBenchmark),
]
#if DEBUG
print("warning: a debug build; use `swift run -c release CodableKitBenchmarks` for figures\n")
#endif
for section in sections where arguments.subtracting(["--quick"]).isEmpty || arguments.contains(section.name) {
    print("== \(section.name)\n")
    print(section.run(harness))
    print()
}
