import Foundation
import Testing
import CodableKitTransformers

/// App-wide transformers for the kernel's own types (`Double`, `String`): the
/// transformer converts its JSON side with the kernel's rules, never by decoding
/// through itself again (which recursed until the stack overflowed). Each test runs
/// in a child process: a registration for `Double` would change every other test.
@Suite struct AppWideBuiltInTypeTests {
    struct Reading: CodableModel {
        var value = 0.0
        var values: [Double] = []
        var label = ""
    }

    @Test func appWideDoubleTransformerAppliesToPropertiesAndElements() async {
        await #expect(processExitsWith: .success) {
            GlobalTransformers.register(FastTransformer<Double, Double>(fromJSON: { $0.map { $0 * 2 } }, toJSON: { $0 }))
            let reading = Reading.deserialize(from: #"{"value": 1.5, "values": [1, "2", 3.5], "label": "x"}"#)
            guard let reading, reading.value == 3, reading.values == [2, 4, 7], reading.label == "x" else { exit(1) }
        }
    }

    @Test func appWideTrimmingStringTransformer() async {
        await #expect(processExitsWith: .success) {
            GlobalTransformers.register(FastTransformer<String, String>(
                fromJSON: { $0?.trimmingCharacters(in: .whitespaces) }, toJSON: { $0 }))
            let reading = Reading.deserialize(from: #"{"label": "  padded  ", "value": 1}"#)
            guard let reading, reading.label == "padded", reading.value == 1 else { exit(1) }
        }
    }

    /// The same for an integer type (also in a child process: other suites decode
    /// `Int16` in this process at the same time, the differential against JSONDecoder among them).
    @Test func appWideTransformerForAnIntegerType() async {
        await #expect(processExitsWith: .success) {
            struct Counts: DecodableModel { var one: Int16 = 0; var many: [Int16] = [] }
            GlobalTransformers.register(FastTransformer<Int16, Int16>(fromJSON: { $0.map { $0 + 1 } }))
            let counts = try Counts.decode(from: #"{"one": 1, "many": [1, "2", 3]}"#)
            guard counts.one == 2, counts.many == [2, 3, 4] else { exit(1) }
        }
    }
}
