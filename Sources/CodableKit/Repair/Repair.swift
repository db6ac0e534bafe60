/// The repair stage: what happens to a value that cannot be used as asked.
///
/// Producers — scalars, collections, special types, wrappers, plugins — only
/// describe a problem (`DecodingProblem`) and hand it here with `fail`. Recovery
/// points call the stage where a value can be replaced:
///
/// | recovery point | strict mode | tolerant mode |
/// |---|---|---|
/// | a property (`repairProperty`) | `DecodingError` at the property's path | initial value → empty value → pass the problem up; recorded |
/// | an absent optional (`absentOptional`) | `nil` (as `JSONDecoder`) | its initial value, not recorded |
/// | a collection element (`repairElement`) | `DecodingError` at the element's path | dropped; recorded |
/// | the root (`repairRoot`) | `DecodingError` | `DecodingError` for a root of the wrong kind or null; else the type's empty value, recorded |
/// | a conversion (`recordConversion`) | `DecodingError.typeMismatch` | the converted value; recorded |
/// | a plugin's own repair (`recordPluginRepair`) | `DecodingError.dataCorrupted` | recorded |
/// | a `@Required` property (`failRequired`) | as any property | the model fails: repaired where the model is held |
///
/// Update mode (`update(from:)`): an absent key is expected, so it keeps the
/// current value without a record.
///
/// Every issue is filed under the model that owns the property (`owner`): the
/// innermost model (or other type) being decoded whose value holds the position —
/// never an enum or other single value that reported about itself from its own
/// `init(from:)`.
///
/// Strict mode makes the `DecodingError` as soon as the problem is known, not at the
/// recovery point: a hand-written `init(from:)` between the two may catch it, and it
/// must see what `JSONDecoder` would throw there, with the exact path.
extension DecodingSession {
    /// The error a producer throws for a problem at the current path (of depth
    /// `depth`, plus `key`): in strict mode the `DecodingError`, otherwise the
    /// problem itself, to be repaired at the nearest recovery point.
    func fail(_ reason: DecodingProblem.Reason, expected: Any.Type, depth: Int? = nil, key: PathComponent? = nil) -> any Error {
        error(for: DecodingProblem(reason: reason, expected: expected), depth: depth, key: key)
    }

    /// `fail` for a problem already made: the problem itself in tolerant mode, its
    /// `DecodingError` at the current path (of depth `depth`, plus `key`) in strict mode.
    func error(for problem: DecodingProblem, depth: Int? = nil, key: PathComponent? = nil) -> any Error {
        guard strict else { return problem }
        return problem.decodingError(path: codingPath(depth: depth ?? path.count, appending: key))
    }

    /// A value converted to the type asked for (`"27"` → `Int`), at the current path:
    /// recorded in tolerant mode; in strict mode, the error to throw instead.
    /// `target` names what it became, when not the type's name (`object`, `array`).
    func recordConversion(from kind: String, to type: Any.Type, target: String? = nil) -> (any Error)? {
        conversionProblem(from: kind, to: type, target: target).map { error(for: $0) }
    }

    /// `recordConversion` for a producer that hands its problem on unboxed: in strict mode
    /// the problem (a mismatch), to become an error where it is repaired or thrown.
    func conversionProblem(from kind: String, to type: Any.Type, target: String? = nil) -> DecodingProblem? {
        if strict { return DecodingProblem(reason: .mismatch(found: FoundValue("a " + kind)), expected: type) }
        file(.converted(from: kind, to: type, target: target), depth: path.count, key: nil, owner: owner())
        return nil
    }

    /// `conversionProblem` for the value at `node` of `document`, converted to `type`: filed as
    /// a plain entry (the kind converted from is put into words when the report is read), as
    /// a planned field's conversion is; kept whole only where the entries cannot keep the node.
    func conversionProblem(at node: Int, in document: JSONDocument, to type: Any.Type) -> DecodingProblem? {
        if strict || !settings.recordsIssues { return conversionProblem(from: document.kindName(of: node), to: type) }
        if filedIssues.filePlain(.converted, node: node, expected: type, path: path, depth: path.count, element: nil, key: nil,
                                 owner: owner(), keyNode: -1, in: document) {
            return nil
        }
        return conversionProblem(from: document.kindName(of: node), to: type)
    }

