/// What a struct model's synthesized `init(from:)` does, learned once per type, so that
/// the decoder can do it without the `Decodable` machinery: which stored property each key
/// fills, at which offset, by `decode` or `decodeIfPresent`.
///
/// A planned decode (`DocumentDecoder.decodePlanned`) finds each field's member, then
/// initializes the fields in the order `init(from:)` asks for their keys, each with the very
/// call the keyed container makes for that key (`decodeProperty`, `decodeOptionalProperty`,
/// the same fast paths), so values, repairs, the report and errors come out as through
/// `init(from:)`.
///
/// Made only for a struct model that says its `init(from:)` is the compiler's
/// (`SynthesizedDecodable`): no other model's `init(from:)` is ever run against a probe, nor
/// skipped. For those, learned from what the model's `init(from:)` shows a probe (`PlanProbe`),
/// which is a second line behind the word, not a proof (it sees calls, not what code does with
/// their answers): one keyed container, every stored property filled by exactly one key,
/// each scalar answer found unchanged in its property over rounds of different values
/// (negative, zero, empty, extreme), the same keys asked in every round, nothing else asked of
/// the decoder. A declared model whose `init(from:)` shows itself there keeps it; one seen
/// doing its own decoding in a real decode is not probed (`ModelInfo.noteOwnDecoding`).
final class FieldPlan: @unchecked Sendable {  // immutable once made; owns `keyBytes` and `nilBytes`
    /// A field: plain values only, so that reading one per member copies no reference.
    struct Field {
        /// The key's UTF-8 bytes in `keyBytes`.
        let keyStart: Int
        let keyCount: Int
        /// The property's offset in the model's value.
        let offset: Int
        /// The property's place among the model's stored properties (its mirror child's).
        let storedIndex: Int
        /// Where the bytes of the property's `nil` are in `nilBytes` (`decodeIfPresent` only).
        let nilStart: Int
        /// Read by `decodeIfPresent`: the property is an `Optional` of the decoded type.
        let ifPresent: Bool
        /// The decoded type is a wrapper, which says itself what a missing key gives.
        let isWrapper: Bool
        /// The decoded type is an `Array`, which reads arrays only (`KernelDecodable.arraySlot`).
        let readsArraysOnly: Bool
        let scalar: PlanScalar
        let slot: any PlanSlotDecoding.Type
    }

    let fields: [Field]
    /// Each field's key, as the coding key's `stringValue` (what the container's `PropertySite` holds).
    let keys: [String]
    /// Every field is a scalar or an array of scalars, read without its slot when clean.
    let isFlat: Bool
    /// The bit of each field whose key has a non-ASCII byte: absent by its bytes, it is looked
    /// for in another Unicode form (`JSONDocument.equivalentMember`).
    let nonASCIIKeys: UInt64
    /// The model's own key rules and value rules (`ModelInfo`): members are then found
    /// through the key table, and scalars read through their slots.
    let hasKeyRules: Bool
    let hasValueRules: Bool
    /// Finds a key's member as a container keyed by the model's `CodingKeys` does, when keys
    /// have rules or strategies.
    let keyLookup: any PlanKeyLookup.Type
    /// The model, and its size and alignment (`PlanFallbacks` keeps a value of it).
    let model: Any.Type
    let size: Int
    let alignment: Int
    private let keyBytes: OwnedBytes
    /// Each optional field's `nil`, as bytes: copying them initializes the field as nil
    /// without asking the runtime for the `Optional`'s metadata, as naming it would.
    private let nilBytes: OwnedBytes
    /// Each field's index by its key. Filled in `init` (its keys are read from `self`, so it
    /// cannot be a `let`) and only read after: unchecked, as a class's `var` is otherwise
    /// checked for exclusive access at run time on every lookup (3% of a planned decode).
    @exclusivity(unchecked) private var table: HashSlots

