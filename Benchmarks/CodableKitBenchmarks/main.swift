// CodableKit's benchmarks: `swift run -c release CodableKitBenchmarks [--quick] [section…]`.
// Every figure compares against Foundation on the same data in the same process.
import Foundation

let arguments = Set(CommandLine.arguments.dropFirst())
let harness = arguments.contains("--quick") ? Harness.quick : Harness.standard
let sections: [(name: String, run: (Harness) -> String)] = [
    ("reader", readerBenchmark),
]
#if DEBUG
print("warning: a debug build; use `swift run -c release CodableKitBenchmarks` for figures\n")
#endif
for section in sections where arguments.subtracting(["--quick"]).isEmpty || arguments.contains(section.name) {
    print("== \(section.name)\n")
    print(section.run(harness))
    print()
}
