import CodableKit
import Foundation

/// A generated differential between `JSONDecoder` and `ModelDecoder`: seeded,
/// reproducible cases over many `Codable` types, valid and mutated JSON. Each case is
/// decoded by both; strict mode must give the same value or the same error case and
/// coding path, tolerant mode the same value with an empty report wherever
/// `JSONDecoder` succeeds. Differences documented in `ModelDecoder` (a number that does
/// not fit: its own path instead of the root; an underflow to zero: a value) are counted apart.
public enum StrictDifferential {
    public struct Difference: CustomStringConvertible, Sendable {
        public var type: String
        public var json: String
        public var foundation: String
        public var codableKit: String
        /// What the difference is, without the particular values: cases that differ the same way share it.
        public var group: String { "\(type): \(foundation) ≠ \(codableKit)" }
        public var description: String { "\(type) \(json)\n  JSONDecoder: \(foundation)\n  CodableKit:  \(codableKit)" }
    }

    public struct Result: Sendable {
        public var cases = 0
        public var sameValue = 0
        public var sameError = 0
        public var documented = 0
        public var differences: [Difference] = []
        public var groups: [String: [Difference]] { Dictionary(grouping: differences, by: \.group) }
    }

    /// Runs `count` cases from `seed`.
    public static func run(count: Int, seed: UInt64) -> Result {
        var random = SeededGenerator(seed: seed)
        var result = Result()
        let probes = allProbes
        for _ in 0 ..< count {
            let probe = probes[Int.random(in: 0 ..< probes.count, using: &random)]
            let json = mutate(probe.sample(&random), &random)
            let encoding = Int.random(in: 0 ..< 4, using: &random) == 0
                ? InputEncoding.allCases[Int.random(in: 0 ..< InputEncoding.allCases.count, using: &random)] : .utf8
            probe.compare(json, encoding, &result)
            result.cases += 1
        }
        return result
    }

    /// The encodings `JSONDecoder` reads, each with and without a byte order mark.
    public enum InputEncoding: CaseIterable, Sendable {
        case utf8, utf8BOM, utf16LE, utf16LEBOM, utf16BE, utf16BEBOM, utf32LE, utf32BE, utf32BEBOM

        /// `json` in this encoding. (UTF-32LE with a byte order mark is left out: `JSONDecoder`
        /// takes its mark for UTF-16's and fails, CodableKit reads it.)
        public func data(_ json: String) -> Data {
            switch self {
            case .utf8: Data(json.utf8)
            case .utf8BOM: Data([0xEF, 0xBB, 0xBF]) + Data(json.utf8)
            case .utf16LE: json.data(using: .utf16LittleEndian)!
            case .utf16LEBOM: Data([0xFF, 0xFE]) + json.data(using: .utf16LittleEndian)!
            case .utf16BE: json.data(using: .utf16BigEndian)!
            case .utf16BEBOM: Data([0xFE, 0xFF]) + json.data(using: .utf16BigEndian)!
            case .utf32LE: json.data(using: .utf32LittleEndian)!
            case .utf32BE: json.data(using: .utf32BigEndian)!
            case .utf32BEBOM: Data([0, 0, 0xFE, 0xFF]) + json.data(using: .utf32BigEndian)!
            }
        }
    }

    // MARK: Types

    struct Probe {
        var name: String
        var sample: (inout SeededGenerator) -> String
        var compare: (String, InputEncoding, inout Result) -> Void
    }

