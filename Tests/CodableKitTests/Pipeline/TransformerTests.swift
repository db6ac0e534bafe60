import Foundation
import Testing
@testable import CodableKit

/// A type only these tests use, so that registering transformers for it app-wide
/// cannot disturb tests running in parallel.
struct Temperature: Codable, Equatable, Sendable {
    var celsius: Double
}

/// Reads a number, tagging which transformer produced the value.
struct TemperatureTransformer: ValueTransformable {
    var offset: Double
    func transformFromJSON(_ value: JSONValue) -> Temperature? {
        switch value {
        case let .int(number): Temperature(celsius: Double(number) + offset)
        case let .double(number): Temperature(celsius: number + offset)
        default: nil
        }
    }
    func transformToJSON(_ value: Temperature) -> Double? { value.celsius - offset }
}

/// The order: the model's own mapping, then per call, then app-wide, then native decoding.
/// Serialized: the app-wide registry is shared by every test in the process.
@Suite(.serialized) struct TransformerTests {
    struct Reading: DecodableModel {
        var mapped = Temperature(celsius: -1)
        var byType = Temperature(celsius: -1)
        var optional: Temperature?
        static func mappingForValue() -> [ValueMapping]? {
            [CodingKeys.mapped <--- TemperatureTransformer(offset: 1000)]
        }
    }

    let json = #"{"mapped": 1, "byType": 2, "optional": 3}"#

    @Test func modelMappingBeatsPerCallBeatsGlobal() throws {
        GlobalTransformers.register(TemperatureTransformer(offset: 100))
        defer { GlobalTransformers.unregister(Temperature.self) }
        let global = try Reading.decode(from: json)
        #expect(global.mapped.celsius == 1001)
        #expect(global.byType.celsius == 102)
        #expect(global.optional?.celsius == 103)

        let perCall = try Reading.decode(from: json, options: .init(transformers: [TemperatureTransformer(offset: 10)]))
        #expect(perCall.mapped.celsius == 1001)
        #expect(perCall.byType.celsius == 12)
        #expect(perCall.optional?.celsius == 13)
    }

    #if canImport(Observation)
    /// An app-wide transformer applies to an `@Observable` model's property, both ways.
    @Test func appWideTransformerOnAnObservableModel() throws {
        guard #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) else { return }
        GlobalTransformers.register(TemperatureTransformer(offset: 100))
        defer { GlobalTransformers.unregister(Temperature.self) }
        let thermometer = try Observed.Thermometer.decode(from: #"{"reading": 2, "place": "Leeds"}"#)
        #expect(thermometer.reading.celsius == 102 && thermometer.place == "Leeds")
        #expect(thermometer.toJSONString(options: .init(sortedKeys: true)) == #"{"place":"Leeds","reading":2}"#)
    }
    #endif

    @Test func withoutTransformersValuesDecodeNatively() throws {
        let native = try Reading.decode(from: #"{"byType": {"celsius": 21.5}}"#)
        #expect(native.byType.celsius == 21.5)
    }

    @Test func transformerReturningNilIsRecordedAndFallsBack() throws {
        let (reading, report) = try Reading.decodeWithReport(from: #"{"mapped": "hot"}"#)
        #expect(reading.mapped.celsius == -1)
        #expect(report.issues.first { $0.path == "mapped" }?.kind == .transformFailed)
    }

    @Test func registryChangesApplyFromTheNextDecode() throws {
        GlobalTransformers.register(TemperatureTransformer(offset: 100))
        #expect(try Reading.decode(from: json).byType.celsius == 102)
        GlobalTransformers.register(TemperatureTransformer(offset: 200))
        #expect(try Reading.decode(from: json).byType.celsius == 202)
        GlobalTransformers.unregister(Temperature.self)
        #expect(try Reading.decode(from: json).byType.celsius == -1)  // native decoding of 2 fails: initial value
        GlobalTransformers.register(TemperatureTransformer(offset: 100))
        GlobalTransformers.removeAll()
        #expect(try Reading.decode(from: json).optional == nil)
    }

    @Test func concurrentDecodesWhileTheRegistryChanges() async throws {
        struct Marker: Sendable {}
        struct MarkerTransformer: ValueTransformable {
            func transformFromJSON(_ value: JSONValue) -> Marker? { Marker() }
            func transformToJSON(_ value: Marker) -> Int? { 0 }
        }
        GlobalTransformers.register(TemperatureTransformer(offset: 100))
        defer { GlobalTransformers.removeAll() }
        let deadline = ContinuousClock.now + .seconds(2)
        try await withThrowingTaskGroup(of: Int.self) { group in
            group.addTask {
                // At least one round each, however late a slow run (under a sanitizer) starts the task.
                var changes = 0
                repeat {
                    GlobalTransformers.register(MarkerTransformer())
                    GlobalTransformers.unregister(Marker.self)
                    GlobalTransformers.register(TemperatureTransformer(offset: 100))  // same transformer again
                    changes += 1
                } while ContinuousClock.now < deadline && changes < 20_000
                return changes
            }
            for _ in 0 ..< 4 {
                group.addTask {
                    var decodes = 0
                    repeat {
                        let reading = try Reading.decode(from: json)
                        guard reading.byType.celsius == 102, reading.mapped.celsius == 1001 else {
                            throw CancellationError()
                        }
                        decodes += 1
                    } while ContinuousClock.now < deadline && decodes < 20_000
                    return decodes
                }
            }
            var total = 0
            for try await count in group { total += count }
            #expect(total > 0)
        }
    }
}
