extension DocumentDecoder {
    /// An element of a flat plan (`FieldPlan.isFlat`: scalars and arrays of scalars; no
    /// value rules) decoded without its place on the path and its frame, which only a
    /// record, an error or a field's slot reads: the field that needs them first puts the
    /// element on the path and pushes its frame (`ObjectWalk.place`), and the element goes on
    /// as `decodePlannedElements` decodes it otherwise — dropped if it fails. `again`, with
    /// nothing kept, when something was filed before that (an array's element converted
    /// under the array's path): the caller decodes the element again with both.
    ///
    /// `plain` (the plan walks its members in order, with no transformer or value rule to
    /// apply): the element is first read by `fillInOrder` alone, without `fill`'s set-up; a
    /// flat plan's fields are scalars and arrays of scalars, which that walk reads without
    /// their slots, so where it stops short (or filed what an array's elements needed) it has
    /// only initialized fields, and `fill` goes on from there.
    func decodeFlat<T: Decodable>(into value: ValuePlace, _: T.Type, model: any DecodableModel.Type, info: ModelInfo,
                                  at object: Int, index: Int, plan: FieldPlan, state: inout Unmanaged<PlanInDecode>?,
                                  plain: Bool) throws -> FlatOutcome {
        let mark = session.filedIssues.mark
        var walk = ObjectWalk(decoder: self, info: info, state: state, object: object,
                              flat: .pending(FlatElement(index: index, type: T.self, model: model, mark: mark)))
        defer { state = walk.state }
        if plain {
            walk.walkedInOrder = true
            try walk.fillInOrder(value, plainScalars: true, self, plan)
            if walk.next == plan.fields.count, session.filedIssues.mark == mark {
                // Every stored property of `T` is initialized: the value is.
                return try finishFlat(value, T.self, model: model, walk: &walk)
            }
        }
        do {
            try walk.fill(value, self, plan)
        } catch {
            plan.deinitialize(value, initialized: walk.initialized)
            guard case .promoted = walk.flat else {  // abandoned by `place`
                session.filedIssues.rewind(to: mark)
                return .again
            }
            session.popFrame()
            defer { session.path.removeLast() }
            try session.repairElement(error)
            return .dropped
        }
        if case let .pending(element) = walk.flat, session.filedIssues.mark != element.mark {
            plan.deinitialize(value, initialized: walk.initialized)
            session.filedIssues.rewind(to: mark)
            return .again
        }
        // Every stored property of `T` is initialized: the value is.
        return try finishFlat(value, T.self, model: model, walk: &walk)
    }
}

extension ObjectWalk {
    /// Puts a flat element not placed yet on the path and pushes its frame, as
    /// `decodePlannedElements` does for other elements: its fields are decoded at that depth
    /// and frame from then on. Nothing for an object already in its place.
    /// - Throws: `PlanAbandoned` when something was filed without them (see `decodeFlat`).
    @inline(__always)
    mutating func place(_ decoder: DocumentDecoder) throws {
        guard case let .pending(element) = flat else { return }
        try promote(element, decoder.session)
    }

    private mutating func promote(_ element: FlatElement, _ session: DecodingSession) throws {
        guard session.filedIssues.mark == element.mark else { throw PlanAbandoned() }
        session.path.append(.index(element.index))
        session.pushFrame(element.type, model: element.model, info: info)
        flat = .promoted
        (depth, frame) = (session.path.count, session.frames.count - 1)
    }
}

/// Ends a flat element's decode that something was filed for without its place on the path (`decodeFlat`).
private struct PlanAbandoned: Error {}

/// Where a planned object stands on the path (`ObjectWalk`).
enum FlatState {
    /// At its own place, in its own frame, as the caller put it.
    case off
    /// A flat element not yet on the path nor in a frame (`decodeFlat`).
    case pending(FlatElement)
    /// A flat element that `place` put on the path and gave its frame.
    case promoted

    var isPending: Bool {
        if case .pending = self { return true }
        return false
    }
}

/// A flat element, with what `place` needs to place it as `decodePlannedElements` would.
struct FlatElement {
    let index: Int
    let type: Any.Type
    let model: any DecodableModel.Type
    /// The filing after the issues filed before it or under its place (`recordPlanned`): one
    /// filed otherwise before it is placed had the wrong path.
    var mark: FiledIssues.Mark
}

/// How `decodeFlat` ended.
enum FlatOutcome {
    case decoded
    /// Failed, and dropped as `repairElement` drops elements.
    case dropped
    /// To be decoded again with its place and frame (nothing was kept).
    case again
}
