/// The end of a model's decode: `didFinishMapping()`, then `didDecode(from:)` with this decoder
/// at the model's object — unless the type's `didDecode` was found to be the protocol's default,
/// which says so when it runs (`ModelInfo.decodeHookIsDefault`). A throw from `didDecode`
/// rejects the model (`DecodingSession.rejection`): the recovery point holding it repairs it as
/// it repairs a model missing a `@Required` property.
extension DocumentDecoder {
    /// Finishes `value`, a model (`model`) just decoded at `object` in its own frame.
    func finishModel<T>(_ value: inout T, model: any DecodableModel.Type, info: ModelInfo, at object: Int) throws {
        // A pointer scope that does not throw: a throwing one is another generic instance, whose
        // metadata the runtime looked up for every model.
        var failure: (any Error)?
        // Safety: the pointer is used only inside the closure, while `value` is whole.
        withUnsafeMutablePointer(to: &value) { pointer in
            do {
                try finishModel(at: UnsafeMutableRawPointer(pointer), T.self, model: model, info: info, object: object)
            } catch {
                failure = error
            }
        }
        if let failure { throw failure }
    }

    /// Finishes the model (`model`, a `type` with `info`'s rules) whole at `value`, decoded at `object`.
    func finishModel(at value: UnsafeMutableRawPointer, _ type: Any.Type, model: any DecodableModel.Type, info: ModelInfo,
                     object: Int) throws {
        if info.decodeHookIsDefault { return model.finishMapping(at: value) }
        let (saved, outerRan) = (node, defaultHookRan)
        (node, defaultHookRan) = (object, false)
        defer { (node, defaultHookRan) = (saved, outerRan) }
        do {
            try model.finishDecoding(at: value, from: self)
        } catch {
            throw session.rejection(error, of: type)
        }
        if defaultHookRan { info.noteDefaultDecodeHook() }
    }

    /// `finishModel` for a planned object, read from its walk. Where `didDecode` is the default,
    /// its first step in place without handing on `walk.info`: an unowned reference passed on is
    /// retained and released around the call, for every object.
    @inline(__always)
    func finishModel(at value: ValuePlace, _ type: Any.Type, model: any DecodableModel.Type, walk: ObjectWalk) throws {
        if walk.info.decodeHookIsDefault { return model.finishMapping(at: value.base) }
        try finishModel(at: value.base, type, model: model, info: walk.info, object: walk.object)
    }

    /// Finishes a flat element (`decodeFlat`), whole in `value` at `walk.object`, and ends its
    /// place and frame if it has them. An element not yet in its place stays out of it unless
    /// its hook asks this decoder for something (`unplaced`). A rejected element is
    /// deinitialized and dropped, recorded.
    func finishFlat<T>(_ value: ValuePlace, _: T.Type, model: any DecodableModel.Type, walk: inout ObjectWalk) throws -> FlatOutcome {
        do {
            if case let .pending(element) = walk.flat, !walk.info.decodeHookIsDefault {
                let outer = unplaced
                unplaced = UnplacedElement(element: element, info: walk.info)
                defer {
                    if unplaced?.placed == true { walk.flat = .promoted }
                    unplaced = outer
                }
                try finishModel(at: value, T.self, model: model, walk: walk)
            } else {
                try finishModel(at: value, T.self, model: model, walk: walk)
            }
        } catch {
            // Safety: the value is whole (a hook's throw leaves it so) and is not used again.
            value.value(as: T.self).deinitialize(count: 1)
            try walk.place(self)  // the record names the element
            session.popFrame()
            defer { session.path.removeLast() }
            try session.repairElement(error)
            return .dropped
        }
        if case .promoted = walk.flat {
            session.popFrame()
            session.path.removeLast()
        }
        return .decoded
    }

    /// Puts the flat element whose hook runs now in its place, as `ObjectWalk.place` does:
    /// the first time the hook asks this decoder for anything.
    @inline(never)
    func placeUnplacedElement() {
        guard let element = unplaced, !element.placed else { return }
        session.path.append(.index(element.element.index))
        session.pushFrame(element.element.type, model: element.element.model, info: element.info)
        unplaced?.placed = true
    }
}

/// A flat element whose `didDecode(from:)` runs before the element has its place on the path
/// and its frame (`DocumentDecoder.finishFlat`), and whether its hook has put it there.
struct UnplacedElement {
    let element: FlatElement
    unowned(unsafe) let info: ModelInfo
    var placed = false
}
