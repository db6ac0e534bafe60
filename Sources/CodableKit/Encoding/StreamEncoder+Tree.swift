/// The stream's hand-off to the tree: a value moves there when the stream cannot write
/// what its code asks for in order (`moveToTree`), and writes into its containers out of
/// turn wait in nodes of their own until the value can take them (`takeLateWrites`).
extension StreamEncoder {
    /// Moves the value to the tree; nil, for `begin`.
    func divert() -> Int? {
        if isInnermost { moveToTree() }
        return nil
    }

    /// Whether this encoder's value is the one being written now: not while a value nested
    /// in it is (its own `encode(to:)` may write into a container of this one that it kept).
    @inline(__always)
    var isInnermost: Bool { session.innermostLevel == level }

    /// Takes what was written into this value's containers while a nested value was being
    /// written into the tree, once this value is the innermost again: its output is then
    /// whole up to its open containers, and the tree can read it.
    func takeLateWrites() {
        guard let trail = frame.value.trail, !trail.late.isEmpty else { return }
        let late = trail.late
        trail.late = []
        session.lateWrites -= late.count
        moveToTree()
        guard state == .tree else { return }
        var inserted: [Int: Int] = [:]  // elements inserted so far, by container id
        for (id, position, node) in late where id < trail.nodes.count {
            let added = trail.nodes[id].absorb(node, at: position.map { $0 + inserted[id, default: 0] })
            inserted[id, default: 0] += added
        }
    }

    /// Whether something was written into a container of this value out of turn.
    var hasLateWrites: Bool { frame.value.trail.map { !$0.late.isEmpty } ?? false }

    /// Writes the `@ModelField`s of a model class instance once its `encode(to:)` has
    /// returned: each whose key the object does not have yet (the type's own code wins).
    /// A key the object may have already, or a dotted one, moves the value to the tree,
    /// which tells exactly and writes the fields still missing.
    func writeFields(of instance: AnyObject, layout: FieldLayout) throws {
        if state == .empty || state == .object {
            var container = self.container(keyedBy: AnyCodingKey.self)
            frame.value.writesFields = true
            defer { frame.value.writesFields = false }
            // Once in the tree, the tree writes the fields still missing (below).
            try layout.write(instance, into: &container) { _ in state == .tree }
        } else {
            moveToTree()
        }
        if state == .tree { try trail.nodes[0].writeFields(of: instance, layout: layout) }
    }

    /// While `writeFields` runs, a member the stream cannot write (its key may be there, or
    /// is dotted) moves the value to the tree and is left to the tree's own `writeFields`.
    var writesFields: Bool { frame.value.writesFields }

    /// Fails for a container used after its value was written (code that kept it):
    /// what it wrote would go nowhere.
    func checkOpen(_ value: Any, at path: [any CodingKey]) throws {
        guard state == .finished else { return }
        throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription:
            "Written through a container after the value it belongs to was encoded."))
    }

    /// The tree's encoder for container `id` once the value is in the tree; an encoder
    /// that nothing reads for a container used after its value was written.
    func node(_ id: Int) -> TreeEncoder {
        if state == .tree, id < trail.nodes.count { return trail.nodes[id] }
        if state != .finished, !isInnermost { return lateNode(id) }
        return TreeEncoder(session: session.tree, codingPath: codingPath)
    }

    /// Where writes into container `id` go while a nested value is being written.
    func lateNode(_ id: Int) -> TreeEncoder {
        let trail = self.trail
        let isObject = id == 0 ? state != .array : trail.openings[id - 1].isObject
        // The element being written is the last of the innermost open container.
        let innermost = nested.last?.id ?? 0
        let position = isObject || id != innermost ? nil : count(of: id) - 1
        if let found = trail.late.last(where: { $0.id == id }), found.position == position { return found.node }
        let node = TreeEncoder(session: session.tree, codingPath: codingPath, info: info)
        node.keepsKeys = keepsKeys
        node.content = isObject ? .object([]) : .array([])
        trail.late.append((id, position, node))
        session.lateWrites += 1
        return node
    }

    /// Reads what the value wrote so far back into a tree, and makes its containers write
    /// into that tree from now on; its bytes are written again, from the tree, when
    /// `encode(to:)` returns (`encodeValue`).
    func moveToTree() {
        guard state != .tree, state != .finished else { return }
        var bytes = session.writer.bytes(from: frame.value.start)
        for container in nested.reversed() { bytes.append(container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) }
        if state == .object || state == .array {
            bytes.append(state == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            session.keyCount = frame.value.root.keyBase
        }
        let root = TreeEncoder(session: session.tree, codingPath: codingPath, info: info)
        root.keepsKeys = keepsKeys
        if state != .empty {
            // What this encoder wrote is JSON once its open containers are closed.
            let content = EncodedContent.parsing(bytes)
            assert(content != nil, "the stream wrote what it cannot read: \(String(decoding: bytes, as: UTF8.self))")
            root.content = content ?? .null
            root.wroteValue = state == .single
        }
        var nodes = [root]
        let trail = self.trail
        for opening in trail.openings {
            nodes.append(nodes[opening.parent].adoptContainer(at: opening.index, key: opening.key.codingKey))
        }
        session.writer.truncate(to: frame.value.start)
        nested.removeAll()
        trail.nodes = nodes
        state = .tree
        if !trail.late.isEmpty { takeLateWrites() }  // written before whatever moves it now
    }
}
