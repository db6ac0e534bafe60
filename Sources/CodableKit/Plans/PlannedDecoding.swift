extension DocumentDecoder {
    /// The model `T` (which is `model`, a struct) at `object`, by its field plan, then
    /// `didFinishMapping()`. An object that needs a repair, a conversion or an error is
    /// decoded again through its `init(from:)`: those come out of the same calls either way,
    /// but a synthesized `init(from:)` asks for its keys in its own order, which decides the
    /// order of the report and which error is thrown first; so they are left to it, and
    /// what the plan filed is taken back. Clean objects, the common case, take the plan alone.
    ///
    /// The value is built field by field in uninitialized memory: the plan has a field for
    /// every stored property (`FieldPlan.learn`), so once each is initialized the value is,
    /// and the model's `init()` is not run per object (an absent key's initial value comes
    /// from the repair stage, once per decode, as through `init(from:)`). Nothing here names
    /// `T?`: in this unspecialized code each mention asks the runtime for its metadata.
    func decodePlanned<T: Decodable>(_: T.Type, model: any DecodableModel.Type, at object: Int, plan: FieldPlan) throws -> T {
        let mark = session.scratch.mark
        // Safety: the bytes are the scratch stack's until the pop, after the value has moved out.
        let value = session.scratch.push(size: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        defer { session.scratch.pop(to: mark) }
        try decodePlanned(into: value, T.self, model: model, at: object, plan: plan)
        // Safety: `decodePlanned(into:)` returned: the value is initialized.
        return value.assumingMemoryBound(to: T.self).move()
    }

    /// `decodePlanned`, into `value` (uninitialized bytes for a `T`): initialized when this
    /// returns, uninitialized when it throws.
    func decodePlanned<T: Decodable>(into value: UnsafeMutableRawPointer, _: T.Type, model: any DecodableModel.Type,
                                     at object: Int, plan: FieldPlan) throws {
        let issues = session.filedIssues.count
        var initialized: UInt64 = 0
        if (try? fill(value, object: object, plan: plan, issues: issues, initialized: &initialized)) != nil {
            // Safety: every stored property of `T` is initialized: the value is.
            model.finishMapping(&value.assumingMemoryBound(to: T.self).pointee)
            return
        }
        for (index, field) in plan.fields.enumerated() where initialized & (1 << UInt64(index)) != 0 {
            field.slot.deinitialize(value + field.offset)
        }
        session.filedIssues.keepFirst(issues)
        // Without plans below: each enclosing planned object gives up too and decodes
        // again, and plans tried again at every level would decode a deep value's
        // subtree twice per level above it.
        let suspended = session.plansSuspended
        session.plansSuspended = true
        defer { session.plansSuspended = suspended }
        var result = try decodeNested(T.self, at: object)
        model.finishMapping(&result)
        // Safety: `value` is uninitialized bytes for a `T` (the caller's), every field deinitialized above.
        value.assumingMemoryBound(to: T.self).initialize(to: consume result)
    }

    /// The elements of an array of a planned model, each built where the array keeps it (no
    /// copy, no `Element?`), as `decodeElements` decodes them: each its own recovery point
    /// and frame, an element that is not an object through the general path.
    func decodePlannedElements<Element: Decodable>(_: Element.Type, model: any DecodableModel.Type, info: ModelInfo, plan: FieldPlan,
                                                   at node: Int, count: Int, route: Route) throws -> [Element] {
        try session.checkStack()
        return try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            var element = node + 1
            for index in 0 ..< count {
                let slot = buffer.baseAddress! + initialized
                if document.nodes[element].kind == .object {
                    if plan.isFlat, decodeFlat(into: UnsafeMutableRawPointer(slot), Element.self, model: model, at: element, plan: plan) {
                        initialized += 1
                        element = document.next(after: element)
                        continue
                    }
                    let decoded = try session.at(.index(index)) {
                        do {
                            session.pushFrame(Element.self, model: model, info: info)
                            defer { session.popFrame() }
                            try decodePlanned(into: UnsafeMutableRawPointer(slot), Element.self, model: model, at: element, plan: plan)
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
    }

    /// An element of a flat plan (`FieldPlan.isFlat`: scalars and arrays of scalars) decoded
    /// without its place on the path and its frame, which only a repair, an error or a
    /// field's slot would read: false, with nothing kept, when it needs any of them (the
    /// caller then decodes it with both).
    private func decodeFlat<T: Decodable>(into value: UnsafeMutableRawPointer, _: T.Type, model: any DecodableModel.Type,
                                          at object: Int, plan: FieldPlan) -> Bool {
        let issues = session.filedIssues.count
        var initialized: UInt64 = 0
        if (try? fill(value, object: object, plan: plan, issues: issues, slots: false, initialized: &initialized)) != nil {
            // Safety: every stored property of `T` is initialized: the value is.
            model.finishMapping(&value.assumingMemoryBound(to: T.self).pointee)
            return true
        }
        for (index, field) in plan.fields.enumerated() where initialized & (1 << UInt64(index)) != 0 {
            field.slot.deinitialize(value + field.offset)
        }
        session.filedIssues.keepFirst(issues)
        return false
    }

    /// Decodes each member the plan has a field for into that field (the first of a
    /// repeated key, as the keyed container reads), then each field whose key is absent;
    /// `initialized` has the bit of each field initialized so far. Stops at the first
    /// issue filed after the first `issues` (the object goes to its `init(from:)`), and,
    /// without `slots`, where a field would need its slot.
    private func fill(_ base: UnsafeMutableRawPointer, object: Int, plan: FieldPlan, issues: Int, slots: Bool = true,
                      initialized: inout UInt64) throws {
        let document = self.document
        let depth = session.path.count
        let frame = session.frames.count - 1
        let plainScalars = !session.hasTypeTransformers
        var expected = 0
        var member = object + 1
        let end = document.nodes[object].end
        while member < end {
            let node = member + 1
            let index = document.withText(member) { plan.field(for: $0, expected: expected) }
            member = document.next(after: node)
            guard index >= 0, initialized & (1 << UInt64(index)) == 0 else { continue }
            expected = index + 1
            let field = plan.fields[index]
            let pointer = base + field.offset
            if field.ifPresent, document.nodes[node].kind == .null, !session.isPartial(node, in: document) {
                // What `decodeOptionalProperty` gives a null before anything else.
                plan.initializeNil(index, at: pointer)
            } else if try !plainScalars || !readScalar(field.scalar, ifPresent: field.ifPresent, into: pointer, at: node) {
                guard slots else { throw PlanAbandoned() }
                try field.slot.decode(into: pointer, with: self, at: node,
                                      site: PropertySite(key: plan.keys[index], object: object, depth: depth, frame: frame))
            }
            initialized |= 1 << UInt64(index)
            if session.filedIssues.count != issues { throw PlanAbandoned() }
        }
        guard initialized != plan.allFields else { return }
        guard slots else { throw PlanAbandoned() }
        for (index, field) in plan.fields.enumerated() where initialized & (1 << UInt64(index)) == 0 {
            let site = PropertySite(key: plan.keys[index], object: object, depth: depth, frame: frame)
            if field.ifPresent, plan.initiallyNil & (1 << UInt64(index)) != 0 || session.absentNilness(of: plan).isNil(index, site: site, in: session) {
                plan.initializeNil(index, at: base + field.offset)
            } else {
                try field.slot.decode(into: base + field.offset, with: self, at: nil, site: site)
            }
            initialized |= 1 << UInt64(index)
            if session.filedIssues.count != issues { throw PlanAbandoned() }
        }
    }

    /// The keyed container's scalar fast path (`decodeScalar`, `decodeScalarIfPresent`):
    /// a member of the scalar's own kind that fits, or a `null` for an optional, initializes
    /// the field; so does an array of scalars, read as `decodeArray` reads it. False for
    /// anything else, which takes the field's slot. (A problem inside an array is filed
    /// without the property's key in its path: filed, it sends the object to `init(from:)`.)
    @inline(__always)
    private func readScalar(_ scalar: PlanScalar, ifPresent: Bool, into field: UnsafeMutableRawPointer, at node: Int) throws -> Bool {
        switch scalar {
        case .other: false
        case .int: store(Int.self, ifPresent: ifPresent, into: field, at: node)
        case .double: store(Double.self, ifPresent: ifPresent, into: field, at: node)
        case .bool: store(Bool.self, ifPresent: ifPresent, into: field, at: node)
        case .string: store(String.self, ifPresent: ifPresent, into: field, at: node)
        case .ints: try storeArray(Int.self, ifPresent: ifPresent, into: field, at: node)
        case .doubles: try storeArray(Double.self, ifPresent: ifPresent, into: field, at: node)
        case .bools: try storeArray(Bool.self, ifPresent: ifPresent, into: field, at: node)
        case .strings: try storeArray(String.self, ifPresent: ifPresent, into: field, at: node)
        }
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
    private func storeArray<S: ScalarValue>(_: S.Type, ifPresent: Bool, into field: UnsafeMutableRawPointer, at node: Int) throws -> Bool {
        guard document.nodes[node].kind == .array else { return false }
        let value = document.nodes[node].count == 0 ? [] : try decodeScalarArray(S.self, at: node)
        if ifPresent { field.initializeMemory(as: [S]?.self, to: value) } else { field.initializeMemory(as: [S].self, to: value) }
        return true
    }
}

/// Ends a planned decode that filed an issue: the object is decoded through its `init(from:)`.
private struct PlanAbandoned: Error {}

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
    /// The decode's `AbsentNilness` of `plan`.
    func absentNilness(of plan: FieldPlan) -> AbsentNilness {
        planNilness.value(for: ObjectIdentifier(plan)) { AbsentNilness() }
    }
}
