/// A property that a subclass of a model class adds.
///
/// Swift synthesizes no `Codable` for a subclass: it inherits its base class's
/// `init(from:)` and `encode(to:)`, which know only the base class's properties.
/// Declare the properties a subclass adds as `@ModelField`s, and CodableKit fills
/// them after the inherited `init(from:)` returns, from the same JSON object, and
/// writes them after the inherited `encode(to:)`:
///
/// ```swift
/// class Animal: CodableModel { var name = ""; required init() {} }
/// final class Dog: Animal {
///     @ModelField var breed = "mixed"
///     @ModelField("is_good", "good") var good = true           // candidates; the first is written
///     @ModelField("owner.name") var ownerName = ""              // a nested path
///     @ModelField(transformer: DateTransformer(.secondsSince1970)) var born: Date? = nil
/// }
/// ```
/// A field gets every rule a property gets: missing, `null` or unusable values keep
/// the field's initial value (recorded, under the subclass); conversions; key
/// candidates (the first present and not `null` wins; dotted paths allowed; without
/// any, the property name with the model's and the call's key strategies); its
/// transformer, else the call's and app-wide ones; strict mode; `update(from:)`;
/// `didFinishMapping()` runs after the fields are filled. Any depth of inheritance
/// works, and each instance has its own fields.
///
/// Only CodableKit's decoder and encoder fill and write fields: with `JSONDecoder`
/// they keep their initial values, and `JSONEncoder` leaves them out. A field in a
/// type whose `Codable` is synthesized (a base class or a struct) is read and written
/// by that code, under its property name, like any property.
@propertyWrapper
public final class ModelField<Value: Codable> {
    /// The field's value.
    public var wrappedValue: Value
    /// The JSON keys (or dotted paths) to read, best first; the first is written. Empty: the property name.
    let keys: [String]
    /// The field's own transformer, if it has one.
    let transformer: (any ValueTransformable)?
    /// Made by a synthesized `init(from:)` (a field of a type whose `Codable` is
    /// synthesized): that code has read it, so the kernel does not fill it again.
    let isDecodedByContainer: Bool

    /// A field read from and written under the property's name.
    public convenience init(wrappedValue: Value) {
        self.init(value: wrappedValue, keys: [], transformer: nil, isDecodedByContainer: false)
    }

    /// A field read from the first of `keys` that is present and not `null` (dotted
    /// paths allowed), and written under the first.
    public convenience init(wrappedValue: Value, _ keys: String...) {
        self.init(value: wrappedValue, keys: keys, transformer: nil, isDecodedByContainer: false)
    }

    /// A field read and written through `transformer` (its `Object` is `Value`, or
    /// `Value`'s elements), under `keys` or the property's name.
    public convenience init(wrappedValue: Value, _ keys: String..., transformer: any ValueTransformable) {
        self.init(value: wrappedValue, keys: keys, transformer: transformer, isDecodedByContainer: false)
    }

    private init(value: Value, keys: [String], transformer: (any ValueTransformable)?, isDecodedByContainer: Bool) {
        wrappedValue = value
        self.keys = keys
        self.transformer = transformer
        self.isDecodedByContainer = isDecodedByContainer
        if !isDecodedByContainer { FieldCollector.current?.add(self) }
    }
}

extension ModelField: Codable {
    /// Reads the value as any property of type `Value` (used when the enclosing type's
    /// `init(from:)` is synthesized). - Throws: what decoding `Value` throws.
    public convenience init(from decoder: any Decoder) throws {
        self.init(value: try decoder.singleValueContainer().decode(Value.self), keys: [], transformer: nil,
                  isDecodedByContainer: true)
    }

    /// Writes the value as itself. - Throws: what encoding `Value` throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension ModelField: CustomStringConvertible {
    /// The value's description.
    public var description: String { String(describing: wrappedValue) }
}

/// A field, whatever its value type: what the kernel fills and writes.
protocol AnyModelField: AnyObject {
    var keys: [String] { get }
    var transformer: (any ValueTransformable)? { get }
    var isDecodedByContainer: Bool { get }
    /// The value, for initial values and update mode.
    var anyValue: Any { get }
    /// Whether the value is an `Optional` (read and written as `decodeIfPresent`/`encodeIfPresent`).
    var isOptional: Bool { get }
    /// Reads the value for `key` from `container`, with the pipeline's rules.
    func fill(from container: KeyedDecodingContainer<AnyCodingKey>, key: AnyCodingKey, isOptional: Bool) throws
    /// Writes the value under `key`.
    func write(into container: inout KeyedEncodingContainer<AnyCodingKey>, key: AnyCodingKey) throws
    /// `object`, which is a `Self`, as a field (no dynamic cast).
    static func field(_ object: AnyObject) -> any AnyModelField
}

extension ModelField: AnyModelField {
    var anyValue: Any { wrappedValue }

    // Safety: callers pass the box of a `ModelField` of this very type, as the protocol's doc says.
    static func field(_ object: AnyObject) -> any AnyModelField { unsafeDowncast(object, to: Self.self) }

    var isOptional: Bool { Value.self is any OptionalField.Type }

    func fill(from container: KeyedDecodingContainer<AnyCodingKey>, key: AnyCodingKey, isOptional: Bool) throws {
        wrappedValue = try container.decodeProperty(Value.self, forKey: key, isOptional: isOptional)
    }

    func write(into container: inout KeyedEncodingContainer<AnyCodingKey>, key: AnyCodingKey) throws {
        try container.encodeProperty(wrappedValue, forKey: key)
    }
}

extension KeyedDecodingContainer where Key == AnyCodingKey {
    /// A property the kernel fills itself (a field, an observed subclass property), read as
    /// synthesized code reads it: an optional as `decodeIfPresent` (null is nil, an absent key
    /// keeps the value), anything else as `decode`.
    func decodeProperty<Value: Codable>(_: Value.Type, forKey key: AnyCodingKey, isOptional: Bool) throws -> Value {
        if isOptional, let optional = Value.self as? any OptionalField.Type {
            return try optional.decodeIfPresent(from: self, key: key) as! Value  // Value is that Optional
        }
        return try decode(Value.self, forKey: key)
    }
}

extension KeyedEncodingContainer where Key == AnyCodingKey {
    /// Such a property written as synthesized code writes it: an optional as `encodeIfPresent`.
    mutating func encodeProperty<Value: Encodable>(_ value: Value, forKey key: AnyCodingKey) throws {
        if let optional = value as? any OptionalField {
            try optional.encodeIfPresent(into: &self, key: key)
        } else {
            try encode(value, forKey: key)
        }
    }
}

/// Optional fields read and write as synthesized code does an optional property.
protocol OptionalField {
    /// The value (`Self`, as `Any`).
    static func decodeIfPresent(from container: KeyedDecodingContainer<AnyCodingKey>, key: AnyCodingKey) throws -> Any
    func encodeIfPresent(into container: inout KeyedEncodingContainer<AnyCodingKey>, key: AnyCodingKey) throws
}

extension Optional: OptionalField where Wrapped: Codable {
    static func decodeIfPresent(from container: KeyedDecodingContainer<AnyCodingKey>, key: AnyCodingKey) throws -> Any {
        try container.decodeIfPresent(Wrapped.self, forKey: key) as Any
    }

    func encodeIfPresent(into container: inout KeyedEncodingContainer<AnyCodingKey>, key: AnyCodingKey) throws {
        try container.encodeIfPresent(self, forKey: key)
    }
}