    private init(fields unordered: [(request: ProbeRequest, offset: Int, storedIndex: Int)], keyLookup: any PlanKeyLookup.Type,
                 rules: (keys: Bool, values: Bool), layout: (model: Any.Type, size: Int, alignment: Int)) {
        (model, size, alignment) = layout
        (hasKeyRules, hasValueRules) = rules
        self.keyLookup = keyLookup
        var fields: [Field] = []
        var keyText: [UInt8] = []
        var nils: [UInt8] = []
        for (request, offset, storedIndex) in unordered {
            let bytes = Array(request.key.utf8)
            var isWrapper = false
            var arraySlot: (any PlanSlotDecoding.Type)?
            switch Route.of(request.slot.valueType) {
            case .wrapper: isWrapper = true
            case let .kernel(kernel): arraySlot = kernel.arraySlot
            default: break
            }
            fields.append(Field(keyStart: keyText.count, keyCount: bytes.count, offset: offset, storedIndex: storedIndex, nilStart: nils.count,
                                ifPresent: request.ifPresent, isWrapper: isWrapper, readsArraysOnly: arraySlot != nil, scalar: request.scalar,
                                slot: request.ifPresent ? request.slot : arraySlot ?? request.slot))
            keyText += bytes
            nils += request.nilBytes
        }
        keyBytes = OwnedBytes(keyText)
        nilBytes = OwnedBytes(nils)
        self.fields = fields
        let keys = unordered.map(\.request.key)
        self.keys = keys
        isFlat = fields.allSatisfy { $0.scalar != .other }
        nonASCIIKeys = keys.indices.reduce(0) { bits, index in keys[index].utf8.contains { $0 >= 0x80 } ? bits | 1 << UInt64(index) : bits }
        table = HashSlots(capacity: fields.count)
        for index in fields.indices {
            withKey(at: index) { _ = table.insert(index, key: $0, in: self) }  // the keys are distinct (`learn`)
        }
    }

    /// Deinitializes the fields of `value` whose bits `initialized` has.
    func deinitialize(_ value: ValuePlace, initialized: UInt64) {
        for (index, field) in fields.enumerated() where initialized & (1 << UInt64(index)) != 0 {
            field.slot.deinitialize(value.field(at: field.offset))
        }
    }

    deinit {
        // Safety: the plan's last use; no range read from these outlives a lookup.
        keyBytes.deallocate()
        nilBytes.deallocate()
    }

    /// Initializes the optional field `index` at `field` with nil. Safety: `nil` holds no reference,
    /// so its bytes, copied, are a `nil` (taken from a real `Optional.none` at learning).
    @inline(__always)
    func initializeNil(_ index: Int, at field: FieldPlace) {
        let start = fields[index].nilStart
        let count = index + 1 < fields.count ? fields[index + 1].nilStart - start : nilBytes.count - start
        field.initializeBytes(from: nilBytes.range(start, count: count))
    }


    /// Whether `key` is the key of field `index`, byte for byte.
    @inline(__always)
    func isKey(_ key: UnsafeBufferPointer<UInt8>, of index: Int) -> Bool {
        let field = fields[index]
        return keyBytes.equals(key, at: field.keyStart, count: field.keyCount)
    }

    /// The index of the field read from `key`, or -1. `expected` (the field after the last
    /// one found: payloads mostly write keys in the model's order) is tried first.
    @inline(__always)
    func field(for key: UnsafeBufferPointer<UInt8>, expected: Int) -> Int {
        if expected < fields.count, isKey(key, of: expected) { return expected }
        return table.find(key, in: self) ?? -1
    }

    /// How many objects of a type are decoded through `init(from:)` before its plan is
    /// learned, once the type has been met in an earlier decode: a type met once or twice
    /// (most of an app's types) does not pay for probing it.
    static let learnAfter = 8

    /// The same within the first decode that meets the type: learning costs about as much as
    /// the plan saves on a couple of hundred objects, so a payload decoded once (an app's
    /// launch, a single request) pays for it only where it holds that many.
    static let learnInFirstDecode = 256

