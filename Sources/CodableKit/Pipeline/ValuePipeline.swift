/// The value pipeline: the one place where a JSON value becomes a Swift value of
/// a requested type.
///
/// For a value that is present: the model's `mappingForValue()` transformer for
/// the property; else a transformer for the type (per call, then app-wide); else
/// the kernel's own decoding of scalars, collections and special types (with
/// conversions between kinds); else a model's or any `Decodable`'s `init(from:)`.
/// A value that is absent, null or unusable is handed to the repair stage
/// (`Repair.swift`) at the nearest recovery point: the property, the collection
/// element, or the root.
extension DocumentDecoder {
    /// A non-optional property.
    func decodeProperty<T: Decodable>(_: T.Type, at node: Int?, site: PropertySite) throws -> T {
        if let node, session.isPartial(node, in: document) { return try session.partialProperty(T.self, site: site) }
        let route = session.route(T.self)
        if case let .wrapper(wrapper) = route {
            return try wrapper.decode(as: T.self, with: self, at: node, site: site)
        }
        guard let node else {
            return try session.repairProperty(T.self, problem: DecodingProblem(reason: .missing, expected: T.self), site: site)
        }
        if case let .scalar(scalar) = route, session.readsScalarsPlainly(valueRules: session.hasValueRules(site)) {
            return try scalar.property(as: T.self, with: self, at: node, site: site)
        }
        do {
            return try session.at(session.pathKey(site)) { try decodeValue(T.self, at: node, site: site, route: route) }
        } catch {
            return try session.repairProperty(T.self, error, at: node, site: site, document: document)
        }
    }

    /// `decodeProperty` for a planned field of an array type (`PlanArraySlot`): an array
    /// found, without transformers or value rules to apply, is read by the type's own
    /// `decode` as `decodeValue` would, without the route lookup and the existential call.
    /// (A partial document's cut node is a string, never an array.)
    func decodeArrayProperty<T: KernelDecodable & Decodable>(_: T.Type, at node: Int?, site: PropertySite) throws -> T {
        guard let node, document.nodes[node].kind == .array, session.readsScalarsPlainly(valueRules: session.hasValueRules(site)) else {
            return try decodeProperty(T.self, at: node, site: site)
        }
        do {
            return try session.at(session.pathKey(site)) {
                try session.checkStack()
                return try T.decode(with: self, at: node)
            }
        } catch {
            return try session.repairProperty(T.self, error, at: node, site: site, document: document)
        }
    }

    /// Whether `node` is an explicit `null`, which an `Optional` property (`decodeIfPresent`)
    /// takes as nil: a value, not a repair (an absent key keeps the initial value instead).
    /// The one statement of that rule, for the keyed container and planned fields alike. A
    /// partial document's cut string is never one (it stands for text still arriving).
    @inline(__always)
    func isExplicitNull(_ node: Int) -> Bool {
        document.nodes[node].kind == .null && !session.isPartial(node, in: document)
    }

    /// An optional property (`decodeIfPresent`): an explicit null is nil, an absent
    /// key keeps the initial value, and an unusable value falls back to it (recorded).
    func decodeOptionalProperty<T: Decodable>(_: T.Type, at node: Int?, site: PropertySite) throws -> T? {
        guard let node else { return session.absentOptional(T.self, site: site) }
        if isExplicitNull(node) { return nil }
        if document.nodes[node].kind == .null { return session.partialValue(T.self, site: site) }  // the cut of a partial document
        do {
            return try session.at(session.pathKey(site)) { try decodeValue(T.self, at: node, site: site, route: session.route(T.self)) }
        } catch {
            return try session.repairProperty(T?.self, error, at: node, site: site, document: document)
        }
    }

    /// The pipeline for a value that is present (possibly null). `site` is the
    /// property it is for, when it is for one; `route` is `session.route(T.self)`.
    func decodeValue<T: Decodable>(_: T.Type, at node: Int, site: PropertySite?, route: Route) throws -> T {
        if let site, session.hasValueRules(site), let transformer = session.valueRule(for: site) {
            return try transform(T.self, at: node, with: transformer)
        }
        if session.settings.hasTypeTransformers, let transformer = session.settings.typeTransformers[ObjectIdentifier(T.self)] {
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
            return try decodeModel(T.self, model: model, at: node, site: site, info: info)
        case .wrapper:  // a wrapper outside a property (an element, say) decodes as itself
            if document.nodes[node].kind == .null {
                throw session.fail(.null, expected: T.self)
            }
            session.pushFrame(T.self, model: nil, info: nil)
            defer { session.popFrame() }
            return try decodeNested(T.self, at: node)
        case .plain:
            return try decodeOwn(T.self, at: node)
        case let .observable(info):
            return try decodeOwn(T.self, info: info) { decoder in
                guard let layout = info.fields else { return try decoder.decodeNested(T.self, at: node) }
                return try decoder.decodeWithObserved(T.self, at: node, layout: layout)
            }
        }
    }