    /// A repair a type made in its own `init(from:)` (`Decoder.recordRepair`).
    func recordPluginRepair(_ kind: DecodingIssue.Kind, description: String, codingPath: [any CodingKey]) throws {
        if strict { throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: description)) }
        file(.kind(kind), depth: path.count, key: nil, owner: owner(), detail: description)
    }

    /// The type an issue at the current position belongs to: the innermost frame whose
    /// value lies above the position (a frame at the position is the value itself).
    func owner() -> Any.Type? {
        var index = frames.count - 1
        while index >= 0 {
            if frames[index].depth < path.count { return frames[index].type }
            index -= 1
        }
        return nil
    }

    /// The type owning the property in `frame`.
    private func owner(of frame: Int) -> Any.Type? {
        frame >= 0 && frame < frames.count ? frames[frame].type : nil
    }

    /// Adds an issue to the report, when there is one to read (`recordsIssues`);
    /// otherwise not even its detail is made.
    private func file(_ what: FiledIssue, depth: Int, key: PathComponent?, owner: Any.Type?,
                      detail: @autoclosure () -> String? = nil, fallback: @autoclosure () -> FiledIssues.Fallback? = nil,
                      jsonKey: @autoclosure () -> String? = nil) {
        guard settings.recordsIssues else { return }
        filedIssues.file(what, path: path, depth: depth, key: key, owner: owner, detail: detail(), fallback: fallback(),
                         jsonKey: jsonKey())
    }

    /// The JSON key the value at `node` was read from — for an absent value (`node` nil), the
    /// key it was looked for under first — when it is not the property's name (a key strategy
    /// or a mapping renamed it): what the client sent or should have, beside what the report's
    /// path calls it.
    private func jsonKey(of node: Int?, in document: JSONDocument?, site: PropertySite) -> String? {
        guard let node else { return lookedForKey(site) }
        guard let document, let keyNode = document.keyNode(of: node, in: site.object) else { return nil }
        let key = document.string(keyNode)
        return key == pathName(site) ? nil : key
    }

    /// The best candidate key of `site`'s property (`KeyTable.candidateKeys`), when key rules or
    /// strategies make it another than the property's name; nil otherwise.
    func lookedForKey(_ site: PropertySite) -> String? {
        guard hasKeyTable(frame: site.frame) else { return nil }
        let info = isLive(frame: site.frame) ? frames[site.frame].info : nil
        guard let best = KeyTable.candidateKeys(for: site.key, info: info, strategies: settings.keyStrategies).first,
              best != pathName(site) else { return nil }
        return best
    }

    /// The problem an error stands for: a producer's own, or — for an error thrown by a
    /// type's own `init(from:)`, such as an unknown raw value — a mismatch with what was found.
    /// Aborts (the stack guard) and, in strict mode, every error but a producer's own are not
    /// repaired: nil (strict mode passes a type's own error on unchanged, as `JSONDecoder` does).
    private func problem(from error: any Error, expected: Any.Type, found: @autoclosure () -> FoundValue) -> DecodingProblem? {
        switch error {
        case is DecodingAbort: return nil
        case let problem as DecodingProblem: return problem
        case _ where strict: return nil
        case DecodingError.valueNotFound: return DecodingProblem(reason: .null, expected: expected)
        case is DecodingError: return DecodingProblem(reason: .mismatch(found: found()), expected: expected)
        default:
            let found = found()
            return DecodingProblem(reason: .plugin(.typeMismatch(expected: typeName(expected), found: found.description),
                                                   description: "\(typeName(expected)) threw \(error) for \(found)"),
                                   expected: expected)
        }
    }

    /// A `@Required` property without a usable value: strict mode throws what any property
    /// would; tolerant mode fails the model that owns it, so that the recovery point holding
    /// that model — an element, a property, the root — repairs it instead (the root throws).
    func failRequired(_ error: any Error, site: PropertySite, document: JSONDocument, at node: Int? = nil) -> any Error {
        guard let problem = problem(from: error, expected: Any.self, found: FoundValue(node: node, in: document)) else { return error }
        if strict { return problem.decodingError(path: codingPath(depth: site.depth, appending: pathKey(site))) }
        let why = problem.detail ?? problem.issueKind(typeName: typeName).description
        return DecodingProblem(reason: .required(problem.issueKind(typeName: typeName), key: pathName(site), frame: site.frame, why: why),
                               expected: problem.expected).placed(at: codingPath(depth: site.depth, appending: pathKey(site)))
    }

    /// What a model's `didDecode(from:)` threw, as the problem that rejects the model in the
    /// innermost frame (`DecodingProblem.Reason.rejected`); strict mode throws the error itself.
    func rejection(_ error: any Error, of type: Any.Type) -> any Error {
        if strict || error is DecodingAbort { return error }
        return DecodingProblem(reason: .rejected(error, frame: frames.count - 1), expected: type)
    }

    // MARK: Recovery points

    /// A property: strict mode throws with the property's path; tolerant mode returns
    /// the initial value, else the empty value (recorded), else passes the problem up.
    func repairProperty<T>(_: T.Type, _ error: any Error, at node: Int?, site: PropertySite, document: JSONDocument) throws -> T {
        guard let problem = problem(from: error, expected: T.self, found: FoundValue(node: node, in: document)) else { throw error }
        return try repairProperty(T.self, problem: problem, site: site, at: node, in: document)
    }

    /// `repairProperty` for a producer's own problem, handed over without an error box
    /// (and the casts that open it): a missing key, a scalar that cannot be read.
    func repairProperty<T>(_: T.Type, problem: DecodingProblem, site: PropertySite,
                           at node: Int? = nil, in document: JSONDocument? = nil) throws -> T {
        // A required property's own model fails; the model holding it (an outer frame) repairs it.
        if let frame = problem.failedFrame, frame <= site.frame { throw problem }
        let key = pathKey(site)
        if strict { throw problem.decodingError(path: codingPath(depth: site.depth, appending: key)) }
        let initial = initialValue(T.self, key: site.key, frame: site.frame)
        guard let fallback = initial ?? emptyValue(T.self) else { throw problem.placed(at: codingPath(depth: site.depth, appending: key)) }
        if case .missing = problem.reason, isUpdating(frame: site.frame) { return fallback }
        guard initial == nil else {
            fileRepair(problem, site: site, at: node, in: document)
            return fallback
        }
        file(.problem(problem), depth: site.depth, key: key, owner: owner(of: site.frame),
             detail: whyNoInitialValue(key: site.key, frame: site.frame), fallback: .emptyValue(emptyValueWords(fallback)),
             jsonKey: jsonKey(of: node, in: document, site: site))
        return fallback
    }

    /// Files the repair of the property in `site` to its initial value (`repairProperty`'s
    /// record, for a planned field's fallback too: `ObjectWalk.repairPlanned`).
    func fileRepair(_ problem: DecodingProblem, site: PropertySite, at node: Int?, in document: JSONDocument?) {
        guard settings.recordsIssues else { return }
        // A missing key looked for under another name: kept whole, with that name in words.
        if node == nil, case .missing = problem.reason, let key = lookedForKey(site) {
            file(.problem(problem), depth: site.depth, key: pathKey(site), owner: owner(of: site.frame), fallback: .initialValue, jsonKey: key)
            return
        }
        // Without key rules (an `@Observable` class's `_name`s are some), strategies or a
        // `keyDecodingStrategy`, the key matched is the property's name: nothing to compare.
        let keyMayDiffer = hasKeyTable(frame: site.frame) || settings.convertsKeys
        let keyNode = keyMayDiffer ? node.flatMap { document?.keyNode(of: $0, in: site.object) } ?? -1 : -1
        // Most repairs are a few plain values (`FiledIssues.filePlain`); a problem that says
        // more, or a node of another document, is kept whole, its JSON key in words.
        if let (reason, found) = FiledIssues.plainReason(of: problem, in: document),
           filedIssues.filePlain(reason, node: found, expected: problem.expected, path: path, depth: site.depth, element: nil,
                                 key: pathKey(site), owner: owner(of: site.frame), keyNode: keyNode, in: document) {
            return
        }
        file(.problem(problem), depth: site.depth, key: pathKey(site), owner: owner(of: site.frame), fallback: .initialValue,
             jsonKey: jsonKey(of: node, in: document, site: site))
    }

    /// `fileRepair` for a planned field's reason as an entry keeps it (`value`: the node
    /// found, or -1; `field`: the field, whose key in the plan ends the path), read under the
    /// JSON key at `keyNode` where that is not the field's own key (else -1). `element`: a
    /// flat element not on the path yet (see `ObjectWalk.recordPlanned`), whose index the
    /// path gets before the key and whose type owns the property. False, with nothing filed:
    /// see `FiledIssues.filePlain`.
    func filePlanned(_ reason: FiledIssues.PlainReason, found value: Int, expected: Any.Type, site: PropertySite,
                     field: (plan: FieldPlan, index: Int), keyNode: Int, element: (index: Int, type: Any.Type)?,
                     in document: JSONDocument) -> Bool {
        // A planned model is a struct: its keys are its properties' names (`pathName`), the plan's keys.
        filedIssues.filePlain(reason, node: value, expected: expected, path: path, depth: site.depth, element: element?.index,
                              key: nil, field: field, owner: element?.type ?? owner(of: site.frame),
                              keyNode: keyNode, in: document)
    }

    /// Whether an absent key leaves `site`'s optional property nil: in strict mode (as
    /// `JSONDecoder`), and where its initial value is nil. The one rule `absentOptional` and a
    /// field plan's `AbsentNilness` read.
    func absentKeyIsNil(_ site: PropertySite) -> Bool {
        settings.callIsStrict || initialIsNil(site.key, frame: site.frame)
    }

    /// An optional property whose key is absent: nil in strict mode (as `JSONDecoder`),
    /// otherwise its initial value. Not a repair either way. Asked for a property that is not
    /// an `Optional` (a hand-written `init(from:)`'s `decodeIfPresent(…) ?? default`), nil in
    /// both modes, so that the model's own default applies as with `JSONDecoder`.
    func absentOptional<T>(_: T.Type, site: PropertySite) -> T? {
        if absentKeyIsNil(site) { return nil }
        return initialOptional(T.self, site: site)
    }

    /// A property at the string a partial document was cut inside (`decodePartial`): its
    /// text for a `String`; for anything else what a missing key gives, so that no type
    /// reads the `null` standing for it.
    @inline(never)
    func partialProperty<T>(_: T.Type, site: PropertySite) throws -> T {
        if let text = cut.text as? T { return text }
        return try repairProperty(T.self, problem: DecodingProblem(reason: .missing, expected: T.self), site: site)
    }

    /// `partialProperty` for an optional property.
    @inline(never)
    func partialValue<T>(_: T.Type, site: PropertySite) -> T? {
        cut.text as? T ?? absentOptional(T.self, site: site)
    }

    /// Out of line: naming `T?.self` asks the runtime for its metadata, which the
    /// common case above (the initial value is nil) should not pay for.
    @inline(never)
    private func initialOptional<T>(_: T.Type, site: PropertySite) -> T? {
        guard initialIsOptional(site.key, frame: site.frame) else { return nil }
        return initialValue(T?.self, key: site.key, frame: site.frame) ?? nil
    }

    /// A collection element at the current path: dropped (recorded) in tolerant mode;
    /// strict mode throws with the element's path.
    func repairElement(_ error: any Error) throws {
        switch error {
        case is DecodingAbort: throw error
        case let problem as DecodingProblem where strict: throw problem.decodingError(path: codingPath(depth: path.count))
        case _ where strict: throw error
        default: file(.kind(.elementDropped), depth: path.count, key: nil, owner: owner(), detail: (error as? DecodingProblem)?.summary)
        }
    }

    /// The whole payload: a value that cannot be decoded at all becomes the type's
    /// empty value (a model's `init()`), recorded. Strict mode throws.
    func repairRoot<T>(_: T.Type, _ error: any Error, at node: Int, document: JSONDocument) throws -> T {
        if let abort = error as? DecodingAbort { throw abort.error }
        guard let problem = problem(from: error, expected: T.self, found: FoundValue(node: node, in: document)) else { throw error }
        if case let .rejected(error, _) = problem.reason { throw error }  // a top-level model rejected itself: its own error
        if case .required = problem.reason { throw problem.decodingError(path: problem.path ?? []) }  // a top-level model fails
        // A root of the wrong kind (an array for a model, an object for an array, null) is not a
        // field to repair: an empty value for it would be taken for the payload's (a server
        // would store an empty record). Tolerant mode throws `JSONDecoder`'s error too.
        if (problem.path ?? []).isEmpty, problem.isWrongKind { throw problem.decodingError(path: []) }
        guard !strict, let value = emptyValue(T.self) else {
            // Nothing to fall back on: the type's own error as it threw it, else JSONDecoder's.
            if !(error is DecodingError || error is DecodingProblem) { throw error }
            throw problem.decodingError(path: problem.path ?? [])
        }
        file(.problem(problem), depth: 0, key: nil, owner: T.self, fallback: .emptyValue(emptyValueWords(value)))
        return value
    }
}

