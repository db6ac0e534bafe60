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
