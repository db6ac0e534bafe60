/// Writing a declared model by its encode plan (`EncodeFieldPlan`): `{`, each field's key and
/// value by kind, `}`, straight into the stream's output, nested models by their own plans.
/// What a plan does not write itself goes through the container path of the encoder the
/// planned value began in (`EncodeSlotting.encode`), with the coding path it would have had
/// there (`PlanPath`): so values, errors and the bytes are the container path's.
extension StreamEncoder {
    /// Writes `value`, a struct model with `plan`, as the value just begun at `key` of what
    /// `prefix` leads to; false (nothing written) when this call cannot use the plan's keys.
    func encodePlanned<T>(_ value: T, plan: Unmanaged<EncodeFieldPlan>, key: PathComponent?, prefix: [any CodingKey], depth: Int) throws -> Bool {
        guard let keys = keys(for: plan) else { return false }
        try ValueView.with(value) { view in
            try StackLink.with(PlanPath(parent: nil, step: .root(prefix, key))) { try writeModel(plan, keys, view, path: $0, depth: depth) }
        }
        return true
    }

    /// Writes `value`, an array or a `[String: Value]` (`kind`, see `PlannedKind.collection`), as
    /// the value just begun at `key` of what `prefix` leads to: in place, as a field of that type
    /// is. Through `Array.encode(to:)` each element went through an unkeyed container, copied
    /// out of the array first (retaining and releasing every string in it).
    func encodePlannedCollection<T>(_ value: T, kind: PlannedKind, key: PathComponent?, prefix: [any CodingKey], depth: Int) throws {
        try ValueView.with(value) { view in
            try StackLink.with(PlanPath(parent: nil, step: .root(prefix, key))) { try write(kind, view, path: $0, depth: depth) }
        }
    }

    /// The keys a plan's model is written with in this call: its own when no rule converts them.
    @inline(__always)
    private func keys(for plan: Unmanaged<EncodeFieldPlan>) -> Unmanaged<PreparedKeys>? {
        // Safety: a plan lives as long as the process (`EncodePlanState`), its keys as long as it or the session.
        let plan = plan._withUnsafeGuaranteedRef { $0 }
        if session.plainPlanKeys, !plan.info.hasKeyRules, let keys = plan.plainKeys { return .passUnretained(keys) }
        return session.preparedKeys(for: plan).map { .passUnretained($0) }
    }

    private func writeModel(_ plan: Unmanaged<EncodeFieldPlan>, _ keys: Unmanaged<PreparedKeys>, _ model: ValueView,
                            path: StackLink<PlanPath>, depth: Int) throws {
        let session = self.session
        // Safety: a plan lives as long as the process (`EncodePlanState`).
        if plan._withUnsafeGuaranteedRef({ $0.info.encodable != nil && !$0.info.encodeHookIsDefault }),
           try runWillEncode(plan, model, path: path, depth: depth) {
            return
        }
        session.writer.open(object: true)
        var written = 0
        // Safety: a plan lives as long as the process (`EncodePlanState`), its keys as long as it or the session.
        try plan._withUnsafeGuaranteedRef { plan in
            try plan.fields.withUnsafeBufferPointer { fields in
                for index in fields.indices {
                    let field = model.field(at: fields[index].offset)
                    // The commonest fields by a plain tag: no copy of their kind, nothing looked up.
                    switch fields[index].tag {
                    case .string:
                        member(&written, index, keys, depth)
                        // The bytes borrowed where they lie before the writer is touched: passed to
                        // `writeString(_:)`, the string was retained and released around the writer's
                        // mutation, which the compiler cannot tell from one that frees it. (Through a
                        // helper method the retain came back.)
                        if field[as: String.self].utf8.withContiguousStorageIfAvailable({ session.writer.writeString(utf8: $0) }) == nil {
                            session.writer.writeString(field[as: String.self])
                        }
                        continue
                    case .optionalString:
                        guard let text = field[as: String?.self] else { break }
                        member(&written, index, keys, depth)
                        session.writer.writeString(text)
                        continue
                    case .int, .optionalInt:
                        let number: Int? = fields[index].tag == .int ? field[as: Int.self] : field[as: Int?.self]
                        guard let number else { break }
                        member(&written, index, keys, depth)
                        session.writer.writeInteger(number)
                        continue
                    case .bool, .optionalBool:
                        let flag: Bool? = fields[index].tag == .bool ? field[as: Bool.self] : field[as: Bool?.self]
                        guard let flag else { break }
                        member(&written, index, keys, depth)
                        session.writer.writeBool(flag)
                        continue
                    case .other:
                        // An `encodeIfPresent` field's kind is an optional's (`EncodeFieldPlan.learn`):
                        // nil leaves the key out, a value is written by the wrapped kind.
                        if fields[index].ifPresent, fields[index].kind.optional!.isNil(field) { break }
                        member(&written, index, keys, depth)
                        // Safety: a plan lives as long as the process (`EncodePlanState`), its keys as long as it or the session.
                        let link = PlanPath(parent: path, step: .field(Unmanaged.passUnretained(plan), index))
                        // Safety: the field's `kind` holds the kind written, for as long as the plan lives.
                        try fields[index].written._withUnsafeGuaranteedRef { kind in
                            try StackLink.with(link) { try write(kind, field, path: $0, depth: depth + 1) }
                        }
                        continue
                    }
                    // A nil left out by `encodeIfPresent`, or written as `null`.
                    guard session.tree.options.nilAsNull else { continue }
                    member(&written, index, keys, depth)
                    session.writer.writeNull()
                }
            }
        }
        session.writer.close(object: true, count: written, depth: depth)
    }

