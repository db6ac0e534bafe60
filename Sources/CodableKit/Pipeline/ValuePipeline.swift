/// The value pipeline: the one place where a JSON value becomes a Swift value of
/// a requested type, and where every repair is decided.
///
/// For a value that is present: the model's `mappingForValue()` transformer for
/// the property; else a transformer for the type (per call, then app-wide); else
/// the kernel's own decoding of scalars, collections and special types (with
/// conversions between kinds); else a model's or any `Decodable`'s `init(from:)`.
/// A value that is absent, null or unusable is repaired at the nearest recovery
/// point: the property (initial value, else empty value), the collection element
/// (dropped), or the root.
extension DocumentDecoder {
    /// A non-optional property.
    func decodeProperty<T: Decodable>(_: T.Type, at node: Int?, slot: Slot) throws -> T {
        let route = session.route(T.self)
        if case let .wrapper(wrapper) = route {
            return try wrapper.decode(as: T.self, with: self, at: node, slot: slot)
        }
        guard let node else {
            return try recover(T.self, from: DecodingProblem(reason: .missing, expected: T.self), at: nil, slot: slot)
        }
        if case let .scalar(scalar) = route, !session.hasTypeTransformers, session.valueRule(for: slot) == nil {
            session.path.append(.key(slot.name))
            let outcome = scalar.outcome(as: T.self, with: self, at: node)
            session.path.removeLast()
            switch outcome {
            case let .success(value): return value
            case let .failure(problem): return try recover(T.self, from: problem, at: node, slot: slot)
            }
        }
        do {
            session.path.append(.key(slot.name))
            defer { session.path.removeLast() }
            return try decodeValue(T.self, at: node, slot: slot, route: route)
        } catch {
            return try recover(T.self, from: error, at: node, slot: slot)
        }
    }

    /// An optional property (`decodeIfPresent`): an explicit null is nil, an absent
    /// key keeps the initial value, and an unusable value falls back to it (recorded).
    func decodeOptionalProperty<T: Decodable>(_: T.Type, at node: Int?, slot: Slot) throws -> T? {
        guard let node else {
            if session.strict || session.initialIsNil(slot.name, frame: slot.frame) { return nil }
            return session.initialValue(T?.self, property: slot.name, frame: slot.frame) ?? nil
        }
        if document.nodes[node].kind == .null { return nil }
        do {
            session.path.append(.key(slot.name))
            defer { session.path.removeLast() }
            return try decodeValue(T.self, at: node, slot: slot, route: session.route(T.self))
        } catch {
            return try recover(T?.self, from: error, at: node, slot: slot)
        }
    }

    /// The pipeline for a value that is present (possibly null). `slot` is the
    /// property it is for, when it is for one; `route` is `session.route(T.self)`.
    func decodeValue<T: Decodable>(_: T.Type, at node: Int, slot: Slot?, route: Route) throws -> T {
        if let slot, let transformer = session.valueRule(for: slot) {
            return try transform(T.self, at: node, with: transformer)
        }
        if session.hasTypeTransformers, let transformer = session.typeTransformers[ObjectIdentifier(T.self)] {
            return try transform(T.self, at: node, with: transformer)
        }
        if case let .scalar(scalar) = route {
            return try scalar.decode(as: T.self, with: self, at: node)
        }
        try session.checkStack()
        switch route {
        case .scalar:
            preconditionFailure("handled above")
        case let .kernel(kernel):
            return try kernel.decode(as: T.self, with: self, at: node)
        case let .model(model, info):
            return try model.decode(as: T.self, with: self, at: node, slot: slot, info: info)
        case .wrapper, .plain:  // a wrapper outside a property (an element, say) decodes as itself
            if document.nodes[node].kind == .null {
                throw session.error(.null, expected: T.self, depth: session.path.count)
            }
            session.pushFrame(T.self, model: nil, info: nil)
            defer { session.popFrame() }
            return try decodeNested(T.self, at: node)
        }
    }

    /// `decodeValue` for a caller that has not looked up the route.
    @inline(__always)
    func decodeValue<T: Decodable>(_: T.Type, at node: Int, slot: Slot?) throws -> T {
        try decodeValue(T.self, at: node, slot: slot, route: session.route(T.self))
    }

