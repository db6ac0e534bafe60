/// How a value is written: the one decision both writers follow. The stream encoder
/// (`StreamEncoder`, bytes as values arrive) and the tree encoder (`TreeEncoder`, for what
/// the stream cannot write in order) each carry a step out their own way, never decide it.
///
/// The steps carry no existential: an enum holding one is copied, tested and destroyed
/// through the runtime's value witnesses on every value. What a rare step needs (the
/// transformer, the wrapper) is asked for again where it is carried out.
enum EncodeStep {
    /// A transformer writes it (`EncodingSession.transformer(for:rule:)` says which).
    case transform
    /// The four commonest kernel types, found by identity (a pointer comparison).
    case string(String)
    case int(Int)
    case bool(Bool)
    case double(Double)
    /// Any other kernel type (`Date`, `Data`, `URL`, `Decimal`, integers, …).
    case kernel(any KernelValue.Type)
    /// Its own `encode(to:)` into a nested encoder, then a model class's fields (`info`).
    /// `keepsKeys`: a `[String: V]`, whose keys no key strategy converts.
    case nested(info: ModelInfo?, keepsKeys: Bool)
}

/// What a keyed container does with a member, before the member's value is planned.
enum MemberStep {
    /// Not written at all (an `@Observable` class's registrar).
    case skip
    /// `@Flat` (`FlatWrapper`): its members go into the container's own object.
    case flat
    /// A property wrapper that writes itself under the key (`EncodingWrapper`: `@IgnoredKey`, `@AnyValue`, …).
    case wrapper
    /// The value, planned by `EncodingSession.step` with the property's own transformer
    /// (`EncodingSession.valueRule`).
    case value
}

extension EncodingSession {
    /// The step for `value`. `rule` is the property's own transformer; `transforms` is false
    /// for what a transformer wrote, which is not transformed again (a transformer whose JSON
    /// is its own type would otherwise never end).
    @inline(__always)
    func step<T: Encodable>(for value: T, rule: (any ValueTransformable)?, transforms: Bool = true) -> EncodeStep {
        if rule != nil || (transforms && !transformers.isEmpty && transformers[ObjectIdentifier(T.self)] != nil) { return .transform }
        // Safety (these four): each casts to the very type `T` was just compared equal to.
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return .int(unsafeBitCast(value, to: Int.self)) }
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Double.self { return .double(unsafeBitCast(value, to: Double.self)) }
        switch route(T.self) {
        case let .kernel(kernel): return .kernel(kernel)
        case .stringKeyedDictionary: return .nested(info: nil, keepsKeys: true)
        case let route: return .nested(info: route.modelInfo(of: value), keepsKeys: false)
        }
    }

    /// The transformer of a `.transform` step: the property's rule, else the registered one.
    func transformer<T>(for _: T.Type, rule: (any ValueTransformable)?) -> any ValueTransformable {
        rule ?? transformers[ObjectIdentifier(T.self)]!
    }

    /// The step for member `value` of a keyed container.
    @inline(__always)
    func memberStep<T: Encodable>(for value: T) -> MemberStep {
        switch route(T.self) {
        case .ignored: return .skip
        case .wrapper:
            if value is any FlatWrapper { return .flat }
            if value is any EncodingWrapper { return .wrapper }
            return .value
        default: return .value
        }
    }

    /// The transformer a model described by `info` gives its property `property`, if any.
    @inline(__always)
    func valueRule(for property: String, info: ModelInfo?) -> (any ValueTransformable)? {
        info.flatMap { $0.valueRules.isEmpty ? nil : $0.valueRules[property] }
    }
}

extension KernelValue {
    /// The value `view` shows (a `Self`) written as JSON.
    @inline(__always)
    static func encode(_ view: ValueView, by encoder: TreeEncoder, at path: @autoclosure () -> [any CodingKey]) throws -> EncodedContent {
        try view[as: Self.self].encoded(by: encoder, at: path())
    }

    /// `value` (which is a `Self`) written as JSON.
    @inline(__always)
    static func encode<T>(_ value: T, by encoder: TreeEncoder, at path: @autoclosure () -> [any CodingKey]) throws -> EncodedContent {
        // Safety: called only for the route of `Self` (`EncodeStep.kernel`), so `T` is `Self`.
        try unsafeBitCast(value, to: Self.self).encoded(by: encoder, at: path())
    }
}

extension FieldLayout {
    /// Writes `value`'s fields into `encoder` after its own `encode(to:)`, when `value` is
    /// a model class instance with a layout (`ModelInfo.fields`).
    @inline(__always)
    static func writeFields<T>(of value: T, info: ModelInfo?, into write: (AnyObject, FieldLayout) throws -> Void) rethrows {
        guard let layout = info?.fields else { return }
        // Safety: only a class has a `FieldLayout`, so `T` is a class type: one reference.
        try write(unsafeBitCast(value, to: AnyObject.self), layout)
    }
}
