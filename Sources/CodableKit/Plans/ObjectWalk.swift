/// One planned object's walk: its cursor over the object's members, which fields are found,
/// initialized and unsettled, and where the object stands on the path (`FlatState`). The
/// fields are initialized in the order the model's `init(from:)` asks for their keys, each
/// with what its keyed container would answer: the member found as the container finds it
/// (the first of a repeated key; through the key table when keys have rules or strategies,
/// `MemberChoice`), decoded by the call the container makes (`decodeProperty`,
/// `decodeOptionalProperty`, or their fast paths, which give what those calls give).
///
/// Keys as themselves: one walk of the object's members, each field decoded as soon as every
/// field before it is (payloads mostly write keys in the model's order); a member that comes
/// early is kept until then, and absent fields are decoded at the end.
///
/// A value, made per object on the stack and dropped with it. The decoder and the plan it walks
/// for are its methods' arguments, not its own: read from a stored reference, each would be
/// retained and released around every use, per field. Its references are unowned: the model's
/// rules live for the process, the plan's state for the decode.
struct ObjectWalk {
    unowned(unsafe) let info: ModelInfo
    /// The plan's state in this decode (`PlanInDecode`): given where the caller has it, else
    /// found on first need (`planState`). Unretained, as its candidates (read per member where
    /// keys have rules or strategies): the session's plan caches hold them until the decode ends.
    private(set) var state: Unmanaged<PlanInDecode>?
    private(set) var candidates: Unmanaged<PlanKeyCandidates>?
    /// The candidates' `bestKeys` (none without candidates), read per member in order.
    private let bestKeys: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>
    let object: Int
    /// The object's end: its members are `object + 1 ..< end`.
    let end: Int
    /// The next member to read.
    var member: Int
    /// Every field before it is initialized.
    var next = 0
    /// Fields whose member the walk has met (the first of a repeated key wins).
    var found: UInt64 = 0
    /// Fields a candidate other than the best present one was seen for (a worse one, or the
    /// best one null): found at the end as the container finds them.
    var unsettled: UInt64 = 0
    /// The bit of each field initialized so far.
    var initialized: UInt64 = 0
    /// The length of the path to the object and its frame, as its fields are decoded: the
    /// caller's, or a flat element's own once placed (`place`).
    var depth: Int
    var frame: Int
    /// Where the object stands on the path (see `FlatState`).
    var flat: FlatState
    /// `fillInOrder` has walked (a flat element's plain walk): `fill` goes on from where it stopped.
    var walkedInOrder = false

    init(decoder: DocumentDecoder, info: ModelInfo, state: Unmanaged<PlanInDecode>?, object: Int, flat: FlatState) {
        self.info = info
        self.state = state
        // Safety: the session's plan caches hold the state, which holds its candidates.
        candidates = state?._withUnsafeGuaranteedRef { $0.candidates.map(Unmanaged.passUnretained) }
        // Safety: as `candidates`.
        bestKeys = candidates?._withUnsafeGuaranteedRef(\.bestKeys) ?? UnsafeBufferPointer(start: nil, count: 0)
        self.object = object
        end = decoder.document.nodes[object].end
        member = object + 1
        depth = decoder.session.path.count
        frame = decoder.session.frames.count - 1
        self.flat = flat
    }

    /// A flat element not placed on the path yet (see `FlatState`).
    var isPending: Bool { flat.isPending }

    /// The plan's state in this decode, found now if the caller did not have it.
    @inline(__always)
    mutating func planState(_ decoder: DocumentDecoder, _ plan: FieldPlan) -> Unmanaged<PlanInDecode> {
        if let state { return state }
        let found = decoder.planState(plan, info: info)
        state = found
        return found
    }

    /// The site of field `index` where the object stands now.
    @inline(__always)
    func site(_ index: Int, _ plan: FieldPlan) -> PropertySite {
        PropertySite(key: plan.keys[index], object: object, depth: depth, frame: frame)
    }

