/// Decodes one property of a planned model, as the keyed container does for its key:
/// `PlanSlot` for `decode`, `OptionalPlanSlot` for `decodeIfPresent` (two types rather than
/// a flag, so that neither names the other's type, whose metadata the runtime is asked for).
protocol PlanSlotDecoding {
    /// Initializes `field`, a property of the slot's type, with the value at `node` (nil: the key is absent).
    static func decode(into field: FieldPlace, with decoder: DocumentDecoder, at node: Int?, site: PropertySite) throws
    /// Deinitializes `field`, initialized by `decode` (or the scalar fast path).
    static func deinitialize(_ field: FieldPlace)
    /// The type `decode` asks the pipeline for (a missing key's problem names it).
    static var valueType: Any.Type { get }
    /// Initializes `field` with a copy of the value at `source`, both of the slot's type.
    static func copy(from source: FieldPlace, to field: FieldPlace)
}

// Every slot reads and writes its field through a `FieldPlace`, whose offset is the runtime's for
// a stored property of the slot's type (`FieldPlan.learn` checks the field's type against the type
// the probe was asked for), checked against the value's bounds in debug builds.

enum PlanSlot<Value: Decodable>: PlanSlotDecoding {
    static func decode(into field: FieldPlace, with decoder: DocumentDecoder, at node: Int?, site: PropertySite) throws {
        field.initialize(as: Value.self, to: try decoder.decodeProperty(Value.self, at: node, site: site))
    }

    static func deinitialize(_ field: FieldPlace) {
        field.deinitialize(as: Value.self)  // `decode` initialized it
    }

    static var valueType: Any.Type { Value.self }

    static func copy(from source: FieldPlace, to field: FieldPlace) {
        field.initialize(as: Value.self, to: source.read(as: Value.self))  // the fallback value's field
    }
}

/// `PlanSlot<Value>` for an `Array` (`KernelDecodable.arraySlot`), which an array field has
/// instead: `decodeArrayProperty` gives what `decodeProperty` would, through fewer layers.
/// Generic over the array type, not its element: naming `[Element]` in this unspecialized
/// code would ask the runtime for its metadata at every call.
enum PlanArraySlot<Value: KernelDecodable & Decodable>: PlanSlotDecoding {
    static func decode(into field: FieldPlace, with decoder: DocumentDecoder, at node: Int?, site: PropertySite) throws {
        field.initialize(as: Value.self, to: try decoder.decodeArrayProperty(Value.self, at: node, site: site))
    }

    // These as `PlanSlot<Value>`'s, written again: calling them names that type (a metadata
    // lookup), and defaults in a protocol extension over an associated `Value` measured ~200
    // instructions more per repair (the dirty airports with the report 14.14M → 14.39M).
    static func deinitialize(_ field: FieldPlace) {
        field.deinitialize(as: Value.self)  // `decode` initialized it
    }

    static var valueType: Any.Type { Value.self }

    static func copy(from source: FieldPlace, to field: FieldPlace) {
        field.initialize(as: Value.self, to: source.read(as: Value.self))
    }
}

enum OptionalPlanSlot<Value: Decodable>: PlanSlotDecoding {
    static func decode(into field: FieldPlace, with decoder: DocumentDecoder, at node: Int?, site: PropertySite) throws {
        field.initialize(as: Value?.self, to: try decoder.decodeOptionalProperty(Value.self, at: node, site: site))
    }

    static func deinitialize(_ field: FieldPlace) {
        field.deinitialize(as: Value?.self)  // `decode` initialized it
    }

    static var valueType: Any.Type { Value.self }

    static func copy(from source: FieldPlace, to field: FieldPlace) {
        field.initialize(as: Value?.self, to: source.read(as: Value?.self))
    }
}

extension SynthesizedDecodable {
    /// `FieldPlan.learn` for this model, through an existential metatype.
    static func learnFieldPlan(rules: (keys: Bool, values: Bool)) -> FieldPlan? {
        FieldPlan.learn(Self.self, rules: rules)
    }
}

/// Finds a member as a keyed container does (`KeyedContainer.lookup`): through the key table
/// of the model's `CodingKeys` when keys have rules or strategies, else by the key itself.
protocol PlanKeyLookup {
    static func member(_ key: String, in object: Int, of decoder: DocumentDecoder, depth: Int, frame: Int) -> Int?
    /// Each key's candidates in the key table of the model `info` describes (see
    /// `KeyTable.plainCandidates`); asked only where keys have rules or strategies.
    static func candidates(of keys: [String], in session: DecodingSession, info: ModelInfo) -> [[[UInt8]]]?
}

enum PlanKeys<Key: CodingKey>: PlanKeyLookup {
    static func candidates(of keys: [String], in session: DecodingSession, info: ModelInfo) -> [[[UInt8]]]? {
        let table = session.keyTable(for: Key.self, info: info)
        // Safety: the session owns its key tables until it ends.
        return table._withUnsafeGuaranteedRef { table in
            var result: [[[UInt8]]] = []
            for key in keys {
                guard let candidates = table.plainCandidates(for: key) else { return nil }
                result.append(candidates)
            }
            return result
        }
    }

    static func member(_ key: String, in object: Int, of decoder: DocumentDecoder, depth: Int, frame: Int) -> Int? {
        let (session, document) = (decoder.session, decoder.document)
        var name = key
        return session.member(named: &name, table: session.keyTable(for: Key.self, frame: frame, current: nil),
                              in: object, of: document, depth: depth)
    }
}
