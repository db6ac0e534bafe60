import CodableKit
import CodableKitKeyStrategies
import Foundation

/// The cost of a naming convention: snake_case airports decoded with `.snakeCase`,
/// next to the same airports with camelCase keys and no strategy (the target is at
/// most 5% more), in one interleaved run, with plain models and with the same models
/// declared `SynthesizedCodable`. A control row decodes the same snake_case bytes with the
/// keys written in `CodingKeys` and no strategy: the longer keys cost something by
/// themselves. `JSONDecoder` with `.convertFromSnakeCase` is shown for reference.
func keyStrategyBenchmark(_ harness: Harness) -> String {
    let camel = Data(ModelDatasets.namedAirports(count: 1_000, snakeCase: false))
    let snake = Data(ModelDatasets.namedAirports(count: 1_000, snakeCase: true))
    let options = DecodingOptions(keyStrategies: [.snakeCase])
    let foundation = JSONDecoder()
    foundation.keyDecodingStrategy = .convertFromSnakeCase
    let times = harness.secondsPerCall([
        { _ = [NamedAirport].deserialize(from: camel)! },
        { _ = [NamedAirport].deserialize(from: snake, options: options)! },
        { _ = try! foundation.decode([NamedAirport].self, from: snake) },
        { _ = [SnakeKeyedAirport].deserialize(from: snake)! },
        { _ = [DeclaredNamedAirport].deserialize(from: camel)! },
        { _ = [DeclaredNamedAirport].deserialize(from: snake, options: options)! },
    ])
    var table = Table(header: ["decode", "size", "MB/s", "time vs camelCase without a strategy", "target", ""])
    for (label, base) in [("plain", 0), ("declared", 4)] {
        let strategy = base == 0 ? 1 : 5
        table.rows.append(["CodableKit, camelCase keys, no strategy, \(label)", formatSize(camel.count),
                           megabytesPerSecond(camel.count, times[base]), "1.00", "", ""])
        table.rows.append(["CodableKit, snake_case keys, .snakeCase, \(label)", formatSize(snake.count),
                           megabytesPerSecond(snake.count, times[strategy]),
                           formatRatio(times.ratio(strategy, to: base))] + verdict(times.ratio(strategy, to: base), 1.05))
    }
    table.rows.append(["CodableKit, snake_case keys written in CodingKeys (control), plain", formatSize(snake.count),
                       megabytesPerSecond(snake.count, times[3]), formatRatio(times.ratio(3, to: 0)), "", ""])
    table.rows.append(["JSONDecoder, snake_case keys, .convertFromSnakeCase", formatSize(snake.count),
                       megabytesPerSecond(snake.count, times[2]), formatRatio(times.ratio(2, to: 0)), "", ""])
    return table.render()
}
