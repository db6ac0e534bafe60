import CodableKit
import Foundation
#if canImport(Observation)
import Observation

/// An `@Observable` class as today's SwiftUI code writes it: CodableKit reads and writes
/// its declared names (`name`), where the synthesized `Codable` asks for the macro's `_name`.
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable class Profile: CodableModel {
    var name = "anon"
    var age = 0
    required init() {}
    // The keys Swift synthesizes anyway, spelled out only to silence its warning that the
    // macro's registrar (a `let` with a value) is not decoded; CodableKit needs neither.
    enum CodingKeys: String, CodingKey { case _name, _age, _$observationRegistrar }
}

/// What an observable subclass adds is read and written too (Swift synthesizes no
/// `Codable` for a subclass; CodableKit reads the macro's storage after the inherited code).
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable final class Member: Profile {
    var plan = "free"
}

/// Counts observer calls (the callback may run on any thread).
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func increment() { lock.withLock { value += 1 } }
    var count: Int { lock.withLock { value } }
}

func observableSection(_ out: inout ExamplePrinter) throws {
    guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else {
        return out.line("Observation needs macOS 14, iOS 17, tvOS 17 or watchOS 10.")
    }
    let profile = try Profile.decode(from: #"{"name": "Ada", "age": "36"}"#)
    out.line("@Observable class Profile: CodableModel { var name = \"anon\"; var age = 0 }")
    out.line("Decoded: \(profile.name), \(profile.age)")
    let changes = Counter()
    withObservationTracking { _ = profile.age } onChange: { changes.increment() }
    profile.age += 1
    out.line("Observers fired: \(changes.count)")
    out.line("Written back: \(profile.toJSONString(options: .init(sortedKeys: true)) ?? "(encoding failed)")")
    let member = try Member.decode(from: #"{"name": "Bo", "age": 30, "plan": "pro"}"#)
    out.line("@Observable final class Member: Profile { var plan = \"free\" }")
    out.line("Member written back: \(member.toJSONString(options: .init(sortedKeys: true)) ?? "(encoding failed)")")
}
#else
func observableSection(_ out: inout ExamplePrinter) throws {
    out.line("The Observation module is not available on this platform.")
}
#endif