    /// Runs the `willEncode(to:)` of the planned model at `model` (one that may have its own);
    /// true when the hook wrote into its encoder, and the model was then written through that
    /// tree by its own `encode(to:)` (its containers and the hook's are one, as in the container path).
    @inline(never)
    private func runWillEncode(_ plan: Unmanaged<EncodeFieldPlan>, _ model: ValueView, path: StackLink<PlanPath>, depth: Int) throws -> Bool {
        // Safety: a plan lives as long as the process (`EncodePlanState`).
        let (info, slot) = plan._withUnsafeGuaranteedRef { ($0.info, $0.slot) }
        guard let encodable = info.encodable else { return false }
        let hook = session.plannedModelHook
        var wroteInto: TreeEncoder?
        try session.tree.runWillEncode(info) {
            wroteInto = try hook.run(self, path: path, info: info) { try encodable.willEncode(model, to: hook) }
        }
        guard let tree = wroteInto else { return false }
        try writeThroughTree(tree, depth: depth) { try slot.encode(model, into: tree) }
        return true
    }

    /// Starts member `index` of an object: its separator, its key.
    @inline(__always)
    private func member(_ written: inout Int, _ index: Int, _ keys: Unmanaged<PreparedKeys>, _ depth: Int) {
        let first = written == 0
        // Safety: a plan lives as long as the process (`EncodePlanState`), its keys as long as it or the session.
        keys._withUnsafeGuaranteedRef { $0.writeMember(index, first: first, depth: depth + 1, into: &session.writer) }
        written += 1
    }

