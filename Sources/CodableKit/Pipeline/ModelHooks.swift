/// The end of a model's decode: `didFinishMapping()`, then `didDecode(from:)` with a decoder at
/// the model's object. A throw from `didDecode` rejects the model (`DecodingSession.rejection`):
/// the recovery point holding it repairs it as it repairs a model missing a `@Required` property.
extension DocumentDecoder {
    /// Finishes `value`, a model (`model`) just decoded at `object` in its own frame.
    func finishModel<T>(_ value: inout T, model: any DecodableModel.Type, at object: Int) throws {
        let saved = node
        node = object
        defer { node = saved }
        do {
            try model.finishDecoding(&value, from: self)
        } catch {
            throw session.rejection(error, of: T.self)
        }
    }

    /// `body` with this decoder at `object`, restoring its current node afterwards.
    func at<Result>(_ object: Int, _ body: () throws -> Result) rethrows -> Result {
        let saved = node
        node = object
        defer { node = saved }
        return try body()
    }

    /// Finishes a flat element (`decodeFlat`), built in `value` at `walk.object`, and ends its
    /// place and frame if it has them: in its own frame when it has one; else its hook gets a
    /// `FlatElementHook`, which places the element only if the hook asks it for anything. A
    /// rejected element is deinitialized and dropped, recorded.
    func finishFlat<T>(_ value: ValuePlace, _: T.Type, model: any DecodableModel.Type, walk: inout ObjectWalk) throws -> FlatOutcome {
        do {
            if case let .pending(element) = walk.flat {
                let hook = session.flatElementHook
                var placed = false
                defer { if placed { walk.flat = .promoted } }
                do {
                    try hook.run(self, object: walk.object, element: element, info: walk.info, placed: &placed) {
                        // Safety: every stored property of `T` is initialized (the caller's word): the value is.
                        try model.finishDecoding(&value.value(as: T.self).pointee, from: hook)
                    }
                } catch {
                    throw session.rejection(error, of: T.self)
                }
            } else {
                // Safety: as above.
                try finishModel(&value.value(as: T.self).pointee, model: model, at: walk.object)
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
}

/// The `Decoder` given to `didDecode(from:)` of a flat element not yet in its place
/// (`decodeFlat` decodes such an element without its index on the path and without its frame):
/// the session's decoder at the element's object, which first puts the element in its place, as
/// `ObjectWalk.place` does, when the hook asks it for anything. So a model without a hook of
/// its own costs a call, not a frame. One per session; `run` keeps an outer element's state
/// around an inner one's. Used after its hook returned, it has nothing to give.
final class FlatElementHook: Decoder {
    private struct State {
        unowned(unsafe) var decoder: DocumentDecoder?
        var object = 0
        var element: FlatElement?
        unowned(unsafe) var info: ModelInfo?
        var placed = false
    }

    private var state = State()

    /// Runs `body` (the element's hook, given this decoder) for `element` at `object`; `placed`
    /// says, even when `body` throws, whether the hook placed the element.
    func run(_ decoder: DocumentDecoder, object: Int, element: FlatElement, info: ModelInfo, placed: inout Bool,
             _ body: () throws -> Void) rethrows {
        let outer = state
        state = State(decoder: decoder, object: object, element: element, info: info)
        defer {
            placed = state.placed
            state = outer
        }
        try body()
    }

    /// The decoder, with the element in its place; nil once the hook has returned.
    private func placedDecoder() -> DocumentDecoder? {
        guard let decoder = state.decoder else { return nil }
        if !state.placed, let element = state.element {
            decoder.session.path.append(.index(element.index))
            decoder.session.pushFrame(element.type, model: element.model, info: state.info)
            state.placed = true
        }
        return decoder
    }

    private func ended() -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "A decoder kept past its didDecode(from:) call has nothing to give."))
    }

    var codingPath: [any CodingKey] {
        guard let decoder = placedDecoder() else { return [] }
        return decoder.at(state.object) { decoder.codingPath }
    }

    var userInfo: [CodingUserInfoKey: Any] { state.decoder?.userInfo ?? [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let decoder = placedDecoder() else { throw ended() }
        return try decoder.at(state.object) { try decoder.container(keyedBy: type) }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let decoder = placedDecoder() else { throw ended() }
        return try decoder.at(state.object) { try decoder.unkeyedContainer() }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard let decoder = placedDecoder() else { throw ended() }
        return try decoder.at(state.object) { try decoder.singleValueContainer() }
    }
}
