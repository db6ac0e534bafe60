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
        let tree = session.tree
        if rule != nil || (!tree.transformers.isEmpty && tree.transformers[ObjectIdentifier(T.self)] != nil) {
            return try writeByTree(value, path: path(prefix, key), depth: depth, rule: rule)
        }
        // The commonest kernel types by identity (a pointer comparison), written on the spot.
        // Safety (these four): each casts to the very type `T` was just compared equal to.
        if T.self == String.self { return session.writer.writeString(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return session.writer.writeInteger(unsafeBitCast(value, to: Int.self)) }
        if T.self == Bool.self { return session.writer.writeBool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self {
            let number = unsafeBitCast(value, to: Double.self)
            guard number.isFinite else { return try writeByTree(value, path: path(prefix, key), depth: depth, rule: nil) }
            return session.writer.writeNumber(JSONNumberFormat.double(number))
        }
        let route = tree.route(T.self)
        if case let .kernel(kernel) = route {
            let content = try outOfTurn { try kernel.encode(value, by: session.scratch, at: path(prefix, key)) }
            return session.writer.write(content, depth: depth)
        }
        let info = route.modelInfo(of: value)
        let id = ObjectIdentifier(T.self)
        if session.isTreeType(id) { return try writeByTree(value, path: path(prefix, key), depth: depth, rule: nil) }

        let child = session.encoder(level: level + 1)
        var keepsKeys = false
        if case .stringKeyedDictionary = route { keepsKeys = true }
        child.start(parent: self, prefix: prefix, key: key, info: info, depth: depth, keepsKeys: keepsKeys)
        session.innermostLevel = level + 1
        defer {
            child.detach()
            session.innermostLevel = level
        }
        try value.encode(to: child)
        if let layout = info?.fields {  // `T` is a class (only classes have a layout): one reference, no bridging
            // Safety: only a class has a `FieldLayout`, so `T` is a class type: one reference.
            try child.writeFields(of: unsafeBitCast(value, to: AnyObject.self), layout: layout)
        }
        if child.hasLateWrites { child.takeLateWrites() }  // its own code wrote into it out of turn
        if level == 0, child.wroteNothing { throw EncodeCall.encodedNothing(value) }  // the call's own value
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
    private func outOfTurn<R>(_ body: () throws -> R) rethrows -> R {
        session.innermostLevel = level + 1
        defer { session.innermostLevel = level }
        return try body()
    }

    /// The coding path of the value at `key` in the container nested in `prefix`.
    private func path(_ prefix: [any CodingKey], _ key: PathComponent?) -> [any CodingKey] {
        var path = codingPath + prefix
        if let key { path.append(key.codingKey) }
        return path
    }
}
