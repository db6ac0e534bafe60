/// Collections, with one policy everywhere: an element (or dictionary value) that
/// cannot be decoded is dropped and recorded, the rest survive; `null` is dropped
/// for non-optional element types and kept as `nil` for optional ones. A value
/// that is not a collection at all is a problem for the enclosing property.
extension Array: KernelDecodable, RoutedType where Element: Decodable {
    static var emptyValue: [Element]? { [] }
    static var arraySlot: (any PlanSlotDecoding.Type)? { PlanArraySlot<[Element]>.self }

    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> [Element] {
        try decoder.decodeArray(Element.self, at: node)
    }
}

extension Set: KernelDecodable, RoutedType where Element: Decodable {
    static var emptyValue: Set? { [] }

    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> Set<Element> {
        Set(try decoder.decodeArray(Element.self, at: node))
    }
}

extension Dictionary: KernelDecodable, RoutedType where Key == String, Value: Decodable {
    static var emptyValue: [String: Value]? { [:] }

    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> [String: Value] {
        try decoder.decodeDictionary(Value.self, at: node)
    }
}

extension Optional: KernelDecodable, RoutedType where Wrapped: Decodable {
    static var emptyValue: Wrapped?? { .some(nil) }

    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> Wrapped? {
        if decoder.document.nodes[node].kind == .null { return nil }
        return try decoder.decodeValue(Wrapped.self, at: node, site: nil)
    }
}

extension DocumentDecoder {
    func decodeArray<Element: Decodable>(_: Element.Type, at node: Int) throws -> [Element] {
        guard document.nodes[node].kind == .array else {
            if let nested = try jsonInString(at: node, expecting: .array) {
                return try nested.decodeArray(Element.self, at: 0)
            }
            throw collectionProblem(at: node, expected: [Element].self)
        }
        let count = document.nodes[node].count
        if count == 0 { return [] }
        // Scalars skip the per-element dispatch unless a transformer is registered for them.
        let route = session.route(Element.self)
        if session.readsScalarsPlainly(valueRules: false) {
            if case let .scalar(scalar) = route { return try scalar.decodeArray(as: [Element].self, with: self, at: node) }
            // Safety: `Element` is `[Double]` (checked on this line), so the two array types are one.
            if Element.self == [Double].self { return unsafeBitCast(try decodeDoubleRows(at: node, count: count), to: [Element].self) }
        }
        return try decodeElements(Element.self, at: node, count: count, route: route)
    }

    /// Rows of doubles — `[[Double]]`, and inside `[[[Double]]]`: coordinates, series,
    /// matrices — without the generic dispatch per row: each row that is an array is read
    /// as `decodeArray` reads a `[Double]`, with the same recovery point; anything else
    /// (`null`, JSON in a string, a wrong kind) takes the general path.
    @inline(never)
    private func decodeDoubleRows(at node: Int, count: Int) throws -> [[Double]] {
        // Written in place, as `decodeElements` writes (an `append` checked uniqueness and capacity per row).
        try [[Double]](unsafeUninitializedCapacity: count) { rows, initialized in
            var element = node + 1
            for index in 0 ..< count {
                let row = document.nodes[element].kind == .array
                    ? try doubleRow(at: element, index: index)
                    : try decodeElement([Double].self, at: element, key: .index(index), route: session.route([Double].self))
                if let row {
                    // Safety: at most `count` rows are written, one per element, each at `initialized` (below capacity).
                    (rows.baseAddress! + initialized).initialize(to: consume row)
                    initialized += 1
                }
                element = document.next(after: element)
            }
        }
    }

    /// One row of `decodeDoubleRows`, or nil when the repair stage drops it. A coordinate
    /// pair, the commonest row, is made whole when both elements read as they are: nothing
    /// can go wrong there, so it needs no place on the path.
    @inline(__always)
    private func doubleRow(at node: Int, index: Int) throws -> [Double]? {
        let count = document.nodes[node].count
        if count == 2, let x = Double.read(document, node + 1), let y = Double.read(document, node + 2) { return [x, y] }
        if count == 0 { return [] }
        return try session.at(.index(index)) {
            do {
                return try decodeScalarArray(Double.self, at: node)
            } catch {
                try session.repairElement(error)
                return nil
            }
        }
    }

