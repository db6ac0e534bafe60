// The seed libraries' names for what CodableKit spells otherwise. Where the meaning is the same,
// the seed's name compiles, deprecated, and Xcode's fix-it renames it; where CodableKit has no
// such feature (a macro, a wrapper that would need one), the name is unavailable, and the
// compiler's message says what to write instead. The migration articles list them all.

// MARK: Same meaning, CodableKit's name

/// SmartCodable's model protocol.
@available(*, deprecated, renamed: "CodableModel")
public typealias SmartCodable = CodableModel
/// SmartCodable's decode-only model protocol.
@available(*, deprecated, renamed: "DecodableModel")
public typealias SmartDecodable = DecodableModel
/// SmartCodable's encode-only model protocol.
@available(*, deprecated, renamed: "EncodableModel")
public typealias SmartEncodable = EncodableModel
/// ExCodable's model protocol (its `@ExCodable` properties are key mappings here).
@available(*, deprecated, renamed: "CodableModel")
public typealias ExAutoCodable = CodableModel
/// SmartCodable's ignored property.
@available(*, deprecated, renamed: "IgnoredKey")
public typealias SmartIgnored = IgnoredKey
/// ReerCodable's ignored property.
@available(*, deprecated, renamed: "IgnoredKey")
public typealias CodingIgnored = IgnoredKey
/// SmartCodable's flattened property.
@available(*, deprecated, renamed: "Flat")
public typealias SmartFlat = Flat

extension DecodingLog {
    /// SmartCodable's `SmartSentinel.debugMode`.
    @available(*, deprecated, renamed: "level")
    public static var debugMode: Level {
        get { level }
        set { level = newValue }
    }

    /// SmartCodable's `SmartSentinel.onLogGenerated`: each report's text.
    @available(*, deprecated, message: "use DecodingLog.onReport, which gives the report itself")
    public static func onLogGenerated(_ handler: @escaping @Sendable (String) -> Void) {
        onReport { handler($0.description) }
    }
}

/// SmartCodable's log settings.
@available(*, deprecated, renamed: "DecodingLog")
public typealias SmartSentinel = DecodingLog

// MARK: No such feature: what to write instead

/// ReerCodable's `@EncodingKey`.
@available(*, unavailable, message: "CodableKit writes the first mapped key: list the key to write first, `CodingKeys.name <--- [\"name\", \"user_name\"]` in mappingForKey()")
@propertyWrapper
public struct EncodingKey<Value> {
    /// Never made.
    public var wrappedValue: Value
    /// Never made.
    public init(wrappedValue: Value, _ key: String) { self.wrappedValue = wrappedValue }
}

/// ReerCodable's `@CustomCoding`.
@available(*, unavailable, message: "write the property's rule as a transformer in mappingForValue() (`CodingKeys.height <--- FastTransformer<Double, Double>(fromJSON: { $0.map { $0 * 100 } }, toJSON: { $0.map { $0 / 100 } })`), or the model's own init(from:) with `decoder.value(forKeys:)`")
@propertyWrapper
public struct CustomCoding<Value> {
    /// Never made.
    public var wrappedValue: Value
    /// Never made.
    public init(wrappedValue: Value, _ rule: Any) { self.wrappedValue = wrappedValue }
}

/// ReerCodable's `@DateCoding`.
@available(*, unavailable, message: "give the property a DateTransformer in mappingForValue(): `CodingKeys.date <--- DateTransformer(.iso8601)` (import CodableKitTransformers)")
@propertyWrapper
public struct DateCoding<Value> {
    /// Never made.
    public var wrappedValue: Value
    /// Never made.
    public init(wrappedValue: Value, _ strategy: Any) { self.wrappedValue = wrappedValue }
}

/// CodableWrapper's `@CodingNestedKey`.
@available(*, unavailable, message: "map the property to a dotted path in mappingForKey(): `CodingKeys.hi <--- \"nested.hi\"`")
@propertyWrapper
public struct CodingNestedKey<Value> {
    /// Never made.
    public var wrappedValue: Value
    /// Never made.
    public init(wrappedValue: Value, _ keys: String...) { self.wrappedValue = wrappedValue }
}

/// CodableWrapper's `@CodingTransformer`.
@available(*, unavailable, message: "give the property its transformer in mappingForValue(): `CodingKeys.time <--- FastTransformer<Date, Double>(…)`; its type must be Codable")
@propertyWrapper
public struct CodingTransformer<Value> {
    /// Never made.
    public var wrappedValue: Value
    /// Never made.
    public init(wrappedValue: Value, _ transformer: Any) { self.wrappedValue = wrappedValue }
}

/// ExCodable's `@ExCodable`.
@available(*, unavailable, message: "CodableKit reads every property of a CodableModel: drop the wrapper, and map its keys in mappingForKey() (`CodingKeys.string <--- [\"string\", \"s\", \"nested.nested.string\"]`)")
@propertyWrapper
public struct ExCodable<Value> {
    /// Never made.
    public var wrappedValue: Value
    /// Never made.
    public init(wrappedValue: Value, _ keys: String...) { self.wrappedValue = wrappedValue }
}

/// SmartCodable's `@SmartPublished` (Combine, Apple platforms only).
@available(*, unavailable, message: "make the model an @Observable final class (Observation, every platform): `@Observable final class User: CodableModel { var name = \"\" }`")
@propertyWrapper
public struct SmartPublished<Value> {
    /// Never made.
    public var wrappedValue: Value
    /// Never made.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

/// ReerCodable's `@Base64Coding`.
@available(*, unavailable, message: "declare the property as Data: CodableKit reads and writes Data as base64 (`[UInt8](data)` gives its bytes)")
@propertyWrapper
public struct Base64Coding<Value> {
    /// Never made.
    public var wrappedValue: Value
    /// Never made.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

/// ReerCodable's `@CompactDecoding`.
@available(*, unavailable, message: "drop the wrapper: CodableKit leaves a null element out of an array or set already (and records it)")
@propertyWrapper
public struct CompactDecoding<Value> {
    /// Never made.
    public var wrappedValue: Value
    /// Never made.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}