extension DocumentDecoder {
    /// `DecodingSession.fail` at this decoder's position, whose path includes the keys
    /// of a hand-written `init(from:)`'s nested containers. `atParent`: the error names
    /// the enclosing container's path, as `JSONDecoder` does for a date its ISO 8601 or
    /// formatter strategy cannot read.
    func fail(_ reason: DecodingProblem.Reason, expected: Any.Type, atParent: Bool = false) -> any Error {
        let problem = DecodingProblem(reason: reason, expected: expected)
        guard session.strict else { return problem }
        return problem.decodingError(path: atParent ? Array(codingPath.dropLast()) : codingPath)
    }
}

/// An empty value in words, as a report shows it: `""`, `0`, `false`, `[]`, `[:]`, or
/// `an empty Ping` for a model made by its `init()`.
func emptyValueWords(_ value: Any) -> String {
    switch value {
    case let text as String: return text.debugDescription
    case let number as any BinaryInteger: return "\(number)"
    case let number as any BinaryFloatingPoint: return "\(number)"
    case let bool as Bool: return "\(bool)"
    case let collection as any Collection where collection.isEmpty:
        return value is any DictionaryMarker ? "[:]" : "[]"
    default: return "an empty \(typeName(type(of: value)))"
    }
}

/// Tells a dictionary apart from other collections, for `emptyValueWords`.
protocol DictionaryMarker {}
extension Dictionary: DictionaryMarker {}