    /// Writes `value` by `kind`, `depth` containers deep.
    private func write(_ kind: PlannedKind, _ value: ValueView, path: StackLink<PlanPath>, depth: Int) throws {
        let session = self.session
        switch kind.shape {
        case .string: session.writer.writeString(value[as: String.self])
        case .int: session.writer.writeInteger(value[as: Int.self])
        case .bool: session.writer.writeBool(value[as: Bool.self])
        case .double:
            let number = value[as: Double.self]
            guard number.isFinite else { return try fallBack(EncodeSlot<Double>.self, value, path: path, depth: depth) }
            session.writer.writeDouble(number)
        case .float:
            let number = value[as: Float.self]
            guard number.isFinite else { return try fallBack(EncodeSlot<Float>.self, value, path: path, depth: depth) }
            session.writer.writeFloat(number)
        case .integer: kind.integer!.write(value, into: &session.writer)
        case .optional:
            if kind.optional!.isNil(value) { return session.writer.writeNull() }
            // Safety: `kind` holds its inner kind, for as long as the plan lives.
            try kind.innerUnretained._withUnsafeGuaranteedRef { try write($0, value, path: path, depth: depth) }
        case .array:
            let element = kind.innerUnretained
            try kind.array!.withElements(of: value) { elements in
                session.writer.open(object: false)
                // Safety (here and below): `kind` holds its inner kind, for as long as the plan lives.
                if elements.count > 0, let slot = element._withUnsafeGuaranteedRef({ containerPathSlot($0, first: elements[0]) }) {
                    try writeThroughContainers(elements, slot, path: path, depth: depth)
                } else {
                    for index in 0 ..< elements.count {
                        session.writer.separate(index: index, depth: depth + 1)
                        try element._withUnsafeGuaranteedRef { element in
                            try StackLink.with(PlanPath(parent: path, step: .index(index))) { try write(element, elements[index], path: $0, depth: depth + 1) }
                        }
                    }
                }
                session.writer.close(object: false, count: elements.count, depth: depth)
            }
        case .intArray:
            ElementsView.with(value, as: [Int].self) { elements in
                session.writer.open(object: false)
                for index in 0 ..< elements.count {
                    session.writer.separate(index: index, depth: depth + 1)
                    session.writer.writeInteger(elements[index][as: Int.self])
                }
                session.writer.close(object: false, count: elements.count, depth: depth)
            }
        case .doubleArray:
            try ElementsView.with(value, as: [Double].self) { elements in
                session.writer.open(object: false)
                for index in 0 ..< elements.count {
                    session.writer.separate(index: index, depth: depth + 1)
                    let number = elements[index][as: Double.self]
                    if number.isFinite {
                        session.writer.writeDouble(number)
                    } else {
                        try StackLink.with(PlanPath(parent: path, step: .index(index))) {
                            try fallBack(EncodeSlot<Double>.self, elements[index], path: $0, depth: depth + 1)
                        }
                    }
                }
                session.writer.close(object: false, count: elements.count, depth: depth)
            }
        case .stringArray:
            ElementsView.with(value, as: [String].self) { elements in
                session.writer.open(object: false)
                for index in 0 ..< elements.count {
                    session.writer.separate(index: index, depth: depth + 1)
                    session.writer.writeString(elements[index][as: String.self])
                }
                session.writer.close(object: false, count: elements.count, depth: depth)
            }
        case .modelArray:
            let slot = kind.slot!
            func writeElements(_ elements: ElementsView) throws {
                session.writer.open(object: false)
                var plan: (Unmanaged<EncodeFieldPlan>, Unmanaged<PreparedKeys>)?
                // Safety: `kind` holds its model's info, for as long as the plan lives.
                if elements.count > 0, session.usesPlans,
                   let found = kind.infoUnretained._withUnsafeGuaranteedRef({ $0.encodePlans.learned ?? slot.encodePlan(of: elements[0], info: $0) }),
                   let keys = keys(for: found) {
                    plan = (found, keys)
                }
                if let (plan, keys) = plan {
                    for index in 0 ..< elements.count {
                        session.writer.separate(index: index, depth: depth + 1)
                        try StackLink.with(PlanPath(parent: path, step: .index(index))) { try writeModel(plan, keys, elements[index], path: $0, depth: depth + 1) }
                    }
                } else {
                    try writeThroughContainers(elements, slot, path: path, depth: depth)
                }
                session.writer.close(object: false, count: elements.count, depth: depth)
            }
            // A struct model's elements found by its own code (no retain of the array); a class's
            // array may be an `NSArray` that lends a copy of its elements for one call.
            // Safety: as above.
            let (isClass, encodable) = kind.infoUnretained._withUnsafeGuaranteedRef { ($0.isClass, $0.encodable) }
            if !isClass, let model = encodable {
                try ElementsView.with(value, elementsOf: model, writeElements)
            } else {
                try kind.array!.withElements(of: value, writeElements)
            }
        case .stringDictionary:
            session.writer.open(object: true)
            var count = 0
            for (key, entry) in value[as: [String: String].self] {
                session.writer.separate(index: count, depth: depth + 1)
                session.writer.writeKey(key)
                session.writer.writeString(entry)
                count += 1
            }
            session.writer.close(object: true, count: count, depth: depth)
        case .dictionary:
            let entryKind = kind.innerUnretained
            session.writer.open(object: true)
            var count = 0
            // Values written through the container path: their slot and the keys of the containers they are in, found at the first.
            var throughContainers: (slot: any EncodeSlotting.Type, prefix: [any CodingKey])??
            try kind.dictionary!.forEachEntry(of: value) { key, entry in
                session.writer.separate(index: count, depth: depth + 1)
                session.writer.writeKey(key)
                count += 1
                // Safety: `kind` holds its inner kind, for as long as the plan lives.
                if throughContainers == nil {
                    throughContainers = .some(entryKind._withUnsafeGuaranteedRef { containerPathSlot($0, first: entry) }.map { ($0, elementPrefix(path)) })
                }
                if let (slot, prefix) = throughContainers! {
                    return try slot.encode(entry, through: self, key: .key(key), prefix: prefix, depth: depth + 1, rule: nil)
                }
                // Safety: as above.
                try entryKind._withUnsafeGuaranteedRef { entryKind in
                    try StackLink.with(key) { key in
                        try StackLink.with(PlanPath(parent: path, step: .entry(key))) { try write(entryKind, entry, path: $0, depth: depth + 1) }
                    }
                }
            }
            session.writer.close(object: true, count: count, depth: depth)
        case .model:
            let slot = kind.slot!
            // Safety: `kind` holds its model's info, for as long as the plan lives.
            if session.usesPlans, let plan = kind.infoUnretained._withUnsafeGuaranteedRef({ $0.encodePlans.learned ?? slot.encodePlan(of: value, info: $0) }),
               let keys = keys(for: plan) {
                return try writeModel(plan, keys, value, path: path, depth: depth)
            }
            try fallBack(slot, value, path: path, depth: depth)
        case .other:
            if let kernel = kind.kernel, !path.value.hasRule { return try writeKernel(kernel, value, path: path, depth: depth) }
            try fallBack(kind.slot!, value, path: path, depth: depth)
        }
    }

