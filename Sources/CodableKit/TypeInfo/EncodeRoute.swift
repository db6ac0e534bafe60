#if canImport(Observation)
import Observation
#endif

/// How a type is written, found once per type: a kernel type (`KernelValue`), a
/// wrapper that decides for itself, a model (with its rules), or any other `Encodable`.
enum EncodeRoute: @unchecked Sendable {  // metatypes and an immutable ModelInfo
    case wrapper
    /// Not written at all: an `@Observable` class's observation registrar.
    case ignored
    case kernel(any KernelValue.Type)
    case model(ModelInfo)
    /// `[String: Value]`, whose keys no key strategy converts.
    case stringKeyedDictionary
    case other

    /// The route of `type`, decided once per process: it depends on the type's
    /// conformances only (a failed conformance check costs thousands of instructions).
    static func of(_ type: Any.Type) -> EncodeRoute {
        cache.value(for: type) { EncodeRoute(type) }
    }

    private static let cache = TypeCache<EncodeRoute>()

    /// The rules `value` is written with, for a model: a class's value may be of a
    /// subclass, with fields of its own.
    func modelInfo<T>(of value: T) -> ModelInfo? {
        guard case let .model(info) = self else { return nil }
        if info.isClass, type(of: value) != T.self {
            if let dynamic = type(of: value) as? any ModelMappable.Type { return ModelInfo.of(dynamic) }
            if info.isObservable { return ModelInfo.observable(type(of: value)) ?? info }
        }
        return info
    }

    private init(_ type: Any.Type) {
        if Self.isObservationRegistrar(type) {
            self = .ignored
        } else if let kernel = type as? any KernelValue.Type {
            self = .kernel(kernel)
        } else if type is any StringKeyedDictionary.Type {
            self = .stringKeyedDictionary
        } else if type is any EncodingWrapper.Type || type is any FlatWrapper.Type {
            self = .wrapper
        } else if let model = type as? any ModelMappable.Type {
            self = .model(ModelInfo.of(model))
        } else if let info = ModelInfo.observable(type) {
            self = .model(info)  // a plain `Codable` `@Observable` class: its declared names
        } else {
            self = .other
        }
    }
}

extension EncodeRoute {
    /// Whether `type` is the Observation macro's registrar, which is never written.
    static func isObservationRegistrar(_ type: Any.Type) -> Bool {
        #if canImport(Observation)
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) { return type == ObservationRegistrar.self }
        #endif
        return false
    }
}

/// `[String: Value]`, told apart by its route.
protocol StringKeyedDictionary {}
extension Dictionary: StringKeyedDictionary where Key == String {}
