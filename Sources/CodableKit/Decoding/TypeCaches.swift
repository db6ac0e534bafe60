/// What a decode learns per type as it meets them, for its own objects: how each type is
/// decoded, the key tables of each model's keys, each model's fallbacks, type names for
/// reports (a `DecodingSession`'s part; the process-wide knowledge is in `ModelInfo`,
/// `ModelShape` and `Route`'s caches).
struct TypeCaches: ~Copyable {
    /// How each type is decoded (see `Route`).
    private var routes = TypeTable<Route>()
    /// The types last known statically to be models (see `RouteHint`).
    var hint = RouteHint()
    /// Key tables by `Key` type (each the head of its `Key`'s tables for other models,
    /// see `KeyTable.table(for:strategies:)`), unretained: a container reads its table
    /// per key, and `keyTableOwners` keeps them until the session ends.
    private var keyTables = TypeTable<Unmanaged<KeyTable>>()
    private var keyTableOwners: [KeyTable] = []
    /// Per model type: its shape and one `init()` value for this decode (see `InitialValues.swift`
    /// and `ModelShape`). Asked by every object that needs a fallback.
    var modelFallbacks = TypeTable<ModelFallbacks>()
    /// Per model type: which initial values are nil (see `DecodingSession.initialIsNil`).
    var initialNilness = TypeTable<InitialNilness>()
    /// Type names for reports (`String(describing:)` demangles, so once per type):
    /// every repair names one or two types.
    private var typeNames = TypeTable<String>()
    private static let sharedTypeNames = TypeCache<String>()

    init() {}

    @inline(__always)
    mutating func route<T>(_: T.Type) -> Route {
        routes.value(for: ObjectIdentifier(T.self)) { Route.of(T.self, hint: hint) }
    }

    /// The key table for containers keyed by `Key` in a model that `info` describes (nil: none),
    /// with the call's `strategies`.
    mutating func keyTable<Key: CodingKey>(for _: Key.Type, info: ModelInfo?, strategies: [any KeyStrategy]) -> Unmanaged<KeyTable> {
        let head = keyTables.value(for: ObjectIdentifier(Key.self)) {
            let table = KeyTable(info: info, strategies: strategies)
            keyTableOwners.append(table)
            // Safety: `keyTableOwners` holds the table until the session ends.
            return Unmanaged.passUnretained(table)
        }
        // Safety: `keyTableOwners` holds every head until the session ends.
        return head._withUnsafeGuaranteedRef { $0.table(for: info, strategies: strategies) }
    }

    mutating func typeName(_ type: Any.Type) -> String {
        typeNames.value(for: ObjectIdentifier(type)) { Self.sharedTypeName(type) }
    }

    /// A type's name from the process's cache, for words made after the decode (`PendingIssues`).
    static func sharedTypeName(_ type: Any.Type) -> String {
        sharedTypeNames.value(for: type) { CodableKit.typeName(type) }
    }
}
