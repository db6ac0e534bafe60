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
        let issues = session.filedIssues.count
        let mark = session.scratch.mark
        // Safety: the bytes are the scratch stack's until the pop, after the value has moved out.
        let value = session.scratch.push(size: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment)
        defer { session.scratch.pop(to: mark) }
        var initialized: UInt64 = 0
        var result: T
        if (try? fill(value, object: object, plan: plan, issues: issues, initialized: &initialized)) != nil {
            // Safety: every stored property of `T` is initialized: the value is.
            result = value.assumingMemoryBound(to: T.self).move()
        } else {
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
            result = try decodeNested(T.self, at: object)
        }
        model.finishMapping(&result)
        return result
    }

    /// Decodes each member the plan has a field for into that field (the first of a
    /// repeated key, as the keyed container reads), then each field whose key is absent;
    /// `initialized` has the bit of each field initialized so far. Stops at the first
    /// issue filed after the first `issues`: the object goes to its `init(from:)`.
    private func fill(_ base: UnsafeMutableRawPointer, object: Int, plan: FieldPlan, issues: Int, initialized: inout UInt64) throws {
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
            if try !plainScalars || !readScalar(field.scalar, ifPresent: field.ifPresent, into: pointer, at: node) {
                try field.slot.decode(into: pointer, with: self, at: node,
                                      site: PropertySite(key: plan.keys[index], object: object, depth: depth, frame: frame))
            }
            initialized |= 1 << UInt64(index)
            if session.filedIssues.count != issues { throw PlanAbandoned() }
        }
        guard initialized != plan.allFields else { return }
        for (index, field) in plan.fields.enumerated() where initialized & (1 << UInt64(index)) == 0 {
            try field.slot.decode(into: base + field.offset, with: self, at: nil,
                                  site: PropertySite(key: plan.keys[index], object: object, depth: depth, frame: frame))
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
