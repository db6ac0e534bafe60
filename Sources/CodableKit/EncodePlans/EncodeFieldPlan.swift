#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a struct model's synthesized `encode(to:)` does, learned once per type, so that the
/// stream encoder can do it without the `Encoder` machinery: each stored property read at
/// its offset and written by kind (`PlannedKind`) under its key, straight into the output.
///
/// Made only for a struct model that says its `encode(to:)` is the compiler's
/// (`SynthesizedEncodable`, in its own module): no other model's `encode(to:)` is run against
/// the probe, nor skipped (DESIGN: a model's own code runs as written). Learned by running the
/// declared model's `encode(to:)` once against `EncodeProbe`, with the first value encoded: one
/// keyed container, one plain call per key, each matched to a stored property — in order and
/// type when every property is written (as synthesized code writes them), else by name — and
/// each scalar given found unchanged in its property. That check is a second line behind the
/// word, not a proof: it sees the calls and one value.
///
/// Every rule of the container path holds because the plan writes only what needs none:
/// a property with a value rule, and any type but the plain scalars, arrays, `[String: V]`,
/// optionals and struct models, is written through the container path (`EncodeSlot.encode`);
/// a model whose properties include a wrapper (`@Flat`, `@IgnoredKey`, …) gets no plan; keys
/// come from the same `EncodingSession.jsonKey`, once per type and call (`PreparedKeys`).
final class EncodeFieldPlan: @unchecked Sendable {  // immutable once made
    struct Field {
        /// The coding key's `stringValue`: the member's place in coding paths, and the key
        /// that rules and strategies convert.
        let name: String
        let offset: Int
        /// Written by `encodeIfPresent`: a nil leaves the key out (unless `nilAsNull`).
        let ifPresent: Bool
        /// How the value is written; for `ifPresent`, an `.optional`.
        let kind: PlannedKind
        /// The model has a value rule for the property: written through the container path with it.
        let hasRule: Bool
        /// The commonest kinds, told apart without reading `kind`.
        let tag: Tag
        /// The kind a present value is written by (`kind`, or for `ifPresent` its wrapped kind),
        /// held by `kind`: read without a retain and release around each field's write.
        let written: Unmanaged<PlannedKind>

        init(name: String, offset: Int, ifPresent: Bool, kind: PlannedKind, hasRule: Bool) {
            (self.name, self.offset, self.ifPresent, self.kind, self.hasRule) = (name, offset, ifPresent, kind, hasRule)
            written = .passUnretained(ifPresent ? kind.inner! : kind)
            switch (kind.shape, kind.inner?.shape, ifPresent) {
            case (.string, _, false): tag = .string
            case (.int, _, false): tag = .int
            case (.bool, _, false): tag = .bool
            case (.optional, .string, true): tag = .optionalString
            case (.optional, .int, true): tag = .optionalInt
            case (.optional, .bool, true): tag = .optionalBool
            default: tag = .other
            }
        }
    }

    enum Tag { case string, int, bool, optionalString, optionalInt, optionalBool, other }

    let fields: [Field]
    /// The model's rules (for keys and value rules, as the container path asks them).
    let info: ModelInfo
    /// The model's type, for its own `encode(to:)` where its `willEncode(to:)` wrote (`PlannedModelHook`).
    let slot: any EncodeSlotting.Type
    /// The keys as written when no rule or strategy converts them, in the default format.
    let plainKeys: PreparedKeys?

    private init(fields: [Field], info: ModelInfo, slot: any EncodeSlotting.Type) {
        self.fields = fields
        self.info = info
        self.slot = slot
        plainKeys = PreparedKeys(fields.map(\.name), escapesSlashes: true, prettyPrinted: false)
    }

