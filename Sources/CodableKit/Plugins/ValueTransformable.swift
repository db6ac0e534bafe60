/// A two-way conversion between a JSON value and a Swift type: the plugin behind
/// date, base64, URL and colour transformers, and your own — prices sent as amounts
/// (`4.99`, `"4.99"`, `5`) kept as whole cents:
///
/// ```swift
/// struct Cents: Codable, Equatable { var value: Int }
///
/// struct CentsTransformer: ValueTransformable {
///     func transformFromJSON(_ value: JSONValue) -> Cents? {
///         value.converted(to: Double.self).map { Cents(value: Int(($0 * 100).rounded())) }   // the kernel's conversions
///     }
///
///     func transformToJSON(_ value: Cents) -> Double? {
///         Double(value.value) / 100
///     }
/// }
/// ```
/// The plugin guide (<doc:WritingPlugins>) tells the rest; which setting wins when a
/// property, a call and the app each have one: <doc:DecodingPipeline#Which-setting-wins>.
///
/// Returning nil from `transformFromJSON` is recorded as `transformFailed` and
/// the property falls back to its initial value; returning nil from
/// `transformToJSON` leaves the value to its own `Encodable` (how a decode-only
/// transformer writes), and is an `EncodingError.invalidValue` naming the property
/// only when the value is not `Encodable`.
/// Mapped onto a collection property (`[Date]`, `[String: Date]`, `Set`, `Date?`
/// elements), a transformer applies to each element, both ways.
public protocol ValueTransformable<Object>: Sendable {
    /// The Swift type the transformer produces.
    associatedtype Object
    /// The JSON form written when encoding.
    associatedtype JSON: Encodable
    /// The Swift value for a JSON value, or nil when it cannot be read.
    func transformFromJSON(_ value: JSONValue) -> Object?
    /// The JSON to write for a value, or nil to leave it to the value's own `Encodable`.
    func transformToJSON(_ value: Object) -> JSON?
}

extension ValueTransformable {
    /// The identity of `Object`, under which the transformer is registered by type.
    package var objectType: ObjectIdentifier { ObjectIdentifier(Object.self) }

    /// `transformFromJSON` as `T`, for the kernel's dispatch: nil when the transformer
    /// gives nil or its `Object` is not `T` (nor `T`'s wrapped type).
    func transformedValue<T>(_ value: JSONValue, as _: T.Type) -> T? {
        transformFromJSON(value).flatMap { $0 as? T }
    }

    /// `transformToJSON` for a value of any type: nil when the value is not an
    /// `Object`; `.some(nil)` when the transformer could not write it.
    func transformedJSON(_ value: Any) -> (any Encodable)?? {
        guard let object = value as? Object else { return nil }
        return .some(transformToJSON(object))
    }
}

/// A transformer for one property of a model.
///
/// ```swift
/// static func mappingForValue() -> [ValueMapping]? {
///     [CodingKeys.birthday <--- DateTransformer(.iso8601)]
/// }
/// ```
public struct ValueMapping: Sendable {
    /// The property (its coding key's `stringValue`).
    public var propertyName: String
    /// The transformer for the property.
    public var transformer: any ValueTransformable

    /// A transformer for one property (its coding key's `stringValue`).
    public init(propertyName: String, transformer: any ValueTransformable) {
        self.propertyName = propertyName
        self.transformer = transformer
    }
}

/// A transformer for one property: `CodingKeys.birthday <--- DateTransformer(.iso8601)`.
public func <--- (key: some CodingKey, transformer: some ValueTransformable) -> ValueMapping {
    ValueMapping(propertyName: key.stringValue, transformer: transformer)
}
