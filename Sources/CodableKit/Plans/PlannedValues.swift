/// A planned field's value where it is not read through the field's slot: the keyed
/// container's scalar fast path, and the conversions and repairs the container's calls would
/// make, filed as the repair stage files them.
extension ObjectWalk {
    /// The keyed container's scalar fast path (`decodeScalar`, `decodeScalarIfPresent`):
    /// a member of the scalar's own kind that fits initializes the field; so does an array
    /// of scalars, read as `decodeProperty` reads it (under the property's key on the path,
    /// unless the element is not placed yet: then the caller decodes it again should anything
    /// be filed). False, with the field left uninitialized, for anything else, which takes the
    /// field's slot; an array that threw is done again by the slot, whose repair stage decides.
    @inline(__always)
    func readScalar(_ scalar: PlanScalar, ifPresent: Bool, key index: Int, at node: Int, into pointer: FieldPlace,
                    _ decoder: DocumentDecoder, _ plan: FieldPlan) -> Bool {
        switch scalar {
        case .other: return false
        case .int: return store(Int.self, ifPresent: ifPresent, into: pointer, at: node, decoder)
        case .double: return store(Double.self, ifPresent: ifPresent, into: pointer, at: node, decoder)
        case .bool: return store(Bool.self, ifPresent: ifPresent, into: pointer, at: node, decoder)
        case .string: return store(String.self, ifPresent: ifPresent, into: pointer, at: node, decoder)
        case .ints, .doubles, .bools, .strings: break
        }
        guard decoder.document.nodes[node].kind == .array else { return false }
        if isPending { return storeArray(scalar, ifPresent: ifPresent, into: pointer, at: node, decoder) }
        return decoder.session.at(.key(plan.keys[index])) { storeArray(scalar, ifPresent: ifPresent, into: pointer, at: node, decoder) }
    }

    @inline(__always)
    func storeArray(_ scalar: PlanScalar, ifPresent: Bool, into pointer: FieldPlace, at node: Int, _ decoder: DocumentDecoder) -> Bool {
        switch scalar {
        case .ints: storeArray(Int.self, ifPresent: ifPresent, into: pointer, at: node, decoder)
        case .doubles: storeArray(Double.self, ifPresent: ifPresent, into: pointer, at: node, decoder)
        case .bools: storeArray(Bool.self, ifPresent: ifPresent, into: pointer, at: node, decoder)
        default: storeArray(String.self, ifPresent: ifPresent, into: pointer, at: node, decoder)
        }
    }

    // The field is a stored `S`, `[S]` or their `Optional` in the planned model, as
    // `PlanScalar(T.self)` found at learning (its `FieldPlace` checks size and alignment in debug).

    @inline(__always)
    func store<S: ScalarValue>(_: S.Type, ifPresent: Bool, into field: FieldPlace, at node: Int, _ decoder: DocumentDecoder) -> Bool {
        let document = decoder.document
        if let value = S.read(document, node) {
            if ifPresent { field.initialize(as: S?.self, to: value) } else { field.initialize(as: S.self, to: value) }
            return true
        }
        guard ifPresent, decoder.isExplicitNull(node) else { return false }
        field.initialize(as: S?.self, to: nil)
        return true
    }

    @inline(__always)
    private func storeArray<S: ScalarValue>(_: S.Type, ifPresent: Bool, into field: FieldPlace, at node: Int,
                                           _ decoder: DocumentDecoder) -> Bool {
        guard let value = decoder.document.nodes[node].count == 0 ? [] : try? decoder.decodeScalarArray(S.self, at: node) else { return false }
        if ifPresent { field.initialize(as: [S]?.self, to: value) } else { field.initialize(as: [S].self, to: value) }
        return true
    }

