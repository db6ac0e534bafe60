import CodableKit
import Foundation

/// The strict differential's generated types, declared `SynthesizedCodable`, decoded two
/// ways on the same input: by a decoder that uses field plans and by one that runs every
/// model's `init(from:)` (the caller makes both). Values, reports and errors must be the
/// same, in both modes. Each case is an array of a few objects, so that plans are learned
/// early in a run and most cases take them.
public enum PlanDifferential {
    public struct Decoders: Sendable {
        public var planned: @Sendable (DecodingOptions.Mode) -> ModelDecoder
        public var unplanned: @Sendable (DecodingOptions.Mode) -> ModelDecoder

        public init(planned: @escaping @Sendable (DecodingOptions.Mode) -> ModelDecoder,
                    unplanned: @escaping @Sendable (DecodingOptions.Mode) -> ModelDecoder) {
            self.planned = planned
            self.unplanned = unplanned
        }
    }

    /// Runs `count` cases from `seed`: the differences found (each a type, the JSON, both outcomes).
    public static func run(count: Int, seed: UInt64, decoders: Decoders) -> [StrictDifferential.Difference] {
        var random = SeededGenerator(seed: seed)
        var differences: [StrictDifferential.Difference] = []
        let probes = allProbes
        for _ in 0 ..< count {
            let probe = probes[Int.random(in: 0 ..< probes.count, using: &random)]
            let objects = (0 ..< Int.random(in: 1 ... 12, using: &random)).map { _ in
                StrictDifferential.mutate(probe.sample(&random), &random)
            }
            if let difference = probe.compare("[" + objects.joined(separator: ", ") + "]", decoders) { differences.append(difference) }
        }
        return differences
    }

    struct Probe {
        var sample: (inout SeededGenerator) -> String
        var compare: (String, Decoders) -> StrictDifferential.Difference?
    }

    static func probe<T: Decodable & Equatable>(_: T.Type, _ name: String, _ sample: @escaping (inout SeededGenerator) -> String) -> Probe {
        Probe(sample: sample) { json, decoders in compare([T].self, name, json, decoders) }
    }

    /// One outcome of a decode: the value, or nil and the error's case, path and message in
    /// words; with the report's lines where there is one. (Values are compared with `==`: a
    /// dictionary's description follows its hash order, which two equal dictionaries need not share.)
    public static func outcome<T: Decodable>(_: T.Type, _ data: Data, _ decoder: ModelDecoder, report: Bool) -> (value: T?, words: String) {
        do {
            if report {
                let (value, report) = try decoder.decodeWithReport(T.self, from: data)
                return (value, report.issues.map(\.description).joined(separator: "\n"))
            }
            return (try decoder.decode(T.self, from: data), "")
        } catch let error as DecodingError {
            let message: String
            switch error {
            case let .typeMismatch(_, context), let .valueNotFound(_, context), let .keyNotFound(_, context), let .dataCorrupted(context):
                message = context.debugDescription
            @unknown default: message = ""
            }
            return (nil, StrictDifferential.describe(error) + ": " + message)
        } catch {
            return (nil, "\(error)")
        }
    }

    /// Whether two outcomes are the same.
    public static func same<T: Equatable>(_ lhs: (value: T?, words: String), _ rhs: (value: T?, words: String)) -> Bool {
        lhs.value == rhs.value && lhs.words == rhs.words
    }

    static func compare<T: Decodable & Equatable>(_: T.Type, _ name: String, _ json: String, _ decoders: Decoders)
        -> StrictDifferential.Difference? {
        let data = Data(json.utf8)
        for (mode, report) in [(DecodingOptions.Mode.tolerant, true), (.tolerant, false), (.strict, false), (.strict, true)] {
            let planned = outcome(T.self, data, decoders.planned(mode), report: report)
            let unplanned = outcome(T.self, data, decoders.unplanned(mode), report: report)
            if !same(planned, unplanned) {
                func words(_ outcome: (value: T?, words: String)) -> String { outcome.value.map { "value \($0)\n" } ?? "" + outcome.words }
                return StrictDifferential.Difference(type: "\(name) (\(mode)\(report ? ", report" : ""))", json: json,
                                                     foundation: "init(from:): \(words(unplanned))", codableKit: "plan: \(words(planned))")
            }
        }
        return nil
    }

    /// A generated type that takes plans (for a test to check that it has one).
    public static var planProbeType: any DecodableModel.Type { Record<Int>.self }

    // MARK: Types

    /// A value every declared box starts from (its initial value).
    public protocol Sample: Codable, Equatable { static var sample: Self { get } }

    struct Box<T: Sample>: CodableModel, SynthesizedCodable, Equatable { var v: T = .sample }
    struct OptionalBox<T: Sample>: CodableModel, SynthesizedCodable, Equatable { var v: T? }
    /// An optional whose initial value is not nil: an absent key keeps it.
    struct KeptOptionalBox<T: Sample>: CodableModel, SynthesizedCodable, Equatable { var v: T? = .sample }
    /// Several properties, renamed keys and a nested declared model.
    struct Record<T: Sample>: CodableModel, SynthesizedCodable, Equatable {
        var id = 0, value: T = .sample, list: [T] = [], note: String? = "n", inner = Box<T>()
        enum CodingKeys: String, CodingKey { case id = "ID", value, list, note, inner }
    }

