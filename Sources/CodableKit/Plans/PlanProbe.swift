/// The `Decoder` a model's `init(from:)` is run against to learn its field plan
/// (`FieldPlan.learn`): it answers every key the model asks for with a value chosen for
/// the probe, and records what was asked — the key, whether by `decodeIfPresent`, the
/// type — so that the plan can tell which stored property each answer landed in.
///
/// It answers only what a synthesized `init(from:)` asks: one keyed container, and
/// `decode`/`decodeIfPresent` of each key. Anything else (another container, a nested
/// one, `contains`, `decodeNil`, `allKeys`, `superDecoder`, `userInfo`) is what a
/// hand-written `init(from:)` does, and refuses the plan.
final class PlanProbe: Decoder {
    /// Which of the probes this is (`FieldPlan.probes`): it decides the answers.
    let round: Int
    private(set) var requests: [ProbeRequest] = []
    private(set) var containers = 0
    /// How a container keyed by the model's `CodingKeys` finds a member.
    private(set) var keyLookup: (any PlanKeyLookup.Type)?
    /// The model asked for something a synthesized `init(from:)` never asks.
    var refused = false

    init(round: Int) {
        self.round = round
    }

    var codingPath: [any CodingKey] { [] }

    var userInfo: [CodingUserInfoKey: Any] {
        refused = true
        return [:]
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        containers += 1
        keyLookup = PlanKeys<Key>.self
        return KeyedDecodingContainer(ProbeContainer<Key>(probe: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw refuse() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { throw refuse() }

    func refuse() -> ProbeRefused {
        refused = true
        return ProbeRefused()
    }

    /// The answer to `key` (nil only for `decodeIfPresent`), recorded.
    func answer<T: Decodable>(_: T.Type, key: String, ifPresent: Bool) throws -> T? {
        let index = requests.count
        let value: T?
        if ifPresent, round == PlanProbe.nilRound {
            value = nil
        } else if let scalar = ProbeScalars.value(T.self, index: index, round: round) {
            value = scalar
        } else if let empty = Self.emptyValue(T.self) {
            value = empty
        } else {
            throw refuse()
        }
        requests.append(ProbeRequest(key: key, ifPresent: ifPresent,
                                     fieldType: ifPresent ? ObjectIdentifier(T?.self) : ObjectIdentifier(T.self),
                                     isScalar: ProbeScalars.isScalar(T.self), answer: ProbeAnswer<T>(value: value),
                                     // Safety: the bytes are copied out while the value is alive.
                                     nilBytes: ifPresent ? withUnsafeBytes(of: T?.none) { Array($0) } : [],
                                     slot: ifPresent ? OptionalPlanSlot<T>.self : PlanSlot<T>.self, scalar: PlanScalar(T.self)))
        return value
    }

    /// A value of `T` that is not a scalar: its empty value, by the route decoding it takes
    /// (known from the model's earlier decodes, so no conformance is looked up here). Types
    /// with their own `init(from:)` have none, and refuse the plan.
    private static func emptyValue<T>(_: T.Type) -> T? {
        switch Route.of(T.self) {
        case let .scalar(scalar): scalar.emptyValue as? T
        case let .kernel(kernel): kernel.emptyValue as? T
        case let .model(model, _): model.init() as? T
        case .wrapper, .observable, .plain: nil
        }
    }

    /// The round in which every `decodeIfPresent` is answered nil.
    static let nilRound = 7
}

/// The error that stops a probe: the model's `init(from:)` is not one a plan can stand for.
struct ProbeRefused: Error {}

/// One key a model's `init(from:)` asked the probe for.
struct ProbeRequest {
    let key: String
    let ifPresent: Bool
    /// The type of the stored property the answer should land in: `T`, or `T?` for `decodeIfPresent`.
    let fieldType: ObjectIdentifier
    /// `Int`, `Double`, `Bool` or `String`: answered with a value no other request gets.
    let isScalar: Bool
    let answer: any ProbeAnswering
    /// For `decodeIfPresent`: the bytes of the property's `nil`.
    let nilBytes: [UInt8]
    let slot: any PlanSlotDecoding.Type
    let scalar: PlanScalar
}

/// What the probe answered for one request, compared with what a stored property holds.
protocol ProbeAnswering {
    /// Whether the property `field` (of the request's field type) holds exactly the answer.
    func isHeld(_ field: ValueView, ifPresent: Bool) -> Bool
}

struct ProbeAnswer<T>: ProbeAnswering {
    let value: T?

    func isHeld(_ field: ValueView, ifPresent: Bool) -> Bool {
        let held: T
        // `field` is a stored property of the request's field type (`FieldPlan.learn` filters by it).
        if ifPresent {
            guard let some = field[as: T?.self] else { return value == nil }
            held = some
        } else {
            held = field[as: T.self]
        }
        guard let value else { return false }
        // Scalars only (`ProbeRequest.isScalar`): no padding, so equal values are equal bytes.
        // Safety: both values are alive and read only inside the closures.
        return withUnsafeBytes(of: held) { heldBytes in
            withUnsafeBytes(of: value) { valueBytes in heldBytes.elementsEqual(valueBytes) }
        }
    }
}

/// The scalars a probe answers with values of its own: each request its own value, and
/// over the rounds values a validating or converting `init(from:)` would not pass through
/// unchanged (negative, zero, empty, extreme, with spaces and capitals).
enum ProbeScalars {
    static func isScalar<T>(_: T.Type) -> Bool {
        T.self == Int.self || T.self == Double.self || T.self == Bool.self || T.self == String.self
    }

    static func value<T>(_: T.Type, index: Int, round: Int) -> T? {
        let edge = round == PlanProbe.nilRound
        if T.self == Int.self {
            let value: Int = edge ? 0 : round == 1 ? -(index + 1) * 7 : round == 8 ? Int.max - index : 1_000_003 * (index + 1) + round
            return value as? T
        }
        if T.self == Double.self {
            let value: Double = edge ? 0 : round == 1 ? -(Double(index) + 1.25) : round == 8 ? 1e300 / Double(index + 1)
                : Double(index) + 0.5 + Double(round) * 1000
            return value as? T
        }
        if T.self == Bool.self {
            // Rounds 0…6 spell `index + 1` in binary: no two requests get the same answers.
            let value = edge ? false : round == 8 ? true : (index + 1) >> round & 1 == 1
            return value as? T
        }
        if T.self == String.self {
            let value = edge ? "" : round == 1 ? " Probe \(index) Ä " : "probe-\(round)-\(index)-" + String(repeating: "x", count: round * 3)
            return value as? T
        }
        return nil
    }
}

/// The probe's keyed container: every `decode` and `decodeIfPresent` goes to the probe's
/// answer (the concrete overloads too: their default `decodeIfPresent` would ask
/// `contains` and `decodeNil`, which a synthesized `init(from:)` does not).
private struct ProbeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: PlanProbe

    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] {
        probe.refused = true
        return []
    }

    func contains(_: Key) -> Bool {
        probe.refused = true
        return false
    }

    func decodeNil(forKey _: Key) throws -> Bool { throw probe.refuse() }

    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
        guard let value = try probe.answer(T.self, key: key.stringValue, ifPresent: false) else { throw probe.refuse() }
        return value
    }

    func decodeIfPresent<T: Decodable>(_: T.Type, forKey key: Key) throws -> T? {
        try probe.answer(T.self, key: key.stringValue, ifPresent: true)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, key) }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try ifPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try ifPresent(type, key) }

    private func decode<T: Decodable>(_: T.Type, _ key: Key) throws -> T {
        guard let value = try probe.answer(T.self, key: key.stringValue, ifPresent: false) else { throw probe.refuse() }
        return value
    }

    private func ifPresent<T: Decodable>(_: T.Type, _ key: Key) throws -> T? {
        try probe.answer(T.self, key: key.stringValue, ifPresent: true)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw probe.refuse()
    }

    func nestedUnkeyedContainer(forKey _: Key) throws -> any UnkeyedDecodingContainer { throw probe.refuse() }
    func superDecoder() throws -> any Decoder { throw probe.refuse() }
    func superDecoder(forKey _: Key) throws -> any Decoder { throw probe.refuse() }
}
