#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// A type that code calling into the decoder knows statically to be a model (or an
/// array or dictionary of one), so that its route needs no conformance check: the
/// runtime answers the first check of each type by scanning every conformance record in
/// the process (on platforms without a precomputed table), the dominant cost of a type's
/// first decode. Set by the model entry points and by
/// `KeyedDecodingContainer`'s model overloads, which synthesized `init(from:)`s call;
/// read when a type's route is first decided (`Route.of(_:hint:)`).
struct RouteHint {
    /// Which collection of `model` the hint also knows.
    enum Collection {
        case none, array, dictionary
    }

    var model: (any DecodableModel.Type)?
    /// Only the kind: the collection's metatype is made when a route is missed, not per
    /// call (asking the runtime for `[Model].self` is a lookup in its metadata cache).
    var collection = Collection.none

    init() {}

    private init(model: any DecodableModel.Type, collection: Collection) {
        self.model = model
        self.collection = collection
    }

    @inline(__always)
    static func model<Model: DecodableModel>(_: Model.Type) -> RouteHint {
        RouteHint(model: Model.self, collection: .none)
    }

    @inline(__always)
    static func array<Model: DecodableModel>(of _: Model.Type) -> RouteHint {
        RouteHint(model: Model.self, collection: .array)
    }

    @inline(__always)
    static func dictionary<Model: DecodableModel>(of _: Model.Type) -> RouteHint {
        RouteHint(model: Model.self, collection: .dictionary)
    }

    /// The route of `type`, if this hint knows it.
    func route(for type: Any.Type) -> Route? {
        guard let model else { return nil }
        if ObjectIdentifier(model) == ObjectIdentifier(type) { return Route.of(model: model) }
        return Self.collectionRoute(of: model, collection, for: type)
    }

    private static func collectionRoute<Model: DecodableModel>(of _: Model.Type, _ collection: Collection, for type: Any.Type) -> Route? {
        switch collection {
        case .array where ObjectIdentifier([Model].self) == ObjectIdentifier(type): [Model].route
        case .dictionary where ObjectIdentifier([String: Model].self) == ObjectIdentifier(type): [String: Model].route
        default: nil
        }
    }
}

/// The session decoding on this thread, if any: how `KeyedDecodingContainer`'s model
/// overloads, which see only the container, reach it. A decode runs on one thread from
/// start to end (no suspension point inside), so a thread-local is exact; a decode
/// started inside another (a plugin's) restores the outer one when it ends.
enum CurrentSession {
    #if canImport(Darwin) || canImport(Glibc) || canImport(Musl)
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()

    /// Tells this thread's session (if CodableKit is decoding) that `hint`'s types are known.
    @inline(__always)
    static func know(_ hint: @autoclosure () -> RouteHint) {
        guard let pointer = pthread_getspecific(key) else { return }  // JSONDecoder, or no decode
        Unmanaged<DecodingSession>.fromOpaque(pointer)._withUnsafeGuaranteedRef { $0.hint = hint() }
    }

    /// `body`'s result, with `session` as this thread's session while it runs.
    @inline(__always)
    static func with<R>(_ session: DecodingSession, _ body: () throws -> R) rethrows -> R {
        let previous = pthread_getspecific(key)
        pthread_setspecific(key, Unmanaged.passUnretained(session).toOpaque())
        defer { pthread_setspecific(key, previous) }
        return try body()
    }
    #else
    // Without pthreads, nested models are found by conformance checks.
    static func know(_: @autoclosure () -> RouteHint) {}
    static func with<R>(_: DecodingSession, _ body: () throws -> R) rethrows -> R { try body() }
    #endif
}