    static func boxed(_ value: String) -> String { #"{"v": "# + value + "}" }

    static func scalarProbes<T: Sample>(_: T.Type, _ name: String) -> [Probe] {
        typealias S = StrictDifferential
        return [probe(Box<T>.self, name) { boxed(S.member(&$0, S.scalarJSON(&$0))) },
                probe(OptionalBox<T>.self, name + "?") { boxed(S.scalarJSON(&$0)) },
                probe(KeptOptionalBox<T>.self, name + "? = sample") { boxed(S.scalarJSON(&$0)) },
                probe(Box<[T]>.self, "[\(name)]") { boxed(S.arrayJSON(&$0)) },
                probe(Box<[String: T]>.self, "[String: \(name)]") { boxed(S.objectJSON(&$0)) },
                probe(Record<T>.self, "record of \(name)") { random in
                    var members = [#""ID": \#(S.member(&random, "1"))"#, #""value": \#(S.scalarJSON(&random))"#,
                                   #""list": \#(S.arrayJSON(&random))"#, #""note": \#(S.member(&random, #""x""#))"#,
                                   #""inner": \#(S.member(&random, boxed(S.scalarJSON(&random))))"#]
                    if Int.random(in: 0 ..< 4, using: &random) == 0 { members.remove(at: Int.random(in: 0 ..< members.count, using: &random)) }
                    return "{" + members.shuffled(using: &random).joined(separator: ", ") + "}"
                }]
    }

    static var allProbes: [Probe] {
        var probes: [Probe] = []
        probes += scalarProbes(Int.self, "Int") + scalarProbes(Int8.self, "Int8") + scalarProbes(Int32.self, "Int32")
        probes += scalarProbes(Int64.self, "Int64") + scalarProbes(UInt.self, "UInt") + scalarProbes(UInt8.self, "UInt8")
        probes += scalarProbes(Float.self, "Float") + scalarProbes(Double.self, "Double") + scalarProbes(Bool.self, "Bool")
        probes += scalarProbes(String.self, "String") + scalarProbes(Decimal.self, "Decimal") + scalarProbes(Date.self, "Date")
        probes += scalarProbes(Data.self, "Data") + scalarProbes(URL.self, "URL") + scalarProbes(StrictDifferential.Raw.self, "Raw enum")
        probes += scalarProbes(AnyJSON.self, "AnyJSON")
        probes += [
            probe(StrictDifferential.PlannedModel.self, "planned model") { StrictDifferential.plannedModelJSON(&$0) },
            probe(StrictDifferential.PlannedFlat.self, "planned flat model") { StrictDifferential.plannedFlatJSON(&$0) },
        ]
        return probes
    }
}

extension Int: PlanDifferential.Sample { public static var sample: Int { 7 } }
extension Int8: PlanDifferential.Sample { public static var sample: Int8 { 7 } }
extension Int32: PlanDifferential.Sample { public static var sample: Int32 { 7 } }
extension Int64: PlanDifferential.Sample { public static var sample: Int64 { 7 } }
extension UInt: PlanDifferential.Sample { public static var sample: UInt { 7 } }
extension UInt8: PlanDifferential.Sample { public static var sample: UInt8 { 7 } }
extension Float: PlanDifferential.Sample { public static var sample: Float { 1.5 } }
extension Double: PlanDifferential.Sample { public static var sample: Double { 1.5 } }
extension Bool: PlanDifferential.Sample { public static var sample: Bool { true } }
extension String: PlanDifferential.Sample { public static var sample: String { "sample" } }
extension Decimal: PlanDifferential.Sample { public static var sample: Decimal { 2.5 } }
extension Date: PlanDifferential.Sample { public static var sample: Date { Date(timeIntervalSince1970: 0) } }
extension Data: PlanDifferential.Sample { public static var sample: Data { Data([1, 2]) } }
extension URL: PlanDifferential.Sample { public static var sample: URL { URL(string: "https://example.com")! } }
extension StrictDifferential.Raw: PlanDifferential.Sample { static var sample: Self { .b } }
extension AnyJSON: PlanDifferential.Sample { public static var sample: AnyJSON { .null } }
extension Array: PlanDifferential.Sample where Element: PlanDifferential.Sample { public static var sample: [Element] { [.sample] } }
extension Dictionary: PlanDifferential.Sample where Key == String, Value: PlanDifferential.Sample {
    public static var sample: [String: Value] { ["k": .sample] }
}

/// A model of another module, for a test that declares it `SynthesizedDecodable` from its own:
/// that word is not seen (`DecodableModel._isSynthesizedDecodable`), and its `init(from:)` runs.
public struct ForeignModel: CodableModel, Equatable {
    public var id = 0
    public init() {}
}

extension PlanDifferential {
    /// Encode plans against `encode(to:)`: the strict differential's declared model
    /// (`SynthesizedCodable`), decoded from `count` generated payloads and written by both
    /// encoders; the payloads whose bytes differ.
    public static func encodeDifferences(count: Int, seed: UInt64, planned: ModelEncoder, container: ModelEncoder) -> [String] {
        var random = SeededGenerator(seed: seed)
        var differences: [String] = []
        for _ in 0 ..< count {
            let json = "[" + (0 ..< 10).map { _ in StrictDifferential.plannedModelJSON(&random) }.joined(separator: ", ") + "]"
            guard let values = try? ModelDecoder().decode([StrictDifferential.PlannedModel].self, from: Data(json.utf8)) else { continue }
            let mine = try? planned.encode(values), theirs = try? container.encode(values)
            if mine != theirs { differences.append(json) }
        }
        return differences
    }
}
