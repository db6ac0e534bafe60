import Foundation

/// The `Encoder` behind `ModelEncoder`, `toJSONString()` and friends: it fills an
/// `EncodedNode` tree through the same rules the decoder reads with.
///
/// - Keys: a model's own rule for the property writes its `encodingKey` (a dotted
///   one as nested objects, merged with siblings that share the prefix), else the
///   model-wide rule's, else the first call strategy's, else the property name.
/// - Values: the model's `mappingForValue()` transformer, else a transformer for
///   the type (per call, then app-wide), writes `transformToJSON`; `URL` writes its
///   absolute string, `Decimal` its exact text, `JSONValue` itself.
/// - `@IgnoredKey` properties are left out; `@Flat` ones write into the enclosing
///   object; nil optionals are left out unless `nilAsNull`.
/// - Non-finite floating-point values are an `EncodingError.invalidValue` naming the path.
final class TreeEncoder: Encoder {
    let options: EncodingOptions
    let transformers: [ObjectIdentifier: any ValueTransformable]
    var codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Where the next container writes.
    var node: EncodedNode
    /// The rules of the model whose `encode(to:)` is running, if it is a model.
    var info: ModelInfo?

    init(options: EncodingOptions, transformers: [ObjectIdentifier: any ValueTransformable],
         codingPath: [any CodingKey] = [], node: EncodedNode = EncodedNode(.null), info: ModelInfo? = nil) {
        self.options = options
        self.transformers = transformers
        self.codingPath = codingPath
        self.node = node
        self.info = info
    }

    convenience init(options: EncodingOptions) {
        var transformers = GlobalTransformers.current
        for transformer in options.transformers { transformers[transformer.objectType] = transformer }
        self.init(options: options, transformers: transformers)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = node.content {} else { node.content = .object([]) }
        return KeyedEncodingContainer(TreeKeyedContainer<Key>(encoder: self, object: node, info: info))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = node.content {} else { node.content = .array([]) }
        return TreeUnkeyedContainer(encoder: self, array: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueContainer(encoder: self)
    }

    /// Encodes `value` into a new node, at `path`. `key` names the property, for value rules.
    func encodeValue<T: Encodable>(_ value: T, at path: [any CodingKey], rule: (any ValueTransformable)? = nil) throws -> EncodedNode {
        if let rule { return try encodeTransformed(value, with: rule, at: path) }
        if !transformers.isEmpty, let transformer = transformers[ObjectIdentifier(T.self)] {
            return try encodeTransformed(value, with: transformer, at: path)
        }
        switch value {
        case let string as String: return EncodedNode(.string(string))
        case let bool as Bool: return EncodedNode(.bool(bool))
        case let number as Double: return try EncodedNode(.number(checked(number, at: path)))
        case let number as Float: return try EncodedNode(.number(checked(number, at: path)))
        case let integer as any FixedWidthInteger: return EncodedNode(.number(String(describing: integer)))
        case let json as JSONValue: return EncodedNode.from(json)
        case let url as URL: return EncodedNode(.string(url.absoluteString))
        case let decimal as Decimal:
            guard decimal.isFinite else { throw nonFinite(decimal, at: path) }
            return EncodedNode(.number(decimal.description))
        default:
            let nested = TreeEncoder(options: options, transformers: transformers, codingPath: path,
                                     info: (T.self as? any ModelMappable.Type).map(ModelInfo.of))
            try value.encode(to: nested)
            return nested.node
        }
    }

    private func encodeTransformed<T>(_ value: T, with transformer: any ValueTransformable,
                                      at path: [any CodingKey]) throws -> EncodedNode {
        guard let json = transformer.transformedJSON(value) else { return EncodedNode(.null) }
        return try encodeValue(json, at: path)
    }

    func checked(_ number: Double, at path: [any CodingKey]) throws -> String {
        guard number.isFinite else { throw nonFinite(number, at: path) }
        return JSONNumberFormat.double(number)
    }

    func checked(_ number: Float, at path: [any CodingKey]) throws -> String {
        guard number.isFinite else { throw nonFinite(number, at: path) }
        return JSONNumberFormat.float(number)
    }

    private func nonFinite(_ value: Any, at path: [any CodingKey]) -> EncodingError {
        EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(value) cannot be written as JSON: JSON numbers are finite."))
    }

    /// The JSON key (possibly a dotted path) for a property.
    func key(for property: String, info: ModelInfo?) -> String {
        if let rule = info?.propertyKeyRules[property]?.first { return rule.encodingKey(for: property) }
        if let rule = info?.modelKeyRules.first { return rule.encodingKey(for: property) }
        if let strategy = options.keyStrategies.first { return strategy.encodingKey(for: property) }
        return property
    }
}

extension ValueTransformable {
    /// `transformToJSON` for a value of the transformer's `Object` type (nil for any other).
    func transformedJSON(_ value: Any) -> (any Encodable)? {
        guard let object = value as? Object else { return nil }
        return transformToJSON(object)
    }
}

/// Property wrappers that decide how they are written: `@IgnoredKey` (not at all),
/// `@Flat` (into the enclosing object).
protocol EncodingWrapper {
    /// Writes the wrapper for `key` into `object`, or nothing.
    func encode(into object: EncodedNode, key: String, encoder: TreeEncoder, path: [any CodingKey]) throws
}

struct TreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: TreeEncoder
    let object: EncodedNode
    let info: ModelInfo?

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// Writes `node` under the key for `property`: a dotted key as nested objects.
    private func write(_ node: EncodedNode, forProperty property: String) {
        let key = encoder.key(for: property, info: info)
        guard key.contains(".") else { return object.set(key, node) }
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var target = object
        for part in parts.dropLast() { target = target.objectMember(part) }
        target.set(parts.last!, node)
    }