    /// A non-optional field whose member is not of the field's own kind, as the keyed
    /// container's paths take it: a scalar as `ScalarValue.propertyValue` does, converted
    /// (recorded), else repaired — by `repairPlanned` when it can, else by the repair stage;
    /// an array that is not one, as `repairPlannedArray` does. False, with the field
    /// uninitialized, for anything else (an array, a partial document's cut string), and for
    /// a flat element not yet placed wherever its place or frame would be read but for a
    /// repair or conversion `recordPlanned` files: strict mode's error, a fallback not yet
    /// known, a record that cannot be an entry.
    mutating func convertPlanned(_ scalar: PlanScalar, field index: Int, into pointer: FieldPlace, at node: Int,
                                 _ decoder: DocumentDecoder, _ plan: FieldPlan) throws -> Bool {
        let session = decoder.session
        if isPending, session.strict { return false }
        if session.isPartial(node, in: decoder.document) { return false }
        switch scalar {
        case .int: return try convertPlanned(Int.self, field: index, into: pointer, at: node, decoder, plan)
        case .double: return try convertPlanned(Double.self, field: index, into: pointer, at: node, decoder, plan)
        case .bool: return try convertPlanned(Bool.self, field: index, into: pointer, at: node, decoder, plan)
        case .string: return try convertPlanned(String.self, field: index, into: pointer, at: node, decoder, plan)
        case .other, .ints, .doubles, .bools, .strings:
            // An array (a clean one, most often) is the slot's: asked here, not in a call.
            guard decoder.document.nodes[node].kind != .array, plan.fields[index].readsArraysOnly else { return false }
            return repairPlannedArray(field: index, into: pointer, at: node, decoder, plan)
        }
    }

    /// A field of an array type (`Field.readsArraysOnly`) whose member is not an array (the
    /// caller has asked) nor a string that may hold one: what its decode would throw — the
    /// `wrongKind` problem, as `decodeArray` makes it — repaired as `repairPlanned` repairs it,
    /// without the pipeline's generic layers and error box. False for such a string.
    private mutating func repairPlannedArray(field index: Int, into pointer: FieldPlace, at node: Int,
                                            _ decoder: DocumentDecoder, _ plan: FieldPlan) -> Bool {
        // A string opening an array may be JSON in a string, which `decodeArray` reads.
        if decoder.mayHoldJSON(at: node, opening: .array) { return false }
        // The `wrongKind` problem, as `decodeArray` makes it.
        let isNull = decoder.document.nodes[node].kind == .null
        return repairPlanned(isNull ? .null : .mismatch, found: isNull ? -1 : node, field: index, into: pointer, at: node, decoder, plan)
    }

    private mutating func convertPlanned<S: ScalarValue>(_: S.Type, field index: Int, into pointer: FieldPlace,
                                                         at node: Int, _ decoder: DocumentDecoder, _ plan: FieldPlan) throws -> Bool {
        let session = decoder.session
        if session.settings.recordsIssues, !session.strict {
            // A conversion to record, filed as an entry (`recordPlanned`) under the path
            // `convertScalar` records it at.
            guard let (value, converted) = decoder.scalarConversion(S.self, at: node) else {
                return try repairScalar(S.self, decoder.scalarProblem(S.self, at: node), field: index, into: pointer, at: node, decoder, plan)
            }
            if converted, !recordPlanned(.converted, found: node, of: index, at: nil, decoder, plan) { return false }
            pointer.initialize(as: S.self, to: value)
            return true
        }
        // Nothing here reads the path: strict mode refuses a conversion without it, and a
        // decode that records nothing files none.
        switch decoder.convertScalar(S.self, at: node) {
        case let .success(value):
            pointer.initialize(as: S.self, to: value)
            return true
        case let .failure(problem):
            return try repairScalar(S.self, problem, field: index, into: pointer, at: node, decoder, plan)
        }
    }

    /// `problem`, of a non-optional scalar field, repaired by `repairPlanned` when it can, else
    /// by the repair stage (false for a flat element not yet placed, which it needs).
    private mutating func repairScalar<S: ScalarValue>(_: S.Type, _ problem: DecodingProblem, field index: Int,
                                                       into pointer: FieldPlace, at node: Int,
                                                       _ decoder: DocumentDecoder, _ plan: FieldPlan) throws -> Bool {
        if let (reason, found) = FiledIssues.plainReason(of: problem, in: decoder.document),
           repairPlanned(reason, found: found, field: index, into: pointer, at: node, decoder, plan) {
            return true
        }
        if isPending { return false }
        pointer.initialize(as: S.self, to: try decoder.session.repairProperty(S.self, problem: problem, site: site(index, plan), at: node,
                                                                                     in: decoder.document))
        return true
    }

