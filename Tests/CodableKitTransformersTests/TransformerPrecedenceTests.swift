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