    func encodeNil(forKey key: Key) {
        write(EncodedNode(.null), forProperty: key.stringValue)
    }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let path = encoder.codingPath + [key]
        if let wrapper = value as? any EncodingWrapper {
            return try wrapper.encode(into: object, key: key.stringValue, encoder: encoder, path: path)
        }
        let rule = info?.valueRules[key.stringValue]
        write(try encoder.encodeValue(value, at: path, rule: rule), forProperty: key.stringValue)
    }

    func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { return try encode(value, forKey: key) }
        if encoder.options.nilAsNull { encodeNil(forKey: key) }
    }

    /// Scalars are written on the spot unless a rule or a transformer could apply to them.
    @inline(__always)
    private func encodeScalar<T: Encodable>(_ value: T, forKey key: Key, _ content: @autoclosure () throws -> EncodedNode.Content) throws {
        if encoder.transformers.isEmpty, info?.valueRules.isEmpty ?? true {
            write(EncodedNode(try content()), forProperty: key.stringValue)
        } else {
            try encode(value, forKey: key)
        }
    }

    func encode(_ value: Bool, forKey key: Key) throws { try encodeScalar(value, forKey: key, .bool(value)) }
    func encode(_ value: String, forKey key: Key) throws { try encodeScalar(value, forKey: key, .string(value)) }
    func encode(_ value: Double, forKey key: Key) throws {
        try encodeScalar(value, forKey: key, .number(try encoder.checked(value, at: codingPath + [key])))
    }
    func encode(_ value: Float, forKey key: Key) throws {
        try encodeScalar(value, forKey: key, .number(try encoder.checked(value, at: codingPath + [key])))
    }
    func encode(_ value: Int, forKey key: Key) throws { try encodeScalar(value, forKey: key, .number(String(value))) }
    func encode(_ value: Int8, forKey key: Key) throws { try encodeScalar(value, forKey: key, .number(String(value))) }
    func encode(_ value: Int16, forKey key: Key) throws { try encodeScalar(value, forKey: key, .number(String(value))) }
    func encode(_ value: Int32, forKey key: Key) throws { try encodeScalar(value, forKey: key, .number(String(value))) }
    func encode(_ value: Int64, forKey key: Key) throws { try encodeScalar(value, forKey: key, .number(String(value))) }
    func encode(_ value: UInt, forKey key: Key) throws { try encodeScalar(value, forKey: key, .number(String(value))) }
    func encode(_ value: UInt8, forKey key: Key) throws { try encodeScalar(value, forKey: key, .number(String(value))) }
    func encode(_ value: UInt16, forKey key: Key) throws { try encodeScalar(value, forKey: key, .number(String(value))) }
    func encode(_ value: UInt32, forKey key: Key) throws { try encodeScalar(value, forKey: key, .number(String(value))) }
    func encode(_ value: UInt64, forKey key: Key) throws { try encodeScalar(value, forKey: key, .number(String(value))) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let node = EncodedNode(.object([]))
        write(node, forProperty: key.stringValue)
        let nested = TreeEncoder(options: encoder.options, transformers: encoder.transformers,
                                 codingPath: encoder.codingPath + [key], node: node)
        return nested.container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let node = EncodedNode(.array([]))
        write(node, forProperty: key.stringValue)
        return TreeUnkeyedContainer(encoder: TreeEncoder(options: encoder.options, transformers: encoder.transformers,
                                                         codingPath: encoder.codingPath + [key], node: node), array: node)
    }

    func superEncoder() -> any Encoder {
        superEncoder(named: "super")
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key.stringValue)
    }

    private func superEncoder(named name: String) -> any Encoder {
        let node = EncodedNode(.null)
        object.set(name, node)
        return TreeEncoder(options: encoder.options, transformers: encoder.transformers,
                           codingPath: encoder.codingPath + [AnyCodingKey(stringValue: name)], node: node)
    }
}

struct TreeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: TreeEncoder
    let array: EncodedNode

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int {
        if case let .array(elements) = array.content { return elements.count }
        return 0
    }

    private var nextPath: [any CodingKey] { encoder.codingPath + [AnyCodingKey(index: count)] }

    mutating func encodeNil() {
        array.append(EncodedNode(.null))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.append(try encoder.encodeValue(value, at: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let node = EncodedNode(.object([]))
        let path = nextPath
        array.append(node)
        return TreeEncoder(options: encoder.options, transformers: encoder.transformers, codingPath: path, node: node)
            .container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let node = EncodedNode(.array([]))
        let path = nextPath
        array.append(node)
        return TreeUnkeyedContainer(encoder: TreeEncoder(options: encoder.options, transformers: encoder.transformers,
                                                         codingPath: path, node: node), array: node)
    }

    mutating func superEncoder() -> any Encoder {
        let node = EncodedNode(.null)
        let path = nextPath
        array.append(node)
        return TreeEncoder(options: encoder.options, transformers: encoder.transformers, codingPath: path, node: node)
    }
}

struct TreeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil() {
        encoder.node.content = .null
    }

    func encode<T: Encodable>(_ value: T) throws {
        encoder.node.content = try encoder.encodeValue(value, at: encoder.codingPath).content
    }
}
