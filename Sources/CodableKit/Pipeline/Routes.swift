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

    init(_ type: Any.Type) {
        if let wrapper = type as? any SlotDecodable.Type {
            self = .wrapper(wrapper)
        } else if let scalar = type as? any ScalarValue.Type {
            self = .scalar(scalar)
        } else if let kernel = type as? any KernelDecodable.Type {
            self = .kernel(kernel)
        } else if let model = type as? any DecodableModel.Type {
            self = .model(model, ModelInfo.of(model))
        } else if let info = ModelInfo.observable(type) {
            self = .observable(info)
        } else {
            self = .plain
        }
    }
}

extension Route {
    /// The route of `type`, decided once per process: it depends on the type's
    /// conformances only, never on options.
    static func of(_ type: Any.Type) -> Route {
        cache.value(for: type) { Route(type) }
    }

    private static let cache = TypeCache<Route>()
}

extension DecodingSession {
    @inline(__always)
    func route<T>(_: T.Type) -> Route {
        routes.pointer.pointee.value(for: ObjectIdentifier(T.self)) { Route.of(T.self) }
    }
}

// Calls through an opened metatype return `Self`, which is the `T` the caller
// asked for (the route was made from `T`); the bit cast states that without a
// dynamic cast.

extension KernelDecodable {
    @inline(__always)
    static func decode<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int) throws -> T {
        unsafeBitCast(try decode(with: decoder, at: node), to: T.self)
    }
}

extension ScalarValue {
    /// This scalar for a property, as `T` (which is `Self`).
    @inline(__always)
    static func property<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int, slot: Slot) throws -> T {
        unsafeBitCast(try propertyValue(with: decoder, at: node, slot: slot), to: T.self)
    }

    /// An array of this scalar type, returned as `T` (which is `[Self]`).
    @inline(__always)
    static func decodeArray<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int) throws -> T {
        unsafeBitCast(try readArray(with: decoder, at: node), to: T.self)
    }
}

extension SlotDecodable {
    @inline(__always)
    static func decode<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int?, slot: Slot) throws -> T {
        unsafeBitCast(try decode(with: decoder, at: node, slot: slot), to: T.self)
    }
}

extension DecodableModel {
    /// `didFinishMapping()` on `value`, which is a `Self`, in place.
    @inline(__always)
    static func finishMapping<T>(_ value: inout T) {
        withUnsafeMutablePointer(to: &value) { pointer in
            UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: Self.self).pointee.didFinishMapping()
        }
    }
}