    /// Initializes every field (those `fillInOrder` left), as described above. `initialized`
    /// has the bit of each field initialized, also when this throws.
    mutating func fill(_ base: ValuePlace, _ decoder: DocumentDecoder, _ plan: FieldPlan) throws {
        let (session, document) = (decoder.session, decoder.document)
        let count = plan.fields.count
        let plainScalars = decoder.readsScalarsPlainly(plan)
        // The scratch stack's place before `early` is made, to pop it after.
        var mark: (chunk: Int, top: Int)?
        defer { if let mark { session.plans.scratch.pop(to: mark) } }
        // Members found ahead of their turn, on the scratch stack (made on first need).
        var early: UnsafeMutablePointer<Int>?
        var walks = true  // the object's members are still to be walked
        // With key rules or strategies, the plan's candidates: each field's best candidate key,
        // when no key is another field's too (else every field's member is found first, below).
        // Safety (here and below): the session's plan caches hold the candidates until the decode ends.
        let candidates = self.candidates
        if plan.hasKeyRules || session.settings.hasKeyStrategies, candidates?._withUnsafeGuaranteedRef(\.isUnique) != true {
            mark = session.plans.scratch.mark
            let nodes = session.plans.earlyMembers(count)
            early = nodes
            walks = false
            if let candidates {
                // Safety: the session's plan caches hold the state and its candidates until the decode ends.
                candidates._withUnsafeGuaranteedRef { $0.members(of: object, in: document, fields: count, into: nodes, scratch: &session.plans.scratch) }
            } else {
                try place(decoder)  // the container's lookup, by its cursor at the element's depth
                for index in 0 ..< count {
                    nodes[index] = plan.keyLookup.member(plan.keys[index], in: object, of: decoder, depth: depth, frame: frame) ?? -1
                }
            }
        }
        if walks, !walkedInOrder {
            walkedInOrder = true
            try fillInOrder(base, plainScalars: plainScalars, decoder, plan)
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
                    // Safety: the session's plan caches hold the state and its candidates until the decode ends.
                    let (field, rank) = candidates._withUnsafeGuaranteedRef { table in document.withText(key) { table.field(for: $0, expected: next) } }
                    guard field >= 0 else { continue }
                    let bit: UInt64 = 1 << UInt64(field)
                    // Only a member nothing can beat, at its first occurrence, settles a field here.
                    // A field left unsettled stays so: it is found at the end as the container finds
                    // it (a key seen null, then again with a value, is the null: the first occurrence).
                    guard unsettled & bit == 0, MemberChoice.settles(rank: rank, isNull: document.nodes[node].kind == .null),
                          FirstOccurrence.claim(bit, in: &found) else {
                        unsettled |= bit
                        continue
                    }
                    index = field
                } else {
                    index = document.withText(key) { plan.field(for: $0, expected: next) }
                    guard index >= 0, FirstOccurrence.claim(1 << UInt64(index), in: &found) else { continue }  // unknown, or repeated
                }
                guard index == next else {
                    if early == nil {
                        mark = session.plans.scratch.mark
                        early = session.plans.earlyMembers(count)
                    }
                    early![index] = node
                    continue
                }
            }
            // An unsettled field, or a non-ASCII key absent by its bytes (it may be there in
            // another Unicode form): found as the container finds it.
            if node < 0, (unsettled | plan.nonASCIIKeys) & (1 << UInt64(next)) != 0 {
                try place(decoder)  // the container's lookup, by its cursor at the element's depth
                node = plan.keyLookup.member(plan.keys[next], in: object, of: decoder, depth: depth, frame: frame) ?? -1
            }
            let field = plan.fields[next]
            let pointer = base.field(at: field.offset)
            if node < 0 {
                try fillAbsent(next, at: pointer, decoder, plan)
            } else if field.ifPresent, decoder.isExplicitNull(node) {
                plan.initializeNil(next, at: pointer)  // what `decodeOptionalProperty` gives
            } else if !plainScalars || !readScalar(field.scalar, ifPresent: field.ifPresent, key: next, at: node, into: pointer, decoder, plan) {
                let convertsInPlace = plainScalars && !field.ifPresent
                if convertsInPlace, isPending, try convertPlanned(field.scalar, field: next, into: pointer, at: node, decoder, plan) {
                    // converted, or a kept fallback, with nothing to record
                } else {
                    try place(decoder)
                    if !(try convertsInPlace && convertPlanned(field.scalar, field: next, into: pointer, at: node, decoder, plan)) {
                        try field.slot.decode(into: pointer, with: decoder, at: node, site: site(next, plan))
                    }
                }
            }
            initialized |= 1 << UInt64(next)
            next += 1
        }
    }

    /// Field `index`, whose key is absent: nil for an optional where that is what
    /// `absentOptional` answers (`AbsentNilness`), a kept fallback where the repair stage would
    /// give it (`repairPlanned`), else the field's own slot, as the container's call.
    private mutating func fillAbsent(_ index: Int, at pointer: FieldPlace, _ decoder: DocumentDecoder, _ plan: FieldPlan) throws {
        let field = plan.fields[index]
        // Safety: the session's plan caches hold the state and its candidates until the decode ends.
        if field.ifPresent, let state, state._withUnsafeGuaranteedRef({ $0.nilness.knownNil(index) }) {
            plan.initializeNil(index, at: pointer)
        } else if isPending, !field.ifPresent, repairPlanned(.missing, found: -1, field: index, into: pointer, at: nil, decoder, plan) {
            // a kept fallback, filed (if recorded) under the element's place
        } else {
            try place(decoder)
            let site = site(index, plan)
            // Safety: the session's plan caches hold the state and its candidates until the decode ends.
            if field.ifPresent, planState(decoder, plan)._withUnsafeGuaranteedRef({ $0.nilness.isNil(index, site: site, in: decoder.session) }) {
                plan.initializeNil(index, at: pointer)
            } else if field.ifPresent || !repairPlanned(.missing, found: -1, field: index, into: pointer, at: nil, decoder, plan) {
                try field.slot.decode(into: pointer, with: decoder, at: nil, site: site)
            }
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
    /// with its few variables in registers: the general walk keeps too many live for that. The caller marks the walk `walkedInOrder` where `fill` is to go
    /// on from here.
    @inline(never)
    mutating func fillInOrder(_ base: ValuePlace, plainScalars: Bool, _ decoder: DocumentDecoder, _ plan: FieldPlan) throws {
        let (document, candidates) = (decoder.document, self.candidates)
        let count = plan.fields.count
        while next < count, member < end {
            let key = member, node = member + 1
            let index: Int
            if let candidates {
                // Only a member nothing can beat settles its field here (see `fill`): -2 for another.
                let next = next, bestKeys = bestKeys
                // The member in order, as payloads mostly write it: its field's best key, compared in line.
                if next < bestKeys.count, document.withText(key, { equalBytes($0, bestKeys[next]) }) {
                    index = next
                } else {
                    // Safety: the session's plan caches hold the state and its candidates until the decode ends.
                    index = candidates._withUnsafeGuaranteedRef { table in
                        document.withText(key) { text -> Int in
                            let (field, rank) = table.field(for: text)  // not the expected one: compared above
                            return rank == 0 ? field : -2
                        }
                    }
                }
                if index == -2 || index >= 0 && !MemberChoice.settles(rank: 0, isNull: document.nodes[node].kind == .null) { return }
            } else {
                let next = next
                index = document.withText(key) { plan.field(for: $0, expected: next) }
            }
            guard index >= 0 else {  // unknown: skipped, as `fill` skips it
                member = document.next(after: node)
                continue
            }
            guard index == next, found & (1 << UInt64(index)) == 0 else { return }
            let field = plan.fields[next]
            let pointer = base.field(at: field.offset)
            let kind = document.nodes[node].kind
            if field.ifPresent, decoder.isExplicitNull(node) {
                plan.initializeNil(next, at: pointer)
            } else if plainScalars, field.scalar != .other {
                switch field.scalar {
                case .int: guard store(Int.self, ifPresent: field.ifPresent, into: pointer, at: node, decoder) else { return }
                case .double: guard store(Double.self, ifPresent: field.ifPresent, into: pointer, at: node, decoder) else { return }
                case .bool: guard store(Bool.self, ifPresent: field.ifPresent, into: pointer, at: node, decoder) else { return }
                case .string: guard store(String.self, ifPresent: field.ifPresent, into: pointer, at: node, decoder) else { return }
                default:
                    guard kind == .array else { return }
                    if document.nodes[node].count == 0 {
                        _ = storeArray(field.scalar, ifPresent: field.ifPresent, into: pointer, at: node, decoder)  // nothing to convert or record
                    } else if !readScalar(field.scalar, ifPresent: field.ifPresent, key: next, at: node, into: pointer, decoder, plan) {
                        // As `fill` reads it; false (strict mode refused an element, unrecorded) leaves
                        // the member to `fill`, which asks again.
                        return
                    }
                }
            } else {
                // Where `fill` would try `convertPlanned`, and it might repair (see there): left to `fill`.
                if plainScalars, !field.ifPresent, field.readsArraysOnly, kind != .array { return }
                try place(decoder)
                try field.slot.decode(into: pointer, with: decoder, at: node, site: site(next, plan))
            }
            found |= 1 << UInt64(next)
            initialized |= 1 << UInt64(next)
            member = document.next(after: node)
            next += 1
        }
    }
}