    /// The repair of a non-optional field to its initial value for `reason` (`found`: the node
    /// of the value found, or -1; `node`: the member, nil when absent) as the repair stage
    /// makes it (`repairProperty`, and its record), from the decode's `PlanFallbacks`
    /// (prepared at the decode's first repair of the model). False, with the field
    /// uninitialized, where the repair stage is needed: strict mode, a field whose fallback
    /// the repair stage finds otherwise (see `PlanFallbacks`), and for a flat element not yet
    /// placed fallbacks not yet prepared (the frame is not the element's) or a record that
    /// needs more than its place (see `recordPlanned`).
    mutating func repairPlanned(_ reason: FiledIssues.PlainReason, found: Int, field index: Int, into pointer: FieldPlace,
                                at node: Int?, _ decoder: DocumentDecoder, _ plan: FieldPlan) -> Bool {
        let session = decoder.session
        guard !session.strict else { return false }
        // Safety: the session's plan caches hold the state, which holds its fallbacks, until the decode ends.
        let fallbacks = planState(decoder, plan).takeUnretainedValue().fallbacks
        if !fallbacks.isPrepared {
            guard !isPending else { return false }  // the frame is not the element's
            fallbacks.prepare(session: session, frame: frame)
        }
        guard fallbacks.known & (1 << UInt64(index)) != 0 else { return false }
        let field = plan.fields[index]
        if session.settings.recordsIssues, !recordPlanned(reason, found: found, of: index, at: node, decoder, plan) { return false }
        field.slot.copy(from: fallbacks.values.field(at: field.offset), to: pointer)
        return true
    }

    /// Files `repairPlanned`'s repair or `convertPlanned`'s conversion (of field `index`, for
    /// `reason`, with the value found at node `found` or -1, the member at `node`, nil where
    /// the key is not compared: a conversion's record has none) as an entry
    /// (`DecodingSession.filePlanned`), else as the repair stage files it. A flat element not
    /// yet placed files it under the place it would have — its index after the path, its type
    /// as the owner — without being put there (which `place` does, and its frame, at a few
    /// times the cost of the record): the element counts it as filed in place. False, with
    /// nothing filed, where that cannot be an entry: it is placed first.
    private mutating func recordPlanned(_ reason: FiledIssues.PlainReason, found: Int, of index: Int, at node: Int?,
                                        _ decoder: DocumentDecoder, _ plan: FieldPlan) -> Bool {
        let (session, document) = (decoder.session, decoder.document)
        var element: FlatElement?
        if case let .pending(pending) = flat {
            // Something was filed without the element's place since its last record (an array's
            // element converted under the array's path): it is decoded again, placed (`place` throws).
            guard session.filedIssues.mark == pending.mark else { return false }
            element = pending
        }
        if reason == .missing, plan.hasKeyRules || session.settings.hasKeyStrategies {
            // Looked for under a key rule's or a strategy's name: the repair stage's record, which
            // names that key (`DecodingSession.lookedForKey`), in the element's own frame.
            guard element == nil else { return false }
            session.fileRepair(DecodingProblem(reason: .missing, expected: plan.fields[index].slot.valueType), site: site(index, plan), at: nil,
                               in: document)
            return true
        }
        // Only a found value's words and a conversion's name the type (`FiledIssues.repair`): a witness call saved.
        let expected = reason.hasWords ? plan.fields[index].slot.valueType : Any.self
        // The JSON key, where it is not the field's (a strategy or a rule renamed it): compared
        // now, while its bytes are in the cache, so that `take` reads only the keys it reports.
        var keyNode = -1
        if let node, let key = document.keyNode(of: node, in: object), !document.withText(key, { plan.isKey($0, of: index) }) {
            keyNode = key
        }
        if session.filePlanned(reason, found: found, expected: expected, site: site(index, plan), field: (plan, index), keyNode: keyNode,
                               element: element.map { ($0.index, $0.type) }, in: document) {
            if var element {
                element.mark = session.filedIssues.mark
                flat = .pending(element)
            }
            return true
        }
        guard element == nil else { return false }
        if let problem = reason.problem(found: found, expected: plan.fields[index].slot.valueType, in: document) {
            session.fileRepair(problem, site: site(index, plan), at: node, in: document)
        } else {  // a conversion, as `convertScalar` records it
            _ = session.at(session.pathKey(site(index, plan))) {
                session.conversionProblem(from: document.kindName(of: found), to: plan.fields[index].slot.valueType)
            }
        }
        return true
    }
}
