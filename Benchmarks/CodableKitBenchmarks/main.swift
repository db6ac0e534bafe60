// CodableKit's benchmarks: `swift run -c release CodableKitBenchmarks [--quick] [section…]`
// in this package's folder, or `… profile <dataset> [seconds]` to run one dataset under a
// profiler (see README.md).
// Every figure compares against Foundation on the same data in the same process.
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
if argumentList.first == "stream-probe", argumentList.count == 3 {
    // The child process of the `streams` section: one file streamed, its peak memory and time printed.
    await streamProbe(kind: argumentList[1], path: argumentList[2])
    exit(0)
}
if argumentList.first == "stream-loops" {
    // The child process of the `streams` section's loop rows: its top level is the main actor.
    await streamLoopProbe(chunkSize: (argumentList.count > 1 ? Int(argumentList[1]) : nil) ?? 64 * 1024)
    exit(0)
}
if argumentList.first == "first-decode", argumentList.count == 3 {
    // The child process of the `first-decode` section: one first decode, its seconds printed.
    print(FirstDecode.run(argumentList[1], decoder: argumentList[2]))
    exit(0)
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
    ("hostile", hostileBenchmark),
    ("streams", streamBenchmark),
]
#if DEBUG
print("warning: a debug build; use `swift run -c release CodableKitBenchmarks` for figures\n")
#endif
for section in sections where arguments.subtracting(["--quick"]).isEmpty || arguments.contains(section.name) {
    print("== \(section.name)\n")
    print(section.run(harness))
    print()
}