    /// A type with its own `init(from:)`: any `Decodable` that is not a model, a scalar
    /// or a kernel type. Tolerance is a fallback, never a reinterpretation: the type
    /// first sees exactly `JSONDecoder`'s answers — `null` included, no conversion and no
    /// repair, every problem an error that it may catch (`try?` probes, `?? default`) —
    /// and only if its `init(from:)` throws all the same is it run again with
    /// conversions and repairs. Clean data takes the first pass alone; the second is
    /// paid by data that `JSONDecoder` would have rejected.
    ///
    /// A model's property requests are repaired where they fail instead (a synthesized
    /// `init(from:)` cannot recover from an error); a type inside the second pass gets
    /// its own exact pass first again.
    func decodeOwn<T: Decodable>(_: T.Type, at node: Int) throws -> T {
        try decodeOwn(T.self) { try $0.decodeNested(T.self, at: node) }
    }

    /// `decodeOwn` for a value that `make` decodes with this decoder (a type's own
    /// `init(from:)`, or `init(from:configuration:)`); `info` renames an observable class's keys.
    @inline(__always)
    func decodeOwn<T>(_: T.Type, info: ModelInfo? = nil, _ make: (DocumentDecoder) throws -> T) throws -> T {
        session.pushFrame(T.self, model: nil, info: info)
        defer { session.popFrame() }
        if session.strict { return try make(self) }
        session.strict = true
        // The outermost exact pass keeps the models it decodes whole for its tolerant pass.
        let opensModels = !session.exactPass.isOpen
        if opensModels { session.exactPass.open() }
        defer { if opensModels { session.exactPass.close() } }
        do {
            let value = try make(self)
            session.strict = false
            return value
        } catch {
            session.strict = false
            if error is DecodingAbort { throw error }  // the stack guard: no second pass
            session.exactPass.noteFailure()
            return try make(self)
        }
    }

    /// `decodeValue` for a caller that has not looked up the route.
    @inline(__always)
    func decodeValue<T: Decodable>(_: T.Type, at node: Int, site: PropertySite?) throws -> T {
        try decodeValue(T.self, at: node, site: site, route: session.route(T.self))
    }

    /// A model (`T`, which is `model`): its own `init(from:)`, with this decoder, then
    /// `didFinishMapping()`. Generic over `T` rather than the model type, so that the
    /// value is made where the caller wants it: returning the model type as `T` took a
    /// copy of the value and the destruction of the original (a retain and a release of
    /// every reference it holds, per object).
    func decodeModel<T: Decodable>(_: T.Type, model: any DecodableModel.Type, at node: Int, site: PropertySite?, info: ModelInfo) throws -> T {
        guard session.exactPass.isOpen else { return try makeModel(T.self, model: model, at: node, site: site, info: info) }
        return try exactPassModel(T.self, model: model, at: node, site: site, info: info)
    }

    /// `decodeModel` inside a type's own `init(from:)` (`decodeOwn`): a model its exact pass
    /// decoded whole is not decoded again (`ExactPassModels`). Out of line: the common path
    /// should not carry it.
    @inline(never)
    private func exactPassModel<T: Decodable>(_: T.Type, model: any DecodableModel.Type, at node: Int, site: PropertySite?,
                                              info: ModelInfo) throws -> T {
        if session.exactPass.hasFailed { return try retriedModel(T.self, model: model, at: node, site: site, info: info) }
        return try keptModel(T.self, model: model, at: node, site: site, info: info)
    }

    /// `exactPassModel` once an exact pass has failed: the model it kept, if it kept one.
    /// Apart, so that clean data does not ask the runtime for `T?`.
    @inline(never)
    private func retriedModel<T: Decodable>(_: T.Type, model: any DecodableModel.Type, at node: Int, site: PropertySite?,
                                            info: ModelInfo) throws -> T {
        if let kept = session.exactPass.models?.model(T.self, at: node, in: document) { return kept }
        return try keptModel(T.self, model: model, at: node, site: site, info: info)
    }

    /// The model, decoded and, in an exact pass, kept — unless nobody could see a second run
    /// (`ModelInfo.runsUnseen`).
    @inline(__always)
    private func keptModel<T: Decodable>(_: T.Type, model: any DecodableModel.Type, at node: Int, site: PropertySite?,
                                         info: ModelInfo) throws -> T {
        let value = try makeModel(T.self, model: model, at: node, site: site, info: info)
        if session.strict, !info.runsUnseen { session.exactPass.keep(value, at: node, in: document) }
        return value
    }

