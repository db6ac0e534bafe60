extension DocumentDecoder {
    /// The model `T` (which is `model`, a struct) at `object`, by its field plan, then
    /// `didFinishMapping()`: what its `init(from:)` makes, without running it.
    ///
    /// The plan makes the calls the model's keyed container would make for `init(from:)`,
    /// in the same order (see `fill`), so values, repairs, the report's order and the first
    /// error thrown are `init(from:)`'s. The value is built field by field in uninitialized
    /// memory: the plan has a field for every stored property (`FieldPlan.learn`), so once
    /// each is initialized the value is, and the model's `init()` is not run per object (an
    /// absent key's initial value comes from the repair stage, once per decode, as through
    /// `init(from:)`). Nothing here names `T?`: in this unspecialized code each mention asks
    /// the runtime for its metadata.
    func decodePlanned<T: Decodable>(_: T.Type, model: any DecodableModel.Type, info: ModelInfo, at object: Int, plan: FieldPlan) throws -> T {
        let mark = session.scratch.mark
        // Safety: the bytes are the scratch stack's until the pop, after the value has moved out.
        let value = session.scratch.push(size: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        defer { session.scratch.pop(to: mark) }
        try decodePlanned(into: value, T.self, model: model, info: info, at: object, plan: plan, candidates: keyCandidates(plan, info: info))
        // Safety: `decodePlanned(into:)` returned: the value is initialized.
        return value.assumingMemoryBound(to: T.self).move()
    }

    /// `plan`'s candidate keys in this decode (`DecodingSession.planKeyCandidates`), when its
    /// keys have rules or the call has strategies: found once per array of its model, not per object.
    @inline(__always)
    private func keyCandidates(_ plan: FieldPlan, info: ModelInfo) -> PlanKeyCandidates? {
        plan.hasKeyRules || !session.keyStrategies.isEmpty ? session.planKeyCandidates(plan, info: info) : nil
    }

    /// `decodePlanned`, into `value` (uninitialized bytes for a `T`): initialized when this
    /// returns, uninitialized when it throws. `candidates`: `keyCandidates(plan, info:)`.
    private func decodePlanned<T: Decodable>(into value: UnsafeMutableRawPointer, _: T.Type, model: any DecodableModel.Type,
                                             info: ModelInfo, at object: Int, plan: FieldPlan, candidates: PlanKeyCandidates?) throws {
        var initialized: UInt64 = 0
        do {
            var state = FlatState.off
            try fill(value, object: object, plan: plan, info: info, candidates: candidates, flat: &state, initialized: &initialized)
        } catch {
            plan.deinitialize(value, initialized: initialized)
            throw error
        }
        // Safety: every stored property of `T` is initialized: the value is.
        model.finishMapping(&value.assumingMemoryBound(to: T.self).pointee)
    }

    /// The elements of an array of a planned model, each built where the array keeps it (no
    /// copy, no `Element?`), as `decodeElements` decodes them: each its own recovery point
    /// and frame, an element that is not an object through the general path.
    func decodePlannedElements<Element: Decodable>(_: Element.Type, model: any DecodableModel.Type, info: ModelInfo, plan: FieldPlan,
                                                   at node: Int, count: Int, route: Route) throws -> [Element] {
        try session.checkStack()
        guard count > 0 else { return [] }
        let flat = plan.isFlat && !info.hasValueRules
        let candidates = keyCandidates(plan, info: info)
        // As `fill` walks: keys as themselves, or each field's best candidate where no key is two fields'.
        let plain = flat && readsScalarsPlainly(plan) && candidates?.isUnique != false
        // Made by the model's `_makeArray`, compiled where `[Element]` is a concrete type: here,
        // `[Element](unsafeUninitializedCapacity:)` asked the runtime for two metadata per array.
        let storage = try model._makeArray(count: count) { base, initialized in
            // Safety: `base` is the storage of `count` elements of the model, which is `Element`.
            let elements = base.assumingMemoryBound(to: Element.self)
            var element = node + 1
            for index in 0 ..< count {
                let slot = elements + initialized
                if document.nodes[element].kind == .object {
                    if flat {
                        let outcome = try decodeFlat(into: UnsafeMutableRawPointer(slot), Element.self, model: model, info: info,
                                                     at: element, index: index, plan: plan, candidates: candidates, plain: plain)
                        if outcome != .again {
                            if outcome == .decoded { initialized += 1 }
                            element = document.next(after: element)
                            continue
                        }
                    }
                    let decoded = try session.at(.index(index)) {
                        do {
                            session.pushFrame(Element.self, model: model, info: info)
                            defer { session.popFrame() }
                            try decodePlanned(into: UnsafeMutableRawPointer(slot), Element.self, model: model, info: info, at: element, plan: plan,
                                              candidates: candidates)
                            return true
                        } catch {
                            try session.repairElement(error)
                            return false
                        }
                    }
                    if decoded { initialized += 1 }
                } else if try decodeElement(into: slot, at: element, key: .index(index), route: route) {
                    initialized += 1
                }
                element = document.next(after: element)
            }
        }
        // Safety: `storage` is the storage reference of an array of the model, which is `Element`
        // (the route's model is the element type): an `[Element]`'s one stored property.
        return unsafeBitCast(storage, to: [Element].self)
    }

    /// An element of a flat plan (`FieldPlan.isFlat`: scalars and arrays of scalars; no
    /// value rules) decoded without its place on the path and its frame, which only a
    /// record, an error or a field's slot reads: the field that needs them first puts the
    /// element on the path and pushes its frame (`promote`), and the element goes on as
    /// `decodePlannedElements` decodes it otherwise — dropped if it fails. `again`, with
    /// nothing kept, when something was filed before that (an array's element converted
    /// under the array's path): the caller decodes the element again with both.
    ///
    /// `plain` (the plan walks its members in order, with no transformer or value rule to
    /// apply): the element is first read by `fillInOrder` alone, without the element's state
    /// and `fill`'s set-up; a flat plan's fields are scalars and arrays of scalars, which that
    /// walk reads without their slots, so where it stops short (or filed what an array's
    /// elements needed) it has only initialized fields, and `fill` goes on from there.
    private func decodeFlat<T: Decodable>(into value: UnsafeMutableRawPointer, _: T.Type, model: any DecodableModel.Type, info: ModelInfo,
                                          at object: Int, index: Int, plan: FieldPlan, candidates: PlanKeyCandidates?,
                                          plain: Bool) throws -> FlatOutcome {
        let issues = session.filedIssues.count
        var initialized: UInt64 = 0
        var resume: PlainWalk?
        if plain {
            var walk = PlainWalk(member: object + 1)
            // Never read: the walk places an element only for a field its slot decodes, which a flat plan has none of.
            var unused = FlatState.off, flat = true, depth = 0, frame = 0
            try fillInOrder(value, object: object, plan: plan, info: info, candidates: candidates, plainScalars: true,
                            member: &walk.member, end: document.nodes[object].end, next: &walk.next, found: &walk.found,
                            initialized: &initialized, state: &unused, flat: &flat, depth: &depth, frame: &frame)
            if walk.next == plan.fields.count, session.filedIssues.count == issues {
                // Safety: every stored property of `T` is initialized: the value is.
                model.finishMapping(&value.assumingMemoryBound(to: T.self).pointee)
                return .decoded
            }
            resume = walk
        }
        var state = FlatState.pending(FlatElement(index: index, type: T.self, model: model, issues: issues))
        do {
            try fill(value, object: object, plan: plan, info: info, candidates: candidates, resume: resume, flat: &state,
                     initialized: &initialized)
        } catch {
            plan.deinitialize(value, initialized: initialized)
            guard case .promoted = state else {  // abandoned by `promote`
                session.filedIssues.keepFirst(issues)
                return .again
            }
            session.popFrame()
            defer { session.path.removeLast() }
            try session.repairElement(error)
            return .dropped
        }
        if case let .pending(element) = state, session.filedIssues.count != element.issues {
            plan.deinitialize(value, initialized: initialized)
            session.filedIssues.keepFirst(issues)
            return .again
        }
        // Safety: every stored property of `T` is initialized: the value is.
        model.finishMapping(&value.assumingMemoryBound(to: T.self).pointee)
        if case .promoted = state {
            session.popFrame()
            session.path.removeLast()
        }
        return .decoded
    }

    /// Whether `plan`'s scalars are read as they are (`readScalar`): no transformer or value rule to apply.
    @inline(__always)
    private func readsScalarsPlainly(_ plan: FieldPlan) -> Bool {
        !session.hasTypeTransformers && !plan.hasValueRules
    }

    /// `promote`, for a flat element not placed yet (`flat`): the depth and the frame its
    /// fields are decoded at from then on. (A method, not a function nested in `fill`: one
    /// that captured `fill`'s variables made every access to them a checked one.)
    @inline(__always)
    private func place(_ state: inout FlatState, info: ModelInfo, flat: inout Bool, depth: inout Int, frame: inout Int) throws {
        guard flat else { return }
        (depth, frame) = try promote(&state, info: info)
        flat = false
    }

    /// Puts a flat element on the path and pushes its frame, as `decodePlannedElements` does
    /// for other elements: the depth and the frame its fields are decoded at from then on.
    /// Throws `PlanAbandoned` when something was filed without them (see `decodeFlat`).
    private func promote(_ state: inout FlatState, info: ModelInfo) throws -> (depth: Int, frame: Int) {
        guard case let .pending(element) = state else { preconditionFailure("a flat element is promoted once") }
        guard session.filedIssues.count == element.issues else { throw PlanAbandoned() }
        session.path.append(.index(element.index))
        session.pushFrame(element.type, model: element.model, info: info)
        state = .promoted
        return (session.path.count, session.frames.count - 1)
    }

    /// Initializes the fields in the order the model's `init(from:)` asks for their keys,
    /// each with what its keyed container would answer: the member found as the container
    /// finds it (the first of a repeated key; through the key table when keys have rules or
    /// strategies), decoded by the call the container makes (`decodeProperty`,
    /// `decodeOptionalProperty`, or their fast paths, which give what those calls give).
    /// `candidates` is `keyCandidates(plan, info:)`, found by the caller once for all the
    /// objects it fills. `initialized` has the bit of each field initialized so far. `flat`:
    /// where the object stands, for a flat element not yet placed on the path (`decodeFlat`),
    /// which the first field that needs its place, frame or slot places (`promote`).
    ///
    /// Keys as themselves: one walk of the object's members, each field decoded as soon as
    /// every field before it is (payloads mostly write keys in the model's order); a member
    /// that comes early is kept until then, and absent fields are decoded at the end.
    private func fill(_ base: UnsafeMutableRawPointer, object: Int, plan: FieldPlan, info: ModelInfo, candidates: PlanKeyCandidates?,
                      resume: PlainWalk? = nil, flat state: inout FlatState, initialized: inout UInt64) throws {
        let count = plan.fields.count
        var depth = session.path.count
        var frame = session.frames.count - 1
        var flat = state.isPending
        let plainScalars = readsScalarsPlainly(plan)
        // The scratch stack's place before `early` is made, to pop it after.
        var mark: (chunk: Int, top: Int)?
        defer { if let mark { session.scratch.pop(to: mark) } }
        // Members found ahead of their turn, on the scratch stack (made on first need).
        var early: UnsafeMutablePointer<Int>?
        var walks = true  // the object's members are still to be walked
        // With key rules or strategies, `candidates`: each field's best candidate key, when no
        // key is another field's too (else every field's member is found first, below).
        if plan.hasKeyRules || !session.keyStrategies.isEmpty, candidates?.isUnique != true {
            mark = session.scratch.mark
            let nodes = session.earlyMembers(count)
            early = nodes
            walks = false
            if let candidates {
                candidates.members(of: object, in: document, fields: count, into: nodes, scratch: &session.scratch)
            } else {
                try place(&state, info: info, flat: &flat, depth: &depth, frame: &frame)  // the container's lookup, by its cursor at the element's depth
                for index in 0 ..< count {
                    nodes[index] = plan.keyLookup.member(plan.keys[index], in: object, of: self, depth: depth, frame: frame) ?? -1
                }
            }
        }
        var found: UInt64 = 0
        // Fields a candidate other than the best present one was seen for (a worse one, or the
        // best one null): found at the end as the container finds them.
        var unsettled: UInt64 = 0
        var member = object + 1
        let end = document.nodes[object].end
        var next = 0  // every field before it is initialized
        if let resume {  // where `decodeFlat`'s plain walk stopped (`initialized` has its fields)
            (member, next, found) = (resume.member, resume.next, resume.found)
        } else if walks {
            try fillInOrder(base, object: object, plan: plan, info: info, candidates: candidates, plainScalars: plainScalars,
                            member: &member, end: end, next: &next, found: &found, initialized: &initialized,
                            state: &state, flat: &flat, depth: &depth, frame: &frame)
        }
        while next < count {
            // The next field's member: found early, or the next member if it is that field's, or absent.
            var node = early?[next] ?? -1
            if node < 0, walks {
                guard member < end else {
                    walks = false
                    continue
                }
                let key = member
                node = member + 1
                member = document.next(after: node)
                let index: Int
                if let candidates {
                    let (field, rank) = document.withText(key) { candidates.field(for: $0, expected: next) }
                    guard field >= 0 else { continue }
                    // Only the best candidate, present and not null, at its first occurrence settles
                    // a field as `KeyTable.resolve` would (nothing can beat it).
                    guard rank == 0, found & (1 << UInt64(field)) == 0 else {
                        unsettled |= 1 << UInt64(field)
                        continue
                    }
                    found |= 1 << UInt64(field)
                    guard document.nodes[node].kind != .null else {
                        unsettled |= 1 << UInt64(field)
                        continue
                    }
                    index = field
                } else {
                    index = document.withText(key) { plan.field(for: $0, expected: next) }
                    guard index >= 0, found & (1 << UInt64(index)) == 0 else { continue }  // unknown, or repeated: the first wins
                    found |= 1 << UInt64(index)
                }
                guard index == next else {
                    if early == nil {
                        mark = session.scratch.mark
                        early = session.earlyMembers(count)
                    }
                    early![index] = node
                    continue
                }
            }
            if node < 0, unsettled & (1 << UInt64(next)) != 0 {
                try place(&state, info: info, flat: &flat, depth: &depth, frame: &frame)  // the container's lookup, by its cursor at the element's depth
                node = plan.keyLookup.member(plan.keys[next], in: object, of: self, depth: depth, frame: frame) ?? -1
            }
            let field = plan.fields[next]
            let pointer = base + field.offset
            if node < 0 {
                if field.ifPresent, plan.initiallyNil & (1 << UInt64(next)) != 0 {
                    plan.initializeNil(next, at: pointer)  // what `absentOptional` answers
                } else if flat, !field.ifPresent,
                          repairPlanned(.missing, found: -1, field: next, of: plan, into: pointer, at: nil,
                                        site: PropertySite(key: plan.keys[next], object: object, depth: depth, frame: frame), state: &state) {
                    // a kept fallback, filed (if recorded) under the element's place
                } else {
                    try place(&state, info: info, flat: &flat, depth: &depth, frame: &frame)
                    let site = PropertySite(key: plan.keys[next], object: object, depth: depth, frame: frame)
                    if field.ifPresent, session.absentNilness(of: plan).isNil(next, site: site, in: session) {
                        plan.initializeNil(next, at: pointer)
                    } else if field.ifPresent || !repairPlanned(.missing, found: -1, field: next, of: plan, into: pointer, at: nil, site: site, state: &state) {
                        try field.slot.decode(into: pointer, with: self, at: nil, site: site)
                    }
                }
            } else if field.ifPresent, document.nodes[node].kind == .null, !session.isPartial(node, in: document) {
                plan.initializeNil(next, at: pointer)  // what `decodeOptionalProperty` gives a null first
            } else if !plainScalars || !readScalar(field.scalar, ifPresent: field.ifPresent, key: next, of: plan, at: node,
                                                   into: pointer, flat: flat) {
                let convertsInPlace = plainScalars && !field.ifPresent
                if convertsInPlace, flat,
                   try convertPlanned(field.scalar, field: next, of: plan, into: pointer, at: node,
                                      site: PropertySite(key: plan.keys[next], object: object, depth: depth, frame: frame), state: &state) {
                    // converted, or a kept fallback, with nothing to record
                } else {
                    try place(&state, info: info, flat: &flat, depth: &depth, frame: &frame)
                    let site = PropertySite(key: plan.keys[next], object: object, depth: depth, frame: frame)
                    let converted = try convertsInPlace
                        && convertPlanned(field.scalar, field: next, of: plan, into: pointer, at: node, site: site, state: &state)
                    if !converted {
                        try field.slot.decode(into: pointer, with: self, at: node, site: site)
                    }
                }
            }
            initialized |= 1 << UInt64(next)
            next += 1
        }
    }

    /// The start of `fill`'s walk of the object's members, where it is plainest: members in
    /// the fields' order (unknown keys skipped; with key rules or strategies, each field's best
    /// candidate key), each decoded as `fill` decodes it when it needs no conversion: a null
    /// for an optional field, a clean scalar, an array of scalars (`readScalar`), anything
    /// else by the field's slot. It stops, before it has done anything for that member, at
    /// the first one that may need more (a key out of order, repeated, not a field's best
    /// candidate or null there, a scalar to convert, an array of scalars `readScalar` does
    /// not take, a non-array for an array field), and `fill` goes on from there. Out of line,
    /// with its few variables in registers: the general walk keeps too many live for that.
    @inline(never)
    private func fillInOrder(_ base: UnsafeMutableRawPointer, object: Int, plan: FieldPlan, info: ModelInfo,
                             candidates: PlanKeyCandidates?, plainScalars: Bool, member: inout Int, end: Int, next: inout Int,
                             found: inout UInt64, initialized: inout UInt64,
                             state: inout FlatState, flat: inout Bool, depth: inout Int, frame: inout Int) throws {
        let count = plan.fields.count
        while next < count, member < end {
            let key = member, node = member + 1
            let index: Int
            if let candidates {
                // Only a field's best candidate, not null, settles it here (see `fill`): -2 for another.
                index = document.withText(key) { text -> Int in
                    let (field, rank) = candidates.field(for: text, expected: next)
                    return rank == 0 ? field : -2
                }
                if index == -2 || index >= 0 && document.nodes[node].kind == .null { return }
            } else {
                index = document.withText(key) { plan.field(for: $0, expected: next) }
            }
            guard index >= 0 else {  // unknown: skipped, as `fill` skips it
                member = document.next(after: node)
                continue
            }
            guard index == next, found & (1 << UInt64(index)) == 0 else { return }
            let field = plan.fields[next]
            let pointer = base + field.offset
            let kind = document.nodes[node].kind
            if field.ifPresent, kind == .null, !session.isPartial(node, in: document) {
                plan.initializeNil(next, at: pointer)
            } else if plainScalars, field.scalar != .other {
                switch field.scalar {
                case .int: guard store(Int.self, ifPresent: field.ifPresent, into: pointer, at: node) else { return }
                case .double: guard store(Double.self, ifPresent: field.ifPresent, into: pointer, at: node) else { return }
                case .bool: guard store(Bool.self, ifPresent: field.ifPresent, into: pointer, at: node) else { return }
                case .string: guard store(String.self, ifPresent: field.ifPresent, into: pointer, at: node) else { return }
                default:
                    guard kind == .array else { return }
                    if document.nodes[node].count == 0 {
                        _ = storeArray(field.scalar, ifPresent: field.ifPresent, into: pointer, at: node)  // nothing to convert or record
                    } else if !readScalar(field.scalar, ifPresent: field.ifPresent, key: next, of: plan, at: node, into: pointer, flat: flat) {
                        // As `fill` reads it; false (strict mode refused an element, unrecorded) leaves
                        // the member to `fill`, which asks again.
                        return
                    }
                }
            } else {
                // Where `fill` would try `convertPlanned`, and it might repair (see there): left to `fill`.
                if plainScalars, !field.ifPresent, field.readsArraysOnly, kind != .array { return }
                try place(&state, info: info, flat: &flat, depth: &depth, frame: &frame)
                try field.slot.decode(into: pointer, with: self, at: node,
                                      site: PropertySite(key: plan.keys[next], object: object, depth: depth, frame: frame))
            }
            found |= 1 << UInt64(next)
            initialized |= 1 << UInt64(next)
            member = document.next(after: node)
            next += 1
        }
    }

    /// The keyed container's scalar fast path (`decodeScalar`, `decodeScalarIfPresent`):
    /// a member of the scalar's own kind that fits initializes the field; so does an array
    /// of scalars, read as `decodeProperty` reads it (under the property's key on the path,
    /// unless `flat`: then the caller decodes the object again should anything be filed).
    /// False, with the field left uninitialized, for anything else, which takes the field's
    /// slot; an array that threw is done again by the slot, whose repair stage decides.
    @inline(__always)
    private func readScalar(_ scalar: PlanScalar, ifPresent: Bool, key index: Int, of plan: FieldPlan, at node: Int,
                            into pointer: UnsafeMutableRawPointer, flat: Bool) -> Bool {
        switch scalar {
        case .other: return false
        case .int: return store(Int.self, ifPresent: ifPresent, into: pointer, at: node)
        case .double: return store(Double.self, ifPresent: ifPresent, into: pointer, at: node)
        case .bool: return store(Bool.self, ifPresent: ifPresent, into: pointer, at: node)
        case .string: return store(String.self, ifPresent: ifPresent, into: pointer, at: node)
        case .ints, .doubles, .bools, .strings: break
        }
        guard document.nodes[node].kind == .array else { return false }
        if flat { return storeArray(scalar, ifPresent: ifPresent, into: pointer, at: node) }
        return session.at(.key(plan.keys[index])) { storeArray(scalar, ifPresent: ifPresent, into: pointer, at: node) }
    }

    @inline(__always)
    private func storeArray(_ scalar: PlanScalar, ifPresent: Bool, into pointer: UnsafeMutableRawPointer, at node: Int) -> Bool {
        switch scalar {
        case .ints: storeArray(Int.self, ifPresent: ifPresent, into: pointer, at: node)
        case .doubles: storeArray(Double.self, ifPresent: ifPresent, into: pointer, at: node)
        case .bools: storeArray(Bool.self, ifPresent: ifPresent, into: pointer, at: node)
        default: storeArray(String.self, ifPresent: ifPresent, into: pointer, at: node)
        }
    }

    /// A non-optional field whose member is not of the field's own kind, as the keyed
    /// container's paths take it: a scalar as `ScalarValue.propertyValue` does, converted
    /// (recorded), else repaired — by `repairPlanned` when it can, else by the repair stage;
    /// an array that is not one, as `repairPlannedArray` does. False, with the field
    /// uninitialized, for anything else (an array, a partial document's cut string), and for
    /// a flat element not yet placed (`state`) wherever its place or frame would be read but
    /// for a repair or conversion `recordPlanned` files: strict mode's error, a fallback not
    /// yet known, a record that cannot be an entry.
    private func convertPlanned(_ scalar: PlanScalar, field index: Int, of plan: FieldPlan, into pointer: UnsafeMutableRawPointer,
                                at node: Int, site: PropertySite, state: inout FlatState) throws -> Bool {
        if state.isPending, session.strict { return false }
        if session.isPartial(node, in: document) { return false }
        switch scalar {
        case .int: return try convertPlanned(Int.self, field: index, of: plan, into: pointer, at: node, site: site, state: &state)
        case .double: return try convertPlanned(Double.self, field: index, of: plan, into: pointer, at: node, site: site, state: &state)
        case .bool: return try convertPlanned(Bool.self, field: index, of: plan, into: pointer, at: node, site: site, state: &state)
        case .string: return try convertPlanned(String.self, field: index, of: plan, into: pointer, at: node, site: site, state: &state)
        case .other, .ints, .doubles, .bools, .strings:
            // An array (a clean one, most often) is the slot's: asked here, not in a call.
            guard document.nodes[node].kind != .array, plan.fields[index].readsArraysOnly else { return false }
            return repairPlannedArray(field: index, of: plan, into: pointer, at: node, site: site, state: &state)
        }
    }

    /// A field of an array type (`Field.readsArraysOnly`) whose member is not an array (the
    /// caller has asked) nor a string that may hold one: what its decode would throw — the
    /// `wrongKind` problem, as `decodeArray` makes it — repaired as `repairPlanned` repairs it,
    /// without the pipeline's generic layers and error box. False for such a string.
    private func repairPlannedArray(field index: Int, of plan: FieldPlan, into pointer: UnsafeMutableRawPointer,
                                    at node: Int, site: PropertySite, state: inout FlatState) -> Bool {
        // A string opening an array may be JSON in a string, which `decodeArray` reads.
        if mayHoldJSON(at: node, opening: .array) { return false }
        // The `wrongKind` problem, as `decodeArray` makes it.
        let isNull = document.nodes[node].kind == .null
        return repairPlanned(isNull ? .null : .mismatch, found: isNull ? -1 : node, field: index, of: plan, into: pointer, at: node,
                             site: site, state: &state)
    }

    private func convertPlanned<S: ScalarValue>(_: S.Type, field index: Int, of plan: FieldPlan, into pointer: UnsafeMutableRawPointer,
                                                at node: Int, site: PropertySite, state: inout FlatState) throws -> Bool {
        if session.recordsIssues, !session.strict {
            // A conversion to record, filed as an entry (`recordPlanned`) under the path
            // `convertScalar` records it at.
            guard let (value, converted) = scalarConversion(S.self, at: node) else {
                return try repairScalar(S.self, scalarProblem(S.self, at: node), field: index, of: plan, into: pointer, at: node, site: site,
                                        state: &state)
            }
            if converted, !recordPlanned(.converted, found: node, of: index, in: plan, at: nil, site: site, state: &state) { return false }
            pointer.initializeMemory(as: S.self, to: value)
            return true
        }
        // Nothing here reads the path: strict mode refuses a conversion without it, and a
        // decode that records nothing files none.
        switch convertScalar(S.self, at: node) {
        case let .success(value):
            pointer.initializeMemory(as: S.self, to: value)
            return true
        case let .failure(problem):
            return try repairScalar(S.self, problem, field: index, of: plan, into: pointer, at: node, site: site, state: &state)
        }
    }

    /// `problem`, of a non-optional scalar field, repaired by `repairPlanned` when it can, else
    /// by the repair stage (false for a flat element not yet placed, which it needs).
    private func repairScalar<S: ScalarValue>(_: S.Type, _ problem: DecodingProblem, field index: Int, of plan: FieldPlan,
                                              into pointer: UnsafeMutableRawPointer, at node: Int, site: PropertySite,
                                              state: inout FlatState) throws -> Bool {
        if let (reason, found) = FiledIssues.plainReason(of: problem, in: document),
           repairPlanned(reason, found: found, field: index, of: plan, into: pointer, at: node, site: site, state: &state) {
            return true
        }
        if state.isPending { return false }
        pointer.initializeMemory(as: S.self, to: try session.repairProperty(S.self, problem: problem, site: site, at: node, in: document))
        return true
    }

    /// The repair of a non-optional field to its initial value for `reason` (`found`: the node
    /// of the value found, or -1) as the repair stage makes it
    /// (`repairProperty`, and its record), from the decode's `PlanFallbacks` (prepared at the
    /// decode's first repair of the model). False, with the field uninitialized, where the
    /// repair stage is needed: strict mode, a field whose fallback the repair stage finds
    /// otherwise (see `PlanFallbacks`), and for a flat element not yet placed (`state`)
    /// fallbacks not yet prepared (the frame is not the element's) or a record that needs more
    /// than its place (see `recordPlanned`).
    private func repairPlanned(_ reason: FiledIssues.PlainReason, found: Int, field index: Int, of plan: FieldPlan,
                               into pointer: UnsafeMutableRawPointer, at node: Int?, site: PropertySite,
                               state: inout FlatState) -> Bool {
        guard !session.strict else { return false }
        let fallbacks = session.fallbacks(of: plan)
        if !fallbacks.isPrepared {
            guard !state.isPending else { return false }  // the frame is not the element's
            fallbacks.prepare(session: session, frame: site.frame)
        }
        guard fallbacks.known & (1 << UInt64(index)) != 0 else { return false }
        let field = plan.fields[index]
        if session.recordsIssues, !recordPlanned(reason, found: found, of: index, in: plan, at: node, site: site, state: &state) {
            return false
        }
        field.slot.copy(from: fallbacks.values + field.offset, to: pointer)
        return true
    }

    /// Files `repairPlanned`'s repair or `convertPlanned`'s conversion (of field `index`, for
    /// `reason`, with the value found at node `found` or -1, the member at `node`, nil where
    /// the key is not compared: a conversion's record has none) as an entry
    /// (`DecodingSession.filePlanned`), else as the repair stage files it. A flat
    /// element not yet placed (`state`) files it under the place it would have — its index
    /// after the path, its type as the owner — without being put there (which `promote`
    /// does, and its frame, at a few times the cost of the record): the element counts it as
    /// filed in place. False, with nothing filed, where that cannot be an entry: it is placed first.
    private func recordPlanned(_ reason: FiledIssues.PlainReason, found: Int, of index: Int, in plan: FieldPlan, at node: Int?,
                               site: PropertySite, state: inout FlatState) -> Bool {
        var element: FlatElement?
        if case let .pending(pending) = state { element = pending }
        if reason == .missing, plan.hasKeyRules || !session.keyStrategies.isEmpty {
            // Looked for under a key rules or strategies name: the repair stage's record, which
            // names that key (`DecodingSession.lookedForKey`), in the element's own frame.
            guard element == nil else { return false }
            session.fileRepair(DecodingProblem(reason: .missing, expected: plan.fields[index].slot.valueType), site: site, at: nil, in: document)
            return true
        }
        // Only a found value's words and a conversion's name the type (`FiledIssues.repair`): a witness call saved.
        let expected = reason.hasWords ? plan.fields[index].slot.valueType : Any.self
        // The JSON key, where it is not the field's (a strategy or a rule renamed it): compared
        // now, while its bytes are in the cache, so that `take` reads only the keys it reports.
        var keyNode = -1
        if let node, node > site.object, document.nodes[node - 1].kind == .string,
           !document.withText(node - 1, { plan.isKey($0, of: index) }) {
            keyNode = node - 1
        }
        if session.filePlanned(reason, found: found, expected: expected, site: site, field: (plan, index), keyNode: keyNode,
                               element: element.map { ($0.index, $0.type) }, in: document) {
            if var element {
                element.issues += 1
                state = .pending(element)
            }
            return true
        }
        guard element == nil else { return false }
        if let problem = reason.problem(found: found, expected: plan.fields[index].slot.valueType, in: document) {
            session.fileRepair(problem, site: site, at: node, in: document)
        } else {  // a conversion, as `convertScalar` records it
            _ = session.at(session.pathKey(site)) {
                session.conversionProblem(from: document.kindName(of: found), to: plan.fields[index].slot.valueType)
            }
        }
        return true
    }

    // Safety (these two): the field is a stored `S`, `[S]` or their `Optional` in the planned model,
    // as `PlanScalar(T.self)` found at learning.

    @inline(__always)
    private func store<S: ScalarValue>(_: S.Type, ifPresent: Bool, into field: UnsafeMutableRawPointer, at node: Int) -> Bool {
        if let value = S.read(document, node) {
            if ifPresent { field.initializeMemory(as: S?.self, to: value) } else { field.initializeMemory(as: S.self, to: value) }
            return true
        }
        guard ifPresent, document.nodes[node].kind == .null, !session.isPartial(node, in: document) else { return false }
        field.initializeMemory(as: S?.self, to: nil)
        return true
    }

    @inline(__always)
    private func storeArray<S: ScalarValue>(_: S.Type, ifPresent: Bool, into field: UnsafeMutableRawPointer, at node: Int) -> Bool {
        guard let value = document.nodes[node].count == 0 ? [] : try? decodeScalarArray(S.self, at: node) else { return false }
        if ifPresent { field.initializeMemory(as: [S]?.self, to: value) } else { field.initializeMemory(as: [S].self, to: value) }
        return true
    }
}

/// Where `fillInOrder` is in an object's members: the next member, the next field, the fields found.
private struct PlainWalk {
    var member: Int
    var next = 0
    var found: UInt64 = 0
}

/// Ends a flat element's decode that something was filed for without its place on the path (`decodeFlat`).
private struct PlanAbandoned: Error {}

/// Where a planned object stands on the path (`DocumentDecoder.fill`).
private enum FlatState {
    /// At its own place, in its own frame, as the caller put it.
    case off
    /// A flat element not yet on the path nor in a frame (`decodeFlat`).
    case pending(FlatElement)
    /// A flat element that `promote` put on the path and gave its frame.
    case promoted

    var isPending: Bool {
        if case .pending = self { return true }
        return false
    }
}

/// A flat element, with what `promote` needs to place it as `decodePlannedElements` would.
private struct FlatElement {
    let index: Int
    let type: Any.Type
    let model: any DecodableModel.Type
    /// The issues filed before it or under its place (`recordPlanned`): one filed otherwise
    /// before it is placed had the wrong path.
    var issues: Int
}

/// How `decodeFlat` ended.
private enum FlatOutcome {
    case decoded
    /// Failed, and dropped as `repairElement` drops elements.
    case dropped
    /// To be decoded again with its place and frame (nothing was kept).
    case again
}

/// Which of a plan's optional fields an absent key leaves nil in this decode: what
/// `absentOptional` answers, asked once per field and decode rather than per object (it is
/// the same for every object of a model outside update mode, where plans are not used).
final class AbsentNilness {
    private var known: UInt64 = 0
    private var isNil: UInt64 = 0

    func isNil(_ index: Int, site: PropertySite, in session: DecodingSession) -> Bool {
        let bit: UInt64 = 1 << UInt64(index)
        if known & bit == 0 {
            known |= bit
            if session.callIsStrict || session.initialIsNil(site.key, frame: site.frame) { isNil |= bit }
        }
        return isNil & bit != 0
    }
}

extension DecodingSession {
    /// `count` node numbers, all -1, on the scratch stack: the members of a planned object
    /// found ahead of their turn (`fill`, which pops them).
    @inline(never)
    func earlyMembers(_ count: Int) -> UnsafeMutablePointer<Int> {
        // Safety: on the scratch stack until `fill` pops it.
        let made = scratch.push(size: count * MemoryLayout<Int>.stride, alignment: MemoryLayout<Int>.alignment)
            .bindMemory(to: Int.self, capacity: count)
        made.initialize(repeating: -1, count: count)
        return made
    }

    /// The decode's `AbsentNilness` of `plan`.
    func absentNilness(of plan: FieldPlan) -> AbsentNilness {
        planNilness.value(for: ObjectIdentifier(plan)) { AbsentNilness() }
    }
}