    /// A model: its own `init(from:)`, with this decoder, then `didFinishMapping()`.
    func decodeModel<M: DecodableModel>(_: M.Type, at node: Int, slot: Slot?, info: ModelInfo) throws -> M {
        guard document.nodes[node].kind == .object else {
            if document.nodes[node].kind == .null {
                throw session.error(.null, expected: M.self, depth: session.path.count)
            }
            if let nested = try jsonInString(at: node, expecting: .object) {
                return try nested.decodeModel(M.self, at: 0, slot: slot, info: info)
            }
            throw session.error(.mismatch(found: document.summary(of: node)), expected: M.self, depth: session.path.count)
        }
        if let slot, session.pendingBase == nil, session.isUpdating(frame: slot.frame) {
            session.pendingBase = session.baseForNestedModel(property: slot.name, frame: slot.frame) as? M
        }
        session.pushFrame(M.self, model: M.self, info: info)
        defer { session.popFrame() }
        var value = try decodeNested(M.self, at: node)
        value.didFinishMapping()
        return value
    }

    private func transform<T>(_: T.Type, at node: Int, with transformer: any ValueTransformable) throws -> T {
        if let value = transformer.transformedValue(document.value(at: node)) as? T { return value }
        throw session.error(.transformFailed(found: document.summary(of: node)), expected: T.self, depth: session.path.count)
    }

    /// The recovery point of a property: strict mode throws the error with the
    /// property's path; tolerant mode records the problem and returns the initial
    /// value, else the empty value, else passes the problem up.
    func recover<T>(_: T.Type, from error: any Error, at node: Int?, slot: Slot) throws -> T {
        let problem: DecodingProblem
        switch error {
        case is DecodingAbort:
            throw error
        case let known as DecodingProblem:
            problem = known
        case is DecodingError where session.strict:
            throw error
        default:  // an error from a type's own init(from:), such as an unknown enum raw value
            problem = DecodingProblem(reason: .mismatch(found: node.map(document.summary) ?? "nothing"), expected: T.self)
        }
        let key = PathComponent.key(slot.name)
        if session.strict { throw problem.decodingError(path: session.codingPath(depth: slot.depth, appending: key)) }
        let value: T
        if case .plugin = problem.reason, let none = Optional<Any>.none as? T {  // an optional falls back to nil
            value = none
        } else {
            guard let fallback = session.initialValue(T.self, property: slot.name, frame: slot.frame) ?? emptyValue(T.self) else {
                throw problem
            }
            if case .missing = problem.reason, session.isUpdating(frame: slot.frame) { return fallback }
            value = fallback
        }
        session.record(problem.issueKind(typeName: session.typeName), depth: slot.depth, key: key,
                       owner: session.owner(of: slot.frame), detail: problem.detail)
        return value
    }

    /// The whole payload: a value that cannot be decoded at all becomes the type's
    /// empty value (a model's `init()`), recorded; malformed input never gets here.
    func decodeRoot<T: Decodable>(_: T.Type, at node: Int) throws -> T {
        do {
            return try decodeValue(T.self, at: node, slot: nil)
        } catch let abort as DecodingAbort {
            throw abort.error
        } catch {
            if session.strict, let decodingError = error as? DecodingError { throw decodingError }
            let problem = error as? DecodingProblem
                ?? DecodingProblem(reason: .mismatch(found: document.summary(of: node)), expected: T.self)
            if session.strict { throw problem.decodingError(path: []) }
            guard let value = emptyValue(T.self) else { throw problem.decodingError(path: []) }
            session.record(problem.issueKind(typeName: session.typeName), depth: 0, key: nil, owner: T.self)
            return value
        }
    }
}

/// The property a value is decoded for.
struct Slot {
    /// The coding key's `stringValue`: the property name for synthesized keys.
    let name: String
    /// The object holding the property.
    let object: Int
    /// The length of the coding path to the object.
    let depth: Int
    /// The index of the object's frame in the session.
    let frame: Int
}

/// Types the kernel decodes itself: scalars, collections, `JSONValue`, `URL`, `Decimal`.
protocol KernelDecodable {
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> Self
}

/// Property wrappers that decide from the property itself, not only from its value:
/// `@IgnoredKey` (keeps its initial value), `@Flat` (reads the enclosing object).
protocol SlotDecodable {
    static func decode(with decoder: DocumentDecoder, at node: Int?, slot: Slot) throws -> Self
}

extension DecodingSession {
    /// The model's own transformer for the property in `slot`, if it has one.
    @inline(__always)
    func valueRule(for slot: Slot) -> (any ValueTransformable)? {
        guard slot.frame >= 0, let info = frames[slot.frame].info, !info.valueRules.isEmpty else { return nil }
        return info.valueRules[slot.name]
    }

    /// The type whose property is repaired, for reports.
    func owner(of frame: Int) -> Any.Type? {
        frame >= 0 && frame < frames.count ? frames[frame].type : nil
    }
}