    /// Writes `value`, of a kernel type, as the container path does (`EncodeStep.kernel`), its
    /// coding path made only if it throws: a plan's value meets no transformer but its field's.
    private func writeKernel(_ kernel: any KernelValue.Type, _ value: ValueView, path: StackLink<PlanPath>, depth: Int) throws {
        let content = try outOfTurn {
            try kernel.encode(value, by: session.scratch, at: codingPath(of: path))
        }
        session.writer.write(content, depth: depth)
        if session.lateWrites > 0, hasLateWrites { takeLateWrites() }
    }

    /// The slot through which values of `kind` (`first` among them) are written by the container
    /// path, each one whole: classes, enums, models without a plan. Nil when the plan writes them.
    private func containerPathSlot(_ kind: PlannedKind, first: ValueView) -> (any EncodeSlotting.Type)? {
        switch kind.shape {
        case .other: return kind.kernel == nil ? kind.slot : nil  // a kernel value writes itself (`writeKernel`)
        case .model:
            let (info, slot) = (kind.info!, kind.slot!)
            if session.usesPlans, let plan = info.encodePlans.learned ?? slot.encodePlan(of: first, info: info), keys(for: plan) != nil { return nil }
            return slot
        default: return nil
        }
    }

    /// Writes `elements` of the array at `path` through the container path, each with `slot`.
    private func writeThroughContainers(_ elements: ElementsView, _ slot: any EncodeSlotting.Type,
                                        path: StackLink<PlanPath>, depth: Int) throws {
        guard elements.count > 0 else { return }
        let prefix = elementPrefix(path)
        for index in 0 ..< elements.count {
            session.writer.separate(index: index, depth: depth + 1)
            try slot.encode(elements[index], through: self, key: .index(index), prefix: prefix, depth: depth + 1, rule: nil)
        }
    }

    /// The whole coding path of the planned value at `path`.
    private func codingPath(of path: StackLink<PlanPath>) -> [any CodingKey] {
        let (prefix, key) = path.value.place()
        return self.path(prefix, key)
    }

    /// The keys of the containers that the elements (or entries) of the collection at `path`
    /// are in, below this encoder: found once per collection, for those written through the
    /// container path (`fallBack` finds a value's place from its path, every time).
    private func elementPrefix(_ path: StackLink<PlanPath>) -> [any CodingKey] {
        if case let .root(prefix, nil) = path.value.step { return prefix }  // the encoder's own value: no key of its own
        let (prefix, key) = path.value.place()
        return prefix + [key.codingKey]
    }

    /// Writes `value` through the container path, at its place: a value the plan does not
    /// write itself (a kernel type, a non-finite number, a property with a value rule, a model
    /// without a plan).
    @inline(never)
    private func fallBack(_ slot: any EncodeSlotting.Type, _ value: ValueView, path: StackLink<PlanPath>, depth: Int) throws {
        let (prefix, key) = path.value.place()
        var rule: (any ValueTransformable)?
        if case let .field(plan, index) = path.value.step {
            // Safety: a plan lives as long as the process (`EncodePlanState`), its keys as long as it or the session.
            let field = plan._withUnsafeGuaranteedRef { $0.fields[index] }
            if field.hasRule { rule = session.tree.valueRule(for: field.name, info: plan._withUnsafeGuaranteedRef { $0.info }) }
        }
        try slot.encode(value, through: self, key: key, prefix: prefix, depth: depth, rule: rule)
    }
}

extension StreamSession {
    /// A plan's keys as this call writes them (rules and strategies applied once per type and
    /// call, as the container path applies them per member); nil when two come out as one,
    /// or as a dotted path, which only the container path writes.
    func preparedKeys(for plan: EncodeFieldPlan) -> PreparedKeys? {
        let id = ObjectIdentifier(plan)
        if let known = preparedKeys[id] { return known }
        var keys: [String] = []
        var nested = false
        for field in plan.fields {
            if let ruled = tree.jsonKey(for: field.name, info: plan.info, keepsKeys: false, path: []) {
                nested = nested || DottedPath.isNested(ruled)
                keys.append(ruled)
            } else {
                keys.append(field.name)
            }
        }
        let format = tree.options.outputFormatting
        let prepared = nested ? nil : PreparedKeys(keys, escapesSlashes: !format.contains(.withoutEscapingSlashes),
                                                   prettyPrinted: format.contains(.prettyPrinted))
        preparedKeys[id] = .some(prepared)
        return prepared
    }
}
