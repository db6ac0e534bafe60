extension DocumentDecoder {
    /// The model `T` (which is `model`, a struct) at `object`, by its field plan, then
    /// `didFinishMapping()`: what its `init(from:)` makes, without running it.
    ///
    /// The plan makes the calls the model's keyed container would make for `init(from:)`,
    /// in the same order (see `ObjectWalk`), so values, repairs, the report's order and the
    /// first error thrown are `init(from:)`'s. The value is built field by field in
    /// uninitialized memory: the plan has a field for every stored property
    /// (`FieldPlan.learn`), so once each is initialized the value is, and the model's
    /// `init()` is not run per object (an absent key's initial value comes from the repair
    /// stage, once per decode, as through `init(from:)`). Nothing here names `T?`: in this
    /// unspecialized code each mention asks the runtime for its metadata.
    func decodePlanned<T: Decodable>(_: T.Type, model: any DecodableModel.Type, info: ModelInfo, at object: Int, plan: FieldPlan) throws -> T {
        let mark = session.plans.scratch.mark
        // Safety: the bytes are the scratch stack's until the pop, after the value has moved out.
        let value = ValuePlace(session.plans.scratch.push(size: MemoryLayout<T>.size, alignment: MemoryLayout<T>.alignment),
                               size: MemoryLayout<T>.size)
        defer { session.plans.scratch.pop(to: mark) }
        // A plan's state is found here only where its keys need their candidates; else on first need.
        let state = plan.hasKeyRules || session.settings.hasKeyStrategies ? planState(plan, info: info) : nil
        var walk = ObjectWalk(decoder: self, info: info, state: state, object: object, flat: .off)
        try decodePlanned(into: value, T.self, model: model, plan: plan, walk: &walk)
        // Safety: `decodePlanned(into:)` returned: the value is initialized.
        return value.value(as: T.self).move()
    }

    /// `plan`'s state in this decode (`PlanCaches`), made the first time: with its fields'
    /// candidate keys when its keys have rules or the call has strategies.
    /// Unretained: the session's plan caches hold every state until the decode ends.
    func planState(_ plan: FieldPlan, info: ModelInfo) -> Unmanaged<PlanInDecode> {
        session.plans.state(of: plan) {
            let candidates = plan.hasKeyRules || session.settings.hasKeyStrategies
                ? plan.keyLookup.candidates(of: plan.keys, in: session, info: info).flatMap(PlanKeyCandidates.init) : nil
            return PlanInDecode(plan: plan, candidates: candidates)
        }
    }

    /// `decodePlanned`, into `value` (uninitialized bytes for a `T`) by `walk`, placed at the
    /// model's own place and frame: initialized when this returns, uninitialized when it throws.
    func decodePlanned<T: Decodable>(into value: ValuePlace, _: T.Type, model: any DecodableModel.Type, plan: FieldPlan,
                                     walk: inout ObjectWalk) throws {
        do {
            try walk.fill(value, self, plan)
        } catch {
            plan.deinitialize(value, initialized: walk.initialized)
            throw error
        }
        do {
            // Every stored property of `T` is initialized: the value is whole.
            try finishModel(at: value, T.self, model: model, walk: walk)
        } catch {
            // Safety: the value is whole (a hook's throw leaves it so); the caller takes it as uninitialized.
            value.value(as: T.self).deinitialize(count: 1)
            throw error
        }
    }

    /// The elements of an array of a planned model, each built where the array keeps it (no
    /// copy, no `Element?`), as `decodeElements` decodes them: each its own recovery point
    /// and frame, an element that is not an object through the general path.
    func decodePlannedElements<Element: Decodable>(_: Element.Type, model: any DecodableModel.Type, info: ModelInfo, plan: FieldPlan,
                                                   at node: Int, count: Int, route: Route) throws -> [Element] {
        try session.checkStack()
        guard count > 0 else { return [] }
        // The plan's state for the whole array: found now where keys need their candidates, else
        // by the first element that needs it, and handed on from one element's walk to the next.
        var state = plan.hasKeyRules || session.settings.hasKeyStrategies ? planState(plan, info: info) : nil
        let flat = plan.isFlat && !info.hasValueRules
        // As the walk goes: keys as themselves, or each field's best candidate where no key is two fields'.
        // Safety: the session's plan caches hold the state.
        let plain = flat && readsScalarsPlainly(plan) && state?._withUnsafeGuaranteedRef({ $0.candidates?.isUnique }) != false
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
                        let outcome = try decodeFlat(into: ValuePlace(UnsafeMutableRawPointer(slot), size: MemoryLayout<Element>.size), Element.self, model: model, info: info,
                                                     at: element, index: index, plan: plan, state: &state, plain: plain)
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
                            var walk = ObjectWalk(decoder: self, info: info, state: state, object: element, flat: .off)
                            defer { state = walk.state }
                            try decodePlanned(into: ValuePlace(UnsafeMutableRawPointer(slot), size: MemoryLayout<Element>.size), Element.self, model: model, plan: plan, walk: &walk)
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

    /// Whether `plan`'s scalars are read as they are (`readScalar`): no transformer or value rule to apply.
    @inline(__always)
    func readsScalarsPlainly(_ plan: FieldPlan) -> Bool {
        session.readsScalarsPlainly(valueRules: plan.hasValueRules)
    }
}
