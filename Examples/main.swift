// `swift run Examples` runs every section; `swift run Examples <name>` runs one;
// `swift run Examples --help` lists them.
import CodableKit
import Foundation

/// One runnable section of the tour.
struct Example {
    var name: String
    var summary: String
    var run: () throws -> Void
}

let examples: [Example] = [
    Example(name: "reader", summary: "Read a messy API payload and show what is in it", run: readerExample),
]

func printHelp(_ examples: [Example]) {
    print("usage: swift run Examples [name]\n\nSections:")
    for example in examples {
        print("  \(example.name.padding(toLength: 12, withPad: " ", startingAt: 0)) \(example.summary)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    printHelp(examples)
    exit(0)
}
let chosen = arguments.isEmpty ? examples : examples.filter { arguments.contains($0.name) }
if chosen.isEmpty {
    print("no example named \(arguments.joined(separator: " "))\n")
    printHelp(examples)
    exit(1)
}
for example in chosen {
    print("== \(example.name): \(example.summary)\n")
    do {
        try example.run()
    } catch {
        print("error: \(error)")
        exit(1)
    }
    print()
}