    /// `decodeModel`, run.
    @inline(__always)
    private func makeModel<T: Decodable>(_: T.Type, model: any DecodableModel.Type, at node: Int, site: PropertySite?, info: ModelInfo) throws -> T {
        guard document.nodes[node].kind == .object else {
            if document.nodes[node].kind == .null {
                throw session.fail(.null, expected: T.self)
            }
            if let nested = try jsonInString(at: node, expecting: .object) {
                return try nested.decodeModel(T.self, model: model, at: 0, site: site, info: info)
            }
            throw session.fail(.mismatch(found: FoundValue(node: node, in: document)), expected: T.self)
        }
        if let site, !session.hasPendingBase, session.isUpdating(frame: site.frame) { startUpdate(T.self, site: site) }
        session.pushFrame(T.self, model: model, info: info)
        defer { session.popFrame() }
        if let plan = fieldPlan(info, model: model) {
            // Safety: `ModelInfo` keeps its plan for the life of the process.
            return try plan._withUnsafeGuaranteedRef { try decodePlanned(T.self, model: model, info: info, at: node, plan: $0) }
        }
        var value = try info.fields == nil ? decodeNested(T.self, at: node) : decodeWithFields(T.self, at: node, layout: info.fields!)
        try finishModel(&value, model: model, info: info, at: node)
        return value
    }

    /// The plan for the model whose frame was just pushed, when this decode may use one:
    /// no `keyDecodingStrategy`, no prefix of a hand-written container, not update mode
    /// (`FieldPlan`).
    @inline(__always)
    private func fieldPlan(_ info: ModelInfo, model: any DecodableModel.Type) -> Unmanaged<FieldPlan>? {
        guard session.settings.usesPlans, info.mayHavePlan, !hasPrefix, !session.frames[session.frames.count - 1].isUpdate else { return nil }
        return info.fieldPlan(model, decode: session.settings.id)
    }

    /// The plan for the elements of an array of `model`: as `fieldPlan`, for frames not yet
    /// pushed (an element's is never in update mode), and only where no type transformer can
    /// apply to the element — nor, inside a type's own `init(from:)`, a `didDecode(from:)`
    /// that `decodeModel` must see once per element (`exactPassModel`).
    @inline(__always)
    func elementPlan(_ info: ModelInfo, model: any DecodableModel.Type) -> Unmanaged<FieldPlan>? {
        guard session.settings.usesPlans, info.mayHavePlan, !hasPrefix, !session.hasPendingBase,
              !session.settings.hasTypeTransformers, !session.exactPass.isOpen || info.runsUnseen else { return nil }
        return info.fieldPlan(model, decode: session.settings.id)
    }

    /// Update mode: the nested model starts from the value it replaces. Out of line:
    /// the cast asks the runtime for `T?`, which `decodeModel` should not do per object.
    @inline(never)
    private func startUpdate<T>(_: T.Type, site: PropertySite) {
        session.pendingBase = session.baseForNestedModel(key: site.key, frame: site.frame) as? T
    }

    /// A transformer's value; for a collection of the transformer's type (`[Date]`
    /// with a `Date` transformer), each element's, with the collection policy.
    func transform<T>(_: T.Type, at node: Int, with transformer: any ValueTransformable) throws -> T {
        try session.checkStack()  // a transformer that decodes through itself stops here, not in a crash
        if let value = transformer.transformedValue(try jsonValue(at: node), as: T.self) { return value }
        if transformer.objectType != ObjectIdentifier(T.self), let collection = T.self as? any TransformedCollection.Type {
            return try collection.transformElements(as: T.self, with: self, at: node, transformer: transformer)
        }
        throw session.fail(.transformFailed(transformer: typeName(type(of: transformer)), found: document.compactJSON(of: node)),
                           expected: T.self)
    }

    /// The whole payload: see `DecodingSession.repairRoot`; malformed input never gets here.
    func decodeRoot<T: Decodable>(_: T.Type, at node: Int) throws -> T {
        do {
            return try decodeValue(T.self, at: node, site: nil)
        } catch {
            return try session.repairRoot(T.self, error, at: node, document: document)
        }
    }
}

/// The property a value is decoded for.
struct PropertySite {
    /// The coding key's `stringValue` (the property's name, unless `CodingKeys` rename it).
    let key: String
    /// The object holding the property.
    let object: Int
    /// The length of the coding path to the object.
    let depth: Int
    /// The index of the object's frame in the session.
    let frame: Int
}

/// Property wrappers that decide from the property itself, not only from its value:
/// `@IgnoredKey` (keeps its initial value), `@Flat` (reads the enclosing object).
protocol SlotDecodable: RoutedType {
    static func decode(with decoder: DocumentDecoder, at node: Int?, site: PropertySite) throws -> Self
}