    /// Elements one by one, each its own recovery point. Out of line, so that an
    /// array of scalars (above) does not ask the runtime for `Element?` first.
    /// Each element is moved into the array's storage (an `append` in this unspecialized
    /// code copied the value and destroyed the original: a retain and a release per field).
    @inline(never)
    private func decodeElements<Element: Decodable>(_: Element.Type, at node: Int, count: Int, route: Route) throws -> [Element] {
        if case let .model(model, info) = route, let plan = elementPlan(info, model: model) {
            // Safety: `ModelInfo` keeps its plan for the life of the process.
            return try plan._withUnsafeGuaranteedRef {
                try decodePlannedElements(Element.self, model: model, info: info, plan: $0, at: node, count: count, route: route)
            }
        }
        return try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            var element = node + 1
            for index in 0 ..< count {
                if let value = try decodeElement(Element.self, at: element, key: .index(index), route: route) {
                    // Safety: at most `count` values are written, one per element, each at `initialized` (below capacity).
                    (buffer.baseAddress! + initialized).initialize(to: consume value)
                    initialized += 1
                }
                element = document.next(after: element)
            }
        }
    }

    func decodeScalarArray<S: ScalarValue>(_: S.Type, at node: Int) throws -> [S] {
        let count = document.nodes[node].count
        var result: [S] = []
        result.reserveCapacity(count)
        var element = node + 1
        for index in 0 ..< count {
            if let value = S.read(document, element) {
                result.append(value)
            } else {
                try session.at(.index(index)) {
                    switch convertScalar(S.self, at: element) {
                    case let .success(value): result.append(value)
                    case let .failure(problem): try session.repairElement(session.error(for: problem))
                    }
                }
            }
            element = document.next(after: element)
        }
        return result
    }

    func decodeDictionary<Value: Decodable>(_: Value.Type, at node: Int) throws -> [String: Value] {
        guard document.nodes[node].kind == .object else {
            if let nested = try jsonInString(at: node, expecting: .object) {
                return try nested.decodeDictionary(Value.self, at: 0)
            }
            throw collectionProblem(at: node, expected: [String: Value].self)
        }
        let route = session.route(Value.self)
        var result: [String: Value] = [:]
        result.reserveCapacity(document.nodes[node].count)
        var member = node + 1
        let end = document.nodes[node].end
        while member < end {
            let key = document.string(member)
            if session.isPartial(member + 1, in: document) {  // the member a partial document was cut inside: text or nothing
                if FirstOccurrence.claim(key, in: result), let text = session.cut.text as? Value { result[key] = text }
            } else if FirstOccurrence.claim(key, in: result), let value = try decodeElement(Value.self, at: member + 1, key: .key(key), route: route) {
                result[key] = value
            }
            member = document.next(after: member + 1)
        }
        return result
    }

    /// `decodeElement` into `slot`: whether it was initialized (false: the element is dropped).
    @inline(never)
    func decodeElement<Element: Decodable>(into slot: UnsafeMutablePointer<Element>, at node: Int, key: PathComponent,
                                           route: Route) throws -> Bool {
        guard let value = try decodeElement(Element.self, at: node, key: key, route: route) else { return false }
        // Safety: the caller's `slot` is uninitialized room for one `Element`, which it counts once this returns true.
        slot.initialize(to: consume value)
        return true
    }

    /// The recovery point of an element: the value, or nil when the repair stage drops it.
    /// Inlined: a generic call per element asked the runtime for `Element?` each time.
    @inline(__always)
    private func decodeElement<Element: Decodable>(_: Element.Type, at node: Int, key: PathComponent, route: Route) throws -> Element? {
        try session.at(key) {
            do {
                return try decodeValue(Element.self, at: node, site: nil, route: route)
            } catch {
                try session.repairElement(error)
                return nil
            }
        }
    }

    private func collectionProblem(at node: Int, expected: Any.Type) -> any Error {
        session.fail(.wrongKind(at: node, in: document), expected: expected)
    }
}
