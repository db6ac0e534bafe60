/// An enum decoded by matching JSON values against its cases, in declaration order.
///
/// ```swift
/// enum Phone: CaseMatchable {
///     case iPhone, xiaomi, oppo
///     static var codingCases: [CodingCase<Phone>] {
///         [CodingCase(.iPhone, match: .bool(true), .int(10), .string("iphone"), .intRange(22...30)),
///          CodingCase(.xiaomi, match: .int(12), .string("MI"), .doubleRange(50...60)),
///          CodingCase(.oppo, match: .bool(false), .string("oppo"), .stringRange("o"..."q"))]
///     }
/// }
/// ```
/// The first case (in declaration order) with a matching matcher wins. A value
/// that matches no case makes the enclosing property fall back — an optional to
/// nil, otherwise to its initial value — and the report records `caseNotMatched`
/// with the value; strict mode throws. Matching uses a table built once per enum
/// type (exact values by hash, ranges in case order), not a scan of every matcher.
/// Encoding writes the case's first matcher's value (see `CodingCase`).
public protocol CaseMatchable: Codable {
    /// The cases, in the order they are tried.
    static var codingCases: [CodingCase<Self>] { get }
}

extension CaseMatchable {
    /// The earliest case whose matcher matches. - Throws: a repair error the kernel records as `caseNotMatched`.
    public init(from decoder: any Decoder) throws {
        let json = try JSONValue(from: decoder)
        let table = CaseTable<Self>.shared
        guard let (index, source) = table.match(json) else {
            throw decoder.repairError(.caseNotMatched, description: "\(json) matches no case of \(Self.self)")
        }
        self = try table.cases[index].value(from: source)
    }

    /// Writes the case's first matcher's value, with its associated values.
    public func encode(to encoder: any Encoder) throws {
        try CaseTable<Self>.shared.json(for: self).encode(to: encoder)
    }
}

/// The matchers of one enum type, arranged for lookup; built once per type.
final class CaseTable<Enum: CaseMatchable>: @unchecked Sendable {  // immutable after init
    let cases: [CodingCase<Enum>]
    private var bools: [Bool: Int] = [:]
    private var ints: [Int: Int] = [:]
    private var doubles: [Double: Int] = [:]
    private var strings: [String: Int] = [:]
    /// Range matchers, by case index (so the first hit is the earliest case).
    private var ranges: [(index: Int, matcher: CaseMatcher)] = []
    /// Path-value matchers: path → value text → case index.
    private var paths: [String: [String: Int]] = [:]
    /// The description of each case without associated values, to find it when encoding.
    private var plainCases: [String: Int] = [:]

    private init() {
        cases = Enum.codingCases
        for (index, codingCase) in cases.enumerated() {
            if let value = codingCase.plainValue { plainCases[String(describing: value)] = plainCases[String(describing: value)] ?? index }
            for matcher in codingCase.matchers {
                switch matcher {
                case let .bool(value): bools[value] = bools[value] ?? index
                case let .int(value): ints[value] = ints[value] ?? index
                case let .double(value): doubles[value] = doubles[value] ?? index
                case let .string(value): strings[value] = strings[value] ?? index
                case .intRange, .doubleRange, .stringRange: ranges.append((index, matcher))
                case .pathValue:
                    guard let (path, value) = matcher.pathAndValue else { continue }
                    paths[path, default: [:]][value] = paths[path]?[value] ?? index
                }
            }
        }
    }

    /// The earliest matching case, and where its associated values are read from.
    func match(_ json: JSONValue) -> (index: Int, source: JSONValue)? {
        var best = Int.max
        var source = json
        func consider(_ index: Int?, from value: JSONValue? = nil) {
            guard let index, index < best else { return }
            best = index
            if let value { source = value }
        }
        switch json {
        case let .bool(value):
            consider(bools[value])
        case let .int(value):
            consider(Int(exactly: value).flatMap { ints[$0] })
            consider(doubles[Double(value)])
        case let .double(value):
            consider(doubles[value])
            if let integral = Int(exactly: value) { consider(ints[integral]) }
        case let .string(value):
            consider(strings[value])
        case let .object(members):
            for (path, values) in paths {
                if let found = json[path], let text = literal(found) { consider(values[text], from: json) }
            }
            for (key, value) in members { consider(strings[key], from: value) }  // {"vimeo": {…}}
        case .null, .array:
            break
        }
        for (index, matcher) in ranges where index < best {
            if contains(matcher, json) {
                best = index
                source = json
                break
            }
        }
        return best == Int.max ? nil : (best, source)
    }

    private func literal(_ value: JSONValue) -> String? {
        switch value {
        case let .string(text): text
        case let .int(number): String(number)
        case let .double(number): String(number)
        case let .bool(flag): String(flag)
        default: nil
        }
    }

    private func contains(_ matcher: CaseMatcher, _ json: JSONValue) -> Bool {
        switch (matcher, json) {
        case let (.intRange(range), .int(value)): return Int(exactly: value).map(range.contains) ?? false
        case let (.intRange(range), .double(value)): return Int(exactly: value).map(range.contains) ?? false
        case let (.doubleRange(range), .int(value)): return range.contains(Double(value))
        case let (.doubleRange(range), .double(value)): return range.contains(value)
        case let (.stringRange(range), .string(value)): return range.contains(value)
        default: return false
        }
    }

    /// The JSON for a case: its first matcher's value, plus its associated values.
    func json(for value: Enum) throws -> JSONValue {
        if let index = plainCases[String(describing: value)] {
            return cases[index].matchers.first?.encodedValue ?? .null
        }
        for codingCase in cases {
            guard let extract = codingCase.extract, let associated = extract(value) else { continue }
            var json: JSONValue = .object([:])
            var target = ""  // where the values go: beside a path value, or under the case's string
            switch codingCase.matchers.first {
            case .pathValue?: json = codingCase.matchers[0].encodedValue
            case let .string(name)?: target = name + "."
            default: break
            }
            for (label, item) in associated {
                let key = codingCase.values.first { $0.name == label }?.keys.first ?? label
                json.setValue(try JSONValue(encoding: item), atPath: target + key)
            }
            return json
        }
        throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "No coding case of \(Enum.self) describes \(value)."))
    }

    /// The table of `Enum`, built on first use.
    static var shared: CaseTable<Enum> {
        let id = ObjectIdentifier(Enum.self)
        if let table = tables.withLock({ $0[id] }) as? CaseTable<Enum> { return table }
        let table = CaseTable<Enum>()
        tables.withLock { $0[id] = table }
        return table
    }
}

/// Every enum type's table, by type.
private let tables = Locked<[ObjectIdentifier: AnyObject]>([:])
