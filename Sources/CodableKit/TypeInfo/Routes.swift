/// How the pipeline decodes a type, decided once per type per decode (the
/// runtime's conformance checks and casts cost more than the decoding they select).
enum Route: @unchecked Sendable {  // metatypes and an immutable ModelInfo
    /// `@IgnoredKey`, `@Flat`: decided from the property, not only its value.
    case wrapper(any SlotDecodable.Type)
    /// `Int`, `String`, `Double`, `Bool`…: read directly, converted if need be.
    case scalar(any ScalarValue.Type)
    /// Collections, `Optional`, `JSONValue`, `URL`, `Decimal`, `@AnyValue`.
    case kernel(any KernelDecodable.Type)
    /// A `DecodableModel`, with its rules.
    case model(any DecodableModel.Type, ModelInfo)
    /// An `@Observable` class that is not a model: its own `init(from:)`, its
    /// properties read by their declared names.
    case observable(ModelInfo)
    /// Any other `Decodable`: its own `init(from:)`.
    case plain

    /// Each conformance check is a scan of every conformance record in the process the
    /// first time it is asked for a type (on platforms without a precomputed table), so
    /// the route takes at most two: one for every kernel type and wrapper, one for a model.
    init(_ type: Any.Type) {
        if let routed = type as? any RoutedType.Type {
            self = routed.route
        } else if let model = type as? any DecodableModel.Type {
            self = .model(model, ModelInfo.of(model: model))
        } else if let info = ModelInfo.observable(type) {
            self = .observable(info)
        } else {
            self = .plain
        }
    }
}

/// The kernel's own types and wrappers, found with one conformance check: each says
/// its route (the refining protocols' extensions give it).
protocol RoutedType {
    static var route: Route { get }
}

extension KernelDecodable {
    static var route: Route { .kernel(Self.self) }
}

extension ScalarValue {
    static var route: Route { .scalar(Self.self) }
}

extension SlotDecodable {
    static var route: Route { .wrapper(Self.self) }
}

extension Route {
    /// The route of `type`, decided once per process: it depends on the type's
    /// conformances only, never on options; from `hint` when it knows the type (no
    /// conformance check then).
    static func of(_ type: Any.Type, hint: RouteHint = RouteHint()) -> Route {
        cache.value(for: type) { hint.route(for: type) ?? Route(type) }
    }

    /// The route of `model`, known statically to be a model: no conformance check.
    static func of<Model: DecodableModel>(model: Model.Type) -> Route {
        cache.value(for: Model.self) { .model(Model.self, ModelInfo.of(model: Model.self)) }
    }

    /// The commonest kernel types (scalars and `JSONValue`, their optionals, arrays and
    /// string-keyed dictionaries) known from the start: each would otherwise cost a
    /// conformance check (a scan of every record) in the process's first decode.
    private static let cache = TypeCache<Route>(known: {
        var known = TypeTable<Route>()
        for type: any (KernelDecodable & Decodable).Type in [String.self, Int.self, Double.self, Bool.self, Int64.self,
                                                            Float.self, JSONValue.self] {
            addKnownRoutes(type, to: &known)
        }
        return known
    }())

    /// `Value`'s routes and those of its optional, array and string-keyed dictionary.
    /// Kept from being specialized: specialized for `String`, it names `[String: String]`
    /// by its mangled name, whose `String: Hashable` the runtime finds by a scan of
    /// every conformance record; generic, the conformance is passed to it.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    private static func addKnownRoutes<Value: KernelDecodable & Decodable>(_: Value.Type,
                                                                         to known: inout TypeTable<Route>) {
        _ = known.add(Value.route, for: ObjectIdentifier(Value.self))
        _ = known.add(Value?.route, for: ObjectIdentifier(Value?.self))
        _ = known.add([Value].route, for: ObjectIdentifier([Value].self))
        _ = known.add([String: Value].route, for: ObjectIdentifier([String: Value].self))
    }
}

// Calls through an opened metatype return `Self`, which is the `T` the caller
// asked for (the route was made from `T`); the bit cast states that without a
// dynamic cast.

extension KernelDecodable {
    @inline(__always)
    static func decode<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int) throws -> T {
        // Safety: a route of `Self` is used only to decode `T == Self` (`Route.of`).
        unsafeBitCast(try decode(with: decoder, at: node), to: T.self)
    }
}

extension ScalarValue {
    /// This scalar for a property, as `T` (which is `Self`).
    @inline(__always)
    static func property<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int, site: PropertySite) throws -> T {
        // Safety: a route of `Self` is used only to decode `T == Self` (`Route.of`).
        unsafeBitCast(try propertyValue(with: decoder, at: node, site: site), to: T.self)
    }

    /// An array of this scalar type, returned as `T` (which is `[Self]`).
    @inline(__always)
    static func decodeArray<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int) throws -> T {
        // Safety: used only where `T` is `[Self]` (the array route of `Self`).
        unsafeBitCast(try readArray(with: decoder, at: node), to: T.self)
    }
}

extension SlotDecodable {
    @inline(__always)
    static func decode<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int?, site: PropertySite) throws -> T {
        // Safety: a route of `Self` is used only to decode `T == Self` (`Route.of`).
        unsafeBitCast(try decode(with: decoder, at: node, site: site), to: T.self)
    }
}

extension DecodableModel {
    /// `didFinishMapping()` on the `Self` at `value`, in place.
    @inline(__always)
    static func finishMapping(at value: UnsafeMutableRawPointer) {
        // Safety: `value` is the place of a whole `Self` (`DocumentDecoder.finishModel`'s callers say so).
        value.assumingMemoryBound(to: Self.self).pointee.didFinishMapping()
    }

    /// `didFinishMapping()`, then `didDecode(from: decoder)`, on the `Self` at `value`, in place.
    @inline(__always)
    static func finishDecoding(at value: UnsafeMutableRawPointer, from decoder: any Decoder) throws {
        // Safety: `value` is the place of a whole `Self` (`DocumentDecoder.finishModel`'s callers say so).
        let model = value.assumingMemoryBound(to: Self.self)
        // Safety: as above.
        model.pointee.didFinishMapping()
        // Safety: as above.
        try model.pointee.didDecode(from: decoder)
    }
}