    /// The rounds the probe runs (`ProbeScalars`): 0…6 spell each request's number in
    /// booleans, 7 answers every `decodeIfPresent` nil and every scalar with zero or empty,
    /// 8 with extremes.
    static let rounds = 9

    /// The plan of `Model`, or nil when its `init(from:)` is not one a plan can stand for
    /// (see the type's documentation), or it is not a struct. `rules`: whether the model has
    /// key rules and value rules.
    static func learn<Model: SynthesizedDecodable>(_: Model.Type, rules: (keys: Bool, values: Bool) = (false, false)) -> FieldPlan? {
        // At most 64 fields (a bit each while decoding), in a value the scratch stack can hold.
        guard let stored = StructField.of(struct: Model.self), stored.count <= 64, MemoryLayout<Model>.size <= ScratchStack.largest,
              MemoryLayout<Model>.alignment <= ScratchStack.alignment else { return nil }
        var requests: [ProbeRequest] = []
        var candidates: [[Int]] = []
        var keyLookup: (any PlanKeyLookup.Type)?
        for round in 0 ..< rounds {
            let probe = PlanProbe(round: round)
            guard let value = try? CurrentSession.outside({ try Model(from: probe) }), !probe.refused, probe.containers == 1 else {
                return nil
            }
            if round == 0 {
                requests = probe.requests
                keyLookup = probe.keyLookup
                guard requests.count == stored.count, Set(requests.map(\.key)).count == requests.count else { return nil }
                candidates = requests.map { request in stored.indices.filter { ObjectIdentifier(stored[$0].type) == request.fieldType } }
            } else {
                guard probe.requests.count == requests.count,
                      zip(probe.requests, requests).allSatisfy({
                          $0.key == $1.key && $0.ifPresent == $1.ifPresent && $0.fieldType == $1.fieldType
                      }) else { return nil }
            }
            // Each stored property's offset is the runtime's (`StructField.of`), inside the value read here.
            ValueView.with(value) { model in
                for (index, request) in probe.requests.enumerated()
                where request.isScalar || (request.ifPresent && round == PlanProbe.nilRound) {
                    candidates[index].removeAll { !request.answer.isHeld(model.field(at: stored[$0].offset), ifPresent: request.ifPresent) }
                }
            }
        }
        guard let keyLookup else { return nil }
        // Each request's property: the one its answers were found in (scalars), else the only
        // property of its type, else the one of its type named as the key.
        var used = Set<Int>()
        var fields: [(request: ProbeRequest, offset: Int, storedIndex: Int)] = []
        for (index, request) in requests.enumerated() {
            var found = candidates[index]
            if found.count > 1 { found = found.filter { stored[$0].name == request.key } }
            guard found.count == 1, used.insert(found[0]).inserted else { return nil }
            fields.append((request, stored[found[0]].offset, found[0]))
        }
        let layout = (Model.self as Any.Type, MemoryLayout<Model>.size, MemoryLayout<Model>.alignment)
        return FieldPlan(fields: fields, keyLookup: keyLookup, rules: rules, layout: layout)
    }
}

/// A property type the planned decode reads without a call through its slot when the
/// member holds the type's own kind: the keyed container's scalar fast path, and arrays
/// of scalars as `decodeArray` reads them.
enum PlanScalar: UInt8 {
    case other, int, double, bool, string, ints, doubles, bools, strings

    init<T>(_: T.Type) {
        self = T.self == Int.self ? .int : T.self == Double.self ? .double : T.self == Bool.self ? .bool
            : T.self == String.self ? .string : T.self == [Int].self ? .ints : T.self == [Double].self ? .doubles
            : T.self == [Bool].self ? .bools : T.self == [String].self ? .strings : .other
    }
}

extension FieldPlan: KeyBytes {
    /// The key of field `position`.
    @inline(__always)
    func withKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let field = fields[position]
        return body(keyBytes.range(field.keyStart, count: field.keyCount))
    }
}