    /// The plan of `value`'s type, or nil when the type does not declare `SynthesizedEncodable`,
    /// is a class, or its `encode(to:)` shows the probe something a plan cannot stand for.
    static func learn<T: Encodable>(from value: T, info: ModelInfo) -> EncodeFieldPlan? {
        guard !info.isClass, (T.self as? any EncodableModel.Type)?._isSynthesizedEncodable == true,
              let stored = StructField.of(struct: T.self) else { return nil }
        let probe = EncodeProbe()
        guard (try? value.encode(to: probe)) != nil, !probe.refused, probe.containers == 1 else { return nil }
        let calls = probe.calls
        func storedType(of call: EncodeProbe.Call) -> Any.Type {
            call.ifPresent ? call.slot.optionalType : call.slot.valueType
        }
        let linedUp = calls.count == stored.count && zip(calls, stored).allSatisfy { storedType(of: $0) == $1.type }
        var fields: [Field] = []
        // Every offset is the runtime's for a stored property of the value (`StructField.of`),
        // read for as many bytes as the recorded scalar of that type holds.
        try? ValueView.with(value) { model in
            var next = 0  // synthesized code writes the properties it writes in their order
            for (position, call) in calls.enumerated() {
                let type = storedType(of: call)
                let property: StructField
                if linedUp {
                    property = stored[position]
                } else {
                    // Properties left out of `CodingKeys` make the calls fewer: each is the next
                    // property of its type named as its key, else the only one holding its value.
                    let candidates = stored[next...].filter { candidate in
                        candidate.type == type && (call.isNil || call.bytes.map { model.field(at: candidate.offset).holds($0) } ?? true)
                    }
                    guard let chosen = candidates.first(where: { $0.name == call.key }) ?? (candidates.count == 1 ? candidates.first : nil) else {
                        throw Refused()
                    }
                    property = chosen
                }
                next = stored.firstIndex { $0.offset == property.offset && $0.name == property.name }.map { $0 + 1 } ?? stored.count
                guard let ownKind = PlannedKind.of(call.slot) else { throw Refused() }
                // A property with a value rule goes through the container path, which applies the
                // rule to the value given (an optional's wrapped value: a nil still leaves the key out).
                let hasRule = info.hasValueRules && info.valueRules[call.key] != nil
                var kind = hasRule ? .other(call.slot) : ownKind
                if call.ifPresent {
                    guard let optional = type as? any PlannedOptional.Type else { throw Refused() }
                    guard optional.isNil(model.field(at: property.offset)) == call.isNil else { throw Refused() }
                    kind = .optional(kind, optional)
                }
                if let bytes = call.bytes, !call.isNil {  // the scalar given is the property's, unchanged
                    guard model.field(at: property.offset).holds(bytes) else { throw Refused() }
                }
                fields.append(Field(name: call.key, offset: property.offset, ifPresent: call.ifPresent, kind: kind, hasRule: hasRule))
            }
        }
        guard fields.count == calls.count else { return nil }
        return EncodeFieldPlan(fields: fields, info: info, slot: EncodeSlot<T>.self)
    }

    private struct Refused: Error {}
}

/// A plan's keys as written (`"key":`, escaped), one after the other: copied, not escaped, per
/// member. In compact output each is stored after its member's comma (`,"key":`), so that a
/// member's start is one copy, of up to 32 bytes for most keys (the bytes are padded for that).
final class PreparedKeys: @unchecked Sendable {  // immutable once made; owns `bytes`
    private let bytes: OwnedBytes
    private let starts: [Int]
    private let ends: [Int]
    /// Whether a key is stored after its comma (compact output); pretty output puts a newline
    /// and indentation between the two.
    private let withCommas: Bool

    /// Nil if two keys are one (a rule or strategy mapped them together): only the container
    /// path writes those (the last one wins).
    init?(_ keys: [String], escapesSlashes: Bool, prettyPrinted: Bool) {
        guard Set(keys).count == keys.count else { return nil }
        var format: JSONEncoder.OutputFormatting = []
        if !escapesSlashes { format.insert(.withoutEscapingSlashes) }
        if prettyPrinted { format.insert(.prettyPrinted) }
        var writer = JSONWriter(format: format)
        var (starts, ends): ([Int], [Int]) = ([], [])
        withCommas = !prettyPrinted
        for key in keys {
            starts.append(writer.count)
            if withCommas { writer.separate(index: 1, depth: 0) }
            writer.writeKey(key)
            ends.append(writer.count)
        }
        bytes = OwnedBytes(writer.bytes(from: 0) + [UInt8](repeating: 0, count: JSONWriter.paddedRawLength))
        (self.starts, self.ends) = (starts, ends)
    }

    deinit {
        // Safety: the keys' last use; a range read from them is written out before `writeMember` returns.
        bytes.deallocate()
    }

    /// Starts member `index` of an object, `depth` containers deep: its separator (none for the
    /// first), then its key and colon.
    @inline(__always)
    func writeMember(_ index: Int, first: Bool, depth: Int, into writer: inout JSONWriter) {
        var start = starts[index]
        if withCommas {
            if first { start += 1 }
        } else {
            writer.separate(index: first ? 0 : 1, depth: depth)
        }
        // Safety: `bytes` end with `JSONWriter.paddedRawLength` bytes of padding past the last key.
        writer.writeRaw(padded: bytes.paddedRange(start, count: ends[index] - start))
    }
}
