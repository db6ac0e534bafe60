/// The `Encoder` a planned model's `willEncode(to:)` is given (`StreamEncoder.writeModel`):
/// the model's coding path and the call's `userInfo`; and, if the hook asks it for a container,
/// a `TreeEncoder` for the model, made then, which its `encode(to:)` then writes into too (the
/// plan does not write that model: its containers and the hook's are one, as in the container
/// path). So a model whose hook writes nothing costs a call, not an encoder. One per session;
/// `run` keeps an outer model's state around an inner one's. Used after its hook returned, it
/// writes into a tree nothing reads: a hook that keeps its encoder loses what it writes later,
/// as with `JSONEncoder`.
final class PlannedModelHook: Encoder {
    private struct State {
        unowned(unsafe) var stream: StreamEncoder?
        var path: StackLink<PlanPath>?
        unowned(unsafe) var info: ModelInfo?
        var tree: TreeEncoder?
    }

    private var state = State()

    /// Runs `body` (the hook, given this encoder) for the planned model at `path` of `stream`;
    /// the tree the hook wrote into, if it asked for a container.
    func run(_ stream: StreamEncoder, path: StackLink<PlanPath>, info: ModelInfo, _ body: () throws -> Void) rethrows -> TreeEncoder? {
        let outer = state
        state = State(stream: stream, path: path, info: info)
        defer { state = outer }
        try body()
        return state.tree
    }

    var codingPath: [any CodingKey] {
        guard let stream = state.stream, let path = state.path else { return [] }
        let (prefix, key) = path.value.place()
        return stream.path(prefix, key)
    }

    var userInfo: [CodingUserInfoKey: Any] { state.stream?.userInfo ?? [:] }

    /// The call's session, while a hook runs.
    var session: EncodingSession? { state.stream?.session.tree }

    /// The model's tree encoder, made on first need.
    private func tree() -> TreeEncoder {
        if let tree = state.tree { return tree }
        let tree: TreeEncoder
        if let stream = state.stream {
            tree = TreeEncoder(session: stream.session.tree, codingPath: codingPath, info: state.info)
        } else {
            tree = TreeEncoder(session: EncodingSession(options: .init()))  // past its hook: read by nobody
        }
        state.tree = tree
        return tree
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        tree().container(keyedBy: type)
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { tree().unkeyedContainer() }

    func singleValueContainer() -> any SingleValueEncodingContainer { tree().singleValueContainer() }
}
