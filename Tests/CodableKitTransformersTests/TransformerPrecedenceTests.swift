import Foundation
import Testing
import CodableKitTransformers

/// App-wide transformers apply by type; per-call ones beat them; a model's own
/// mapping beats both. The tests that register for `Date` run in a child process each:
/// other suites decode `Date` at the same time in this process (the generated
/// differential against JSONDecoder among them), and an app-wide `Date` transformer
/// would change their results.
@Suite(.serialized) struct TransformerPrecedenceTests {
    struct Stamps: DecodableModel {
        var plain: Date?
        var required = Date(timeIntervalSince1970: 0)
        var mapped: Date?
        static func mappingForValue() -> [ValueMapping]? { [CodingKeys.mapped <--- DateTransformer(.secondsSince1970)] }
    }

    @Test func globalThenPerCallThenModel() async {
        await #expect(processExitsWith: .success) {
            GlobalTransformers.register(DateTransformer(.iso8601))
            let json = #"{"plain": "2024-12-10T08:30:00Z", "required": "2024-12-10", "mapped": 1733819400}"#
            let global = try Stamps.decode(from: json)
            guard global.plain == Date(timeIntervalSince1970: 1_733_819_400),
                  global.required == Date(timeIntervalSince1970: 1_733_788_800),
                  global.mapped == Date(timeIntervalSince1970: 1_733_819_400) else { exit(1) }

            let perCall = try Stamps.decode(from: #"{"plain": 1733819400000, "mapped": 1733819400}"#,
                                            options: .init(transformers: [DateTransformer(.millisecondsSince1970)]))
            guard perCall.plain == Date(timeIntervalSince1970: 1_733_819_400),
                  perCall.mapped == Date(timeIntervalSince1970: 1_733_819_400) else { exit(2) }
        }
    }

    /// All four levels, decoding and encoding: the property's mapping > the call's settings
    /// (a strategy set in code, `options.transformers`) > the app-wide registry > built-in.
    @Test func aStrategySetInCodeBeatsTheAppWideRegistry() async {
        await #expect(processExitsWith: .success) {
            struct Event: Codable, Equatable { var at: Date }
            let seconds = Data(#"{"at": 1700000000}"#.utf8)
            let date = Event(at: Date(timeIntervalSince1970: 1_700_000_000))
            // 4: built in.
            guard try ModelDecoder().decode(Event.self, from: Data(#"{"at": 721692800}"#.utf8)) == date else { exit(1) }
            GlobalTransformers.register(DateTransformer(.iso8601))
            // 3: the registry, where the call set nothing.
            guard try ModelDecoder().decode(Event.self, from: Data(#"{"at": "2023-11-14T22:13:20Z"}"#.utf8)) == date,
                  String(decoding: try ModelEncoder().encode(date), as: UTF8.self) == #"{"at":"2023-11-14T22:13:20Z"}"# else { exit(2) }
            // 2: a strategy set in code, on the decoder, the encoder, or the options.
            let decoder = ModelDecoder()
            decoder.dateDecodingStrategy = .secondsSince1970
            let encoder = ModelEncoder()
            encoder.dateEncodingStrategy = .secondsSince1970
            var options = DecodingOptions()
            options.dateDecodingStrategy = .deferredToDate  // the default, but set: it wins too
            guard try decoder.decode(Event.self, from: seconds) == date,
                  String(decoding: try encoder.encode(date), as: UTF8.self) == #"{"at":1700000000}"#,
                  try ModelDecoder(options: options).decode(Event.self, from: Data(#"{"at": 721692800}"#.utf8)) == date
            else { exit(3) }
            // 2 again: a transformer for the call beats the strategy set beside it.
            let both = ModelDecoder(options: .init(transformers: [DateTransformer(.millisecondsSince1970)]))
            both.dateDecodingStrategy = .secondsSince1970
            guard try both.decode(Event.self, from: Data(#"{"at": 1700000000000}"#.utf8)) == date else { exit(4) }
            // 1: the property's own mapping beats them all.
            guard let stamps = Stamps.deserialize(from: #"{"mapped": 1733819400}"#),
                  stamps.mapped == Date(timeIntervalSince1970: 1_733_819_400) else { exit(5) }
        }
    }

    @Test func transformerReturningNilFallsBackAndIsRecorded() throws {
        let (stamps, report) = try Stamps.decodeWithReport(from: #"{"mapped": "not a number"}"#)
        #expect(stamps.mapped == nil)
        #expect(report.issues.contains { $0.path == "mapped" && $0.kind == .transformFailed })
    }

    @Test func registryChangesWhileDecodingOnManyThreads() async {
        await #expect(processExitsWith: .success) {
            try await Self.decodeWhileTheRegistryChanges()
        }
    }

    private static func decodeWhileTheRegistryChanges() async throws {
        let json = #"{"mapped": 1733819400, "plain": "2024-12-10T08:30:00Z"}"#
        let deadline = ContinuousClock.now + .seconds(2)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                // At least one round each, however late a slow run (under a sanitizer) starts the task.
                var flips = 0
                repeat {
                    GlobalTransformers.register(DateTransformer(.iso8601))
                    GlobalTransformers.unregister(Date.self)
                    flips += 1
                } while ContinuousClock.now < deadline && flips < 10_000
            }
            for _ in 0 ..< 4 {
                group.addTask {
                    repeat {
                        let stamps = try Stamps.decode(from: json)
                        // `mapped` never depends on the registry; `plain` is either read or left nil.
                        guard stamps.mapped == Date(timeIntervalSince1970: 1_733_819_400),
                              stamps.plain == nil || stamps.plain == Date(timeIntervalSince1970: 1_733_819_400) else {
                            throw CancellationError()
                        }
                    } while ContinuousClock.now < deadline
                }
            }
            try await group.waitForAll()
        }
        GlobalTransformers.unregister(Date.self)
    }
}
