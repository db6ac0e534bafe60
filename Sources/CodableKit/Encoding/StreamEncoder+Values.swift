extension StreamEncoder {
    /// Writes `value` as the value just begun: the member or element `key` of a
    /// container nested in `prefix` (nil: this encoder's own single value), `depth` deep.
    /// `rule` is the property's own transformer.
    @inline(__always)
    func encodeValue<T: Encodable>(_ value: T, key: PathComponent?, prefix: [any CodingKey], depth: Int,
                                   rule: (any ValueTransformable)? = nil) throws {
        try encodeValueInTurn(value, key: key, prefix: prefix, depth: depth, rule: rule)
        // What the value's code wrote into this encoder's containers meanwhile goes in now,
        // before this encoder writes anything more (so a key written later still wins).
        if session.lateWrites > 0, hasLateWrites { takeLateWrites() }
    }

    private func encodeValueInTurn<T: Encodable>(_ value: T, key: PathComponent?, prefix: [any CodingKey], depth: Int,
                                                 rule: (any ValueTransformable)?) throws {
        let info: ModelInfo?, keepsKeys: Bool
        switch session.tree.step(for: value, rule: rule) {
        case .transform:
            return try writeByTree(value, path: path(prefix, key), depth: depth, rule: rule)
        case let .string(string): return session.writer.writeString(string)
        case let .int(int): return session.writer.writeInteger(int)
        case let .bool(bool): return session.writer.writeBool(bool)
        case let .double(double):
            guard double.isFinite else { return try writeByTree(value, path: path(prefix, key), depth: depth, rule: nil) }
            return session.writer.writeDouble(double)
        case let .kernel(kernel):
            let content = try outOfTurn { try kernel.encode(value, by: session.scratch, at: path(prefix, key)) }
            return session.writer.write(content, depth: depth)
        case let .nested(modelInfo, keeps):
            // A struct model that declares `SynthesizedEncodable`: by its plan, without `encode(to:)`.
            if let modelInfo, session.usesPlans, !modelInfo.isClass,
               let plan = modelInfo.encodePlans.learned ?? modelInfo.encodePlans.plan(learningFrom: value, info: modelInfo),
               try encodePlanned(value, plan: plan, key: key, prefix: prefix, depth: depth) {
                return
            }
            (info, keepsKeys) = (modelInfo, keeps)
        }
        let id = ObjectIdentifier(T.self)
        if session.isTreeType(id) { return try writeByTree(value, path: path(prefix, key), depth: depth, rule: nil) }
        // An array or a `[String: Value]`: written in place, declared models by their plans,
        // what the plan does not write itself through this path, element by element. (An array
        // whose every element would come back here goes through `Array.encode(to:)`.)
        if info == nil, session.usesPlans, let kind = session.collectionKind(T.self), kind.writesElements {
            return try encodePlannedCollection(value, kind: kind, key: key, prefix: prefix, depth: depth)
        }

        let child = session.encoder(level: level + 1)
        child.start(parent: self, prefix: prefix, key: key, info: info, depth: depth, keepsKeys: keepsKeys)
        session.innermostLevel = level + 1
        defer {
            child.detach()
            session.innermostLevel = level
        }
        if let info, let model = info.encodable {
            try session.tree.runWillEncode(info) { try ValueView.with(value) { try model.willEncode($0, to: child) } }
        }
        try value.encode(to: child)
        try FieldLayout.writeFields(of: value, info: info, into: child.writeFields)
        if child.hasLateWrites { child.takeLateWrites() }  // its own code wrote into it out of turn
        // The call's own value (a planned value's fields and elements come here at level 0 too, with a key).
        if level == 0, key == nil, child.wroteNothing { throw EncodeCall.encodedNothing(value) }
        guard child.isInTree else { return child.finish() }
        session.markTreeType(id)
        session.writer.write(child.treeContent, depth: depth)
    }

    /// Writes `value` through a `TreeEncoder` (with `rule`, the property's transformer, if any).
    private func writeByTree<T: Encodable>(_ value: T, path: [any CodingKey], depth: Int, rule: (any ValueTransformable)?) throws {
        let content = try outOfTurn { try session.scratch.encodeValue(value, at: path, rule: rule) }
        session.writer.write(content, depth: depth)
    }

    /// `body`, which runs code that may write into this encoder's containers (a tree encoding
    /// a value nested in this one), with this encoder not the innermost: such writes wait
    /// for the value (`takeLateWrites`), whose place in the stream is already begun.
    @inline(__always)
    func outOfTurn<R>(_ body: () throws -> R) rethrows -> R {
        session.innermostLevel = level + 1
        defer { session.innermostLevel = level }
        return try body()
    }

    /// Writes what `tree` holds once `body` (code that writes into it) has run: a planned model
    /// whose `willEncode(to:)` wrote into the encoder it was given (`PlannedModelHook`).
    func writeThroughTree(_ tree: TreeEncoder, depth: Int, _ body: () throws -> Void) throws {
        try outOfTurn(body)
        session.writer.write(tree.finishedContent(), depth: depth)
    }

    /// The coding path of the value at `key` in the container nested in `prefix`.
    func path(_ prefix: [any CodingKey], _ key: PathComponent?) -> [any CodingKey] {
        var path = codingPath + prefix
        if let key { path.append(key.codingKey) }
        return path
    }
}
