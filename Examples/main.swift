// `swift run Examples` runs every section of the tour; `swift run Examples <name>`
// runs one; `swift run Examples --help` lists them.
import Foundation

func printHelp(_ examples: [Example]) {
    print("usage: swift run Examples [name…]\n\nSections:")
    for example in examples {
        print("  \(example.name.padding(toLength: 10, withPad: " ", startingAt: 0)) \(example.summary)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    printHelp(tour)
    exit(0)
}
let chosen = arguments.isEmpty ? tour : tour.filter { arguments.contains($0.name) }
if chosen.isEmpty {
    print("no section named \(arguments.joined(separator: " "))\n")
    printHelp(tour)
    exit(1)
}
for example in chosen {
    var printer = ExamplePrinter()
    do {
        try await example.run(&printer)
    } catch {
        print("error in \(example.name): \(error)")
        exit(1)
    }
    print("== \(example.name): \(example.summary)\n")
    print(printer.text)
}