    struct Box<T: Codable & Equatable>: Codable, Equatable { var v: T }
    /// `Box` for types that only decode.
    struct ReadBox<T: Decodable & Equatable>: Decodable, Equatable { var v: T }
    struct OptionalBox<T: Codable & Equatable>: Codable, Equatable { var v: T? }
    struct Pair: Codable, Equatable { var a: Data?; var b: Date? }
    struct Model: Codable, Equatable { var id: Int; var name: String; var tags: [String]; var child: Child? }
    struct Child: Codable, Equatable { var score: Double; var flags: [Bool] }
    enum Raw: String, Codable, Equatable { case a, b, c }
    enum Number: Int, Codable, Equatable { case one = 1, two = 2 }
    /// An enum with associated values, synthesized `Codable`.
    public enum Shape: Codable, Equatable { case circle(r: Double), square(Int), none }
    /// A type with its own `init(from:)`.
    public struct Own: Decodable, Equatable {
        public var a: Double, b: Data, c: Int
        enum Keys: CodingKey { case a, b, c }
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            a = try container.decode(Double.self, forKey: .a)
            b = try container.decode(Data.self, forKey: .b)
            c = try container.decode(Int.self, forKey: .c)
        }
    }
    /// A class whose subclass decodes its base through `superDecoder()`.
    public class Base: Decodable, Equatable {
        public var name = ""
        public static func == (lhs: Base, rhs: Base) -> Bool { lhs.name == rhs.name && type(of: lhs) == type(of: rhs) }
    }
    public final class Sub: Base {
        public var extra = 0
        enum Keys: CodingKey { case extra }
        public required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            extra = try container.decode(Int.self, forKey: .extra)
            try super.init(from: container.superDecoder())
        }
    }

    /// Models decoded by field plans once a type has had a few objects (`FieldPlan`): arrays
    /// of ten, most members clean, some not.
    struct PlannedModel: CodableModel, SynthesizedCodable, Equatable {
        var id = 0, name = "", tags: [String] = [], child: PlannedFlat?, children: [PlannedFlat] = []
        var label: String? = "initial", raw: [String: Int] = [:]
        enum CodingKeys: String, CodingKey { case id, name = "full_name", tags, child, children, label, raw }
    }
    struct PlannedFlat: CodableModel, SynthesizedCodable, Equatable { var score = 0.0, flags: [Bool] = [], count: Int?, on = false }

    /// A member's value: mostly one of its own type, sometimes anything.
    static func member(_ random: inout SeededGenerator, _ clean: String) -> String {
        Int.random(in: 0 ..< 8, using: &random) == 0 ? scalarJSON(&random) : clean
    }

    static func plannedFlatJSON(_ random: inout SeededGenerator) -> String {
        var members = [#""score": \#(member(&random, "1.5"))"#, #""flags": \#(member(&random, "[true, false]"))"#,
                       #""count": \#(member(&random, Bool.random(using: &random) ? "null" : "3"))"#, #""on": \#(member(&random, "true"))"#]
        if Int.random(in: 0 ..< 10, using: &random) == 0 { members.remove(at: Int.random(in: 0 ..< members.count, using: &random)) }
        if Int.random(in: 0 ..< 10, using: &random) == 0 { members.append(#""on": false"#) }
        return "{" + members.shuffled(using: &random).joined(separator: ", ") + "}"
    }

    static func plannedModelJSON(_ random: inout SeededGenerator) -> String {
        var members = [#""id": \#(member(&random, "7"))"#, #""full_name": \#(member(&random, #""n""#))"#,
                       #""tags": \#(member(&random, #"["a", "b"]"#))"#, #""child": \#(member(&random, plannedFlatJSON(&random)))"#,
                       #""children": [\#(plannedFlatJSON(&random)), \#(plannedFlatJSON(&random))]"#,
                       #""raw": \#(member(&random, #"{"x": 1}"#))"#, #""extra": \#(anyJSON(&random, depth: 1))"#]
        if Bool.random(using: &random) { members.append(#""label": \#(member(&random, #""l""#))"#) }
        if Int.random(in: 0 ..< 10, using: &random) == 0 { members.remove(at: Int.random(in: 0 ..< members.count, using: &random)) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    static func probe<T: Decodable & Equatable>(_: T.Type, _ name: String, _ sample: @escaping (inout SeededGenerator) -> String) -> Probe {
        Probe(name: name, sample: sample) { json, encoding, result in compare(T.self, name, json, encoding, &result) }
    }

    /// One JSON value of a kind a scalar type might be sent.
    static func scalarJSON(_ random: inout SeededGenerator) -> String {
        let choices = ["0", "1", "-1", "127", "128", "255", "256", "-129", "32767", "65536", "2147483648", "-2147483649",
                       "9223372036854775807", "9223372036854775808", "18446744073709551615", "18446744073709551616", "-0",
                       "1.5", "-2.25", "1e3", "1E-3", "1e-400", "1e400", "-1e-400", "1e-46", "3.5e38", "1e308", "0.1",
                       "2e0", "true", "false", "null", #""""#, #""x""#, #""42""#, #""1.5""#, #""true""#, #""AQI=""#, #""aGk=""#,
                       #""AQI""#, #""https://a.b/c""#, #"" http://a""#, #""2020-01-01T00:00:00Z""#, #""\u00e9\n""#, "[]", "[1]", "{}",
                       #"{"a": 1}"#]
        return choices[Int.random(in: 0 ..< choices.count, using: &random)]
    }

    static func arrayJSON(_ random: inout SeededGenerator) -> String {
        "[" + (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in scalarJSON(&random) }.joined(separator: ",") + "]"
    }

    static func objectJSON(_ random: inout SeededGenerator) -> String {
        let keys = ["a", "b", "k", "1", "-2", "1.5", "true"]
        return "{" + (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in
            "\"\(keys[Int.random(in: 0 ..< keys.count, using: &random)])\": \(scalarJSON(&random))"
        }.joined(separator: ",") + "}"
    }

    /// Any JSON value, nested up to `depth` levels.
    static func anyJSON(_ random: inout SeededGenerator, depth: Int) -> String {
        guard depth > 0 else { return scalarJSON(&random) }
        switch Int.random(in: 0 ..< 4, using: &random) {
        case 0: return "[" + (0 ..< Int.random(in: 0 ... 3, using: &random)).map { _ in anyJSON(&random, depth: depth - 1) }.joined(separator: ",") + "]"
        case 1: return "{" + (0 ..< Int.random(in: 0 ... 3, using: &random)).map { index in
                #""k\#(index)": "# + anyJSON(&random, depth: depth - 1)
            }.joined(separator: ",") + "}"
        default: return scalarJSON(&random)
        }
    }

    static func boxed(_ value: String) -> String { #"{"v": "# + value + "}" }

    static func scalarProbes<T: Codable & Equatable>(_: T.Type, _ name: String) -> [Probe] {
        [probe(Box<T>.self, name) { boxed(scalarJSON(&$0)) },
         probe(OptionalBox<T>.self, name + "?") { boxed(scalarJSON(&$0)) },
         probe(Box<T?>.self, name + "? (required key)") { boxed(scalarJSON(&$0)) },
         probe(Box<[T]>.self, "[\(name)]") { boxed(arrayJSON(&$0)) },
         probe(Box<[String: T]>.self, "[String: \(name)]") { boxed(objectJSON(&$0)) }]
    }

    static var allProbes: [Probe] {
        var probes: [Probe] = []
        probes += scalarProbes(Int.self, "Int") + scalarProbes(Int8.self, "Int8") + scalarProbes(Int16.self, "Int16")
        probes += scalarProbes(Int32.self, "Int32") + scalarProbes(Int64.self, "Int64") + scalarProbes(UInt.self, "UInt")
        probes += scalarProbes(UInt8.self, "UInt8") + scalarProbes(UInt16.self, "UInt16") + scalarProbes(UInt32.self, "UInt32")
        probes += scalarProbes(UInt64.self, "UInt64") + scalarProbes(Float.self, "Float") + scalarProbes(Double.self, "Double")
        probes += scalarProbes(Bool.self, "Bool") + scalarProbes(String.self, "String") + scalarProbes(Decimal.self, "Decimal")
        probes += scalarProbes(Date.self, "Date") + scalarProbes(Data.self, "Data") + scalarProbes(URL.self, "URL")
        probes += scalarProbes(Raw.self, "Raw enum") + scalarProbes(Number.self, "Int enum")
        probes += [
            probe(Box<Set<Int>>.self, "Set<Int>") { boxed(arrayJSON(&$0)) },
            probe(Box<[Int: Int]>.self, "[Int: Int]") { boxed(Bool.random(using: &$0) ? objectJSON(&$0) : arrayJSON(&$0)) },
            probe(Box<[Double: Int]>.self, "[Double: Int]") { boxed(arrayJSON(&$0)) },
            probe(Box<[[Int]]>.self, "[[Int]]") { boxed("[" + arrayJSON(&$0) + "]") },
            probe(Pair.self, "Pair") { random in #"{"a": \#(scalarJSON(&random)), "b": \#(scalarJSON(&random))}"# },
            probe(Model.self, "Model") { random in
                #"{"id": \#(scalarJSON(&random)), "name": \#(scalarJSON(&random)), "tags": \#(arrayJSON(&random)), "child": {"score": \#(scalarJSON(&random)), "flags": \#(arrayJSON(&random))}}"#
            },
            probe([PlannedModel].self, "[planned model]") { random in
                "[" + (0 ..< 10).map { _ in plannedModelJSON(&random) }.joined(separator: ", ") + "]"
            },
            probe([PlannedFlat].self, "[planned flat model]") { random in
                "[" + (0 ..< 10).map { _ in plannedFlatJSON(&random) }.joined(separator: ", ") + "]"
            },
            probe(Box<Shape>.self, "Shape") { random in
                let payloads = [#"{"none": {}}"#, #"{"none": []}"#, #"{"none": null}"#, #"{"circle": {"r": \#(scalarJSON(&random))}}"#,
                                #"{"square": {"_0": \#(scalarJSON(&random))}}"#, #"{"square": \#(scalarJSON(&random))}"#, "{}",
                                #"{"none": {}, "square": {"_0": 1}}"#, scalarJSON(&random)]
                return boxed(payloads[Int.random(in: 0 ..< payloads.count, using: &random)])
            },
            probe(AnyJSON.self, "AnyJSON (probing)") { anyJSON(&$0, depth: 2) },
            probe(Box<AnyJSON>.self, "AnyJSON property") { boxed(anyJSON(&$0, depth: 2)) },
            probe(OptionalBox<AnyJSON>.self, "AnyJSON? property") { boxed(anyJSON(&$0, depth: 1)) },
            probe(Box<[AnyJSON]>.self, "[AnyJSON]") { boxed(arrayJSON(&$0)) },
            probe(Box<[String: AnyJSON]>.self, "[String: AnyJSON]") { boxed(objectJSON(&$0)) },
            probe(KeyedFirstJSON.self, "KeyedFirstJSON (keyed-first probe)") { anyJSON(&$0, depth: 2) },
            probe(ReadBox<KeyedFirstJSON>.self, "KeyedFirstJSON property") { boxed(anyJSON(&$0, depth: 2)) },
            probe(NullReader.self, "NullReader (reads null)") { scalarJSON(&$0) },
            probe(ReadBox<[NullReader]>.self, "[NullReader]") { boxed(arrayJSON(&$0)) },
            probe(ReadBox<NullReader>.self, "NullReader property") { boxed(scalarJSON(&$0)) },
            probe(Wrapped<AnyJSON>.self, "Wrapped<AnyJSON>") { anyJSON(&$0, depth: 1) },
            probe(ReadBox<Wrapped<NullReader>>.self, "Wrapped<NullReader> property") { boxed(scalarJSON(&$0)) },
            probe(ReadBox<Wrapped<Int>>.self, "Wrapped<Int> property") { boxed(scalarJSON(&$0)) },
            probe(ReadBox<OwnFallback>.self, "OwnFallback (own ?? default)") { boxed(#"{"a": \#(scalarJSON(&$0))}"#) },
            probe(Own.self, "Own init(from:)") { random in #"{"a": \#(scalarJSON(&random)), "b": \#(scalarJSON(&random)), "c": \#(scalarJSON(&random))}"# },
            probe(Sub.self, "class with superDecoder") { random in
                Bool.random(using: &random) ? #"{"extra": \#(scalarJSON(&random)), "super": {"name": \#(scalarJSON(&random))}}"#
                    : #"{"extra": \#(scalarJSON(&random)), "name": "x"}"#
            },
        ]
        return probes
    }

    /// Sometimes a key removed, repeated, or the whole value replaced.
    static func mutate(_ json: String, _ random: inout SeededGenerator) -> String {
        switch Int.random(in: 0 ..< 10, using: &random) {
        case 0: return "{}"
        case 1: return json.replacingOccurrences(of: #"{"v": "#, with: #"{"v": 1, "v": "#)
        case 2: return json.replacingOccurrences(of: #"{"v": "#, with: #"{"w": "#)
        default: return json
        }
    }

    // MARK: Comparing

    static func compare<T: Decodable & Equatable>(_: T.Type, _ name: String, _ json: String, _ encoding: InputEncoding,
                                                  _ result: inout Result) {
        let data = encoding.data(json)
        let name = encoding == .utf8 ? name : "\(name) (\(encoding))"
        let foundation = Swift.Result { try JSONDecoder().decode(T.self, from: data) }
        let strict = Swift.Result { try ModelDecoder(options: .init(mode: .strict)).decode(T.self, from: data) }
        let tolerant = Swift.Result { try ModelDecoder().decodeWithReport(T.self, from: data) }
        switch (foundation, strict) {
        case let (.success(expected), .success(value)) where value == expected || "\(value)" == "\(expected)":
            if case let .success((tolerantValue, report)) = tolerant, (tolerantValue == expected || "\(tolerantValue)" == "\(expected)"), report.isClean {
                result.sameValue += 1
            } else {
                result.differences.append(Difference(type: name, json: json, foundation: "value \(expected)",
                                                     codableKit: "tolerant: \(tolerant.map { "\($0.0) \($0.1.issues.map(\.kind))" })"))
            }
        case let (.failure(expected), .failure(error)):
            let (lhs, rhs) = (describe(expected), describe(error))
            if lhs == rhs {
                result.sameError += 1
            } else if isNumberPath(expected, error) || isDictionaryOrder(expected, error) {
                result.documented += 1
            } else {
                result.differences.append(Difference(type: name, json: json, foundation: lhs, codableKit: rhs))
            }
        case let (.failure(expected), .success(value)):
            if isUnderflow(json, expected) { result.documented += 1; return }
            result.differences.append(Difference(type: name, json: json, foundation: describe(expected), codableKit: "value \(value)"))
        case let (.success(expected), .failure(error)):
            result.differences.append(Difference(type: name, json: json, foundation: "value \(expected)", codableKit: describe(error)))
        case let (.success(expected), .success(value)):
            result.differences.append(Difference(type: name, json: json, foundation: "value \(expected)", codableKit: "value \(value)"))
        }
    }

    /// The error's case and coding path, as the differential compares them.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not a DecodingError" }
        switch error {
        case let .typeMismatch(_, context): return "typeMismatch at \(path(context))"
        case let .valueNotFound(_, context): return "valueNotFound at \(path(context))"
        case let .keyNotFound(key, context): return "keyNotFound \(key.stringValue) at \(path(context))"
        case let .dataCorrupted(context): return "dataCorrupted at \(path(context))"
        @unknown default: return "\(error)"
        }
    }

    static func path(_ context: DecodingError.Context) -> String {
        context.codingPath.map(\.stringValue).joined(separator: ".")
    }

    /// A number that does not fit (or underflows): `JSONDecoder` rejects the whole document
    /// ("not valid JSON", at the root) although it is valid JSON, CodableKit names the number
    /// (or, for an underflow, reads zero and goes on, so its first error may be elsewhere).
    static func isNumberPath(_ foundation: any Error, _ ours: any Error) -> Bool {
        guard case let DecodingError.dataCorrupted(expected)? = foundation as? DecodingError else { return false }
        return expected.codingPath.isEmpty && expected.debugDescription.contains("not valid JSON")
    }

    /// Two bad values in one dictionary: which is reported first follows hash order in
    /// `JSONDecoder` and document order in CodableKit (both are right; neither is stable).
    static func isDictionaryOrder(_ foundation: any Error, _ ours: any Error) -> Bool {
        guard let lhs = context(foundation), let rhs = context(ours), lhs.codingPath.count == rhs.codingPath.count,
              lhs.codingPath.count >= 2 else { return false }
        return lhs.codingPath.dropLast().map(\.stringValue) == rhs.codingPath.dropLast().map(\.stringValue)
            && lhs.codingPath.last?.stringValue != rhs.codingPath.last?.stringValue
    }

    static func context(_ error: any Error) -> DecodingError.Context? {
        switch error as? DecodingError {
        case let .typeMismatch(_, context)?, let .valueNotFound(_, context)?, let .keyNotFound(_, context)?, let .dataCorrupted(context)?:
            return context
        default:
            return nil
        }
    }

    /// A number that underflows a `Float` or `Double`: `JSONDecoder` rejects it, CodableKit reads zero.
    static func isUnderflow(_ json: String, _ foundation: any Error) -> Bool {
        guard case let DecodingError.dataCorrupted(context)? = foundation as? DecodingError, context.codingPath.isEmpty,
              context.debugDescription.contains("not valid JSON") else { return false }
        return json.contains("e-400") || json.contains("e-46")
    }
}
