#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The containers of a `TreeEncoder`: each writes into its encoder's `EncodedContent`.
struct TreeKeyedContainer<Key: CodingKey>: NilAsNullForOptionalScalars, WideIntegerKeyedEncoding {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    /// The object that member `property` goes in, and its JSON key there: the key a rule
    /// gives it (converted by `keyEncodingStrategy`), a dotted key's leading parts as
    /// nested objects.
    @inline(__always)
    private func place(_ property: String) -> (object: TreeEncoder, key: String) {
        guard let key = encoder.session.jsonKey(for: property, info: encoder.info, keepsKeys: encoder.keepsKeys, path: codingPath) else {
            return (encoder, property)  // no rule: the property name, which has no dots
        }
        guard DottedPath.isNested(key) else { return (encoder, key) }
        let parts = DottedPath(key).keys
        var target = encoder
        for part in parts.dropLast() { target = target.containerMember(part, pathKey: AnyCodingKey(stringValue: part), object: true) }
        return (target, parts.last!)
    }

    /// Writes `content` under the key for `property`.
    @inline(__always)
    private func write(_ content: EncodedContent, forProperty property: String) {
        let (object, key) = place(property)
        object.append(key, content)
    }

    func encodeNil(forKey key: Key) {
        write(.null, forProperty: key.stringValue)
    }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        switch encoder.session.memberStep(for: value) {
        case .skip: return
        case .flat: return try (value as! any FlatWrapper).encodeFlattened(into: encoder)
        case .wrapper:
            var container = self
            return try (value as! any EncodingWrapper).encode(into: &container, forKey: key)
        case .value:
            let name = key.stringValue
            let rule = encoder.session.valueRule(for: name, info: encoder.info)
            write(try encoder.encodeValue(value, at: codingPath + [key], key: .key(name), rule: rule), forProperty: name)
        }
    }

    func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { return try encode(value, forKey: key) }
        if encoder.session.options.nilAsNull { encodeNil(forKey: key) }
    }

    /// Scalars are written on the spot unless a rule or a transformer could apply to them.
    @inline(__always)
    private func encodeScalar<T: Encodable>(_ value: T, forKey key: Key, _ content: @autoclosure () throws -> EncodedContent) throws {
        if encoder.session.transformers.isEmpty, encoder.info?.valueRules.isEmpty ?? true {
            write(try content(), forProperty: key.stringValue)
        } else {
            try encode(value, forKey: key)
        }
    }

    func encode(_ value: Bool, forKey key: Key) throws { try encodeScalar(value, forKey: key, .bool(value)) }
    func encode(_ value: String, forKey key: Key) throws { try encodeScalar(value, forKey: key, .string(value)) }
    func encode(_ value: Double, forKey key: Key) throws {
        try encodeScalar(value, forKey: key, try value.encoded(by: encoder, at: codingPath + [key]))
    }
    func encode(_ value: Float, forKey key: Key) throws {
        try encodeScalar(value, forKey: key, try value.encoded(by: encoder, at: codingPath + [key]))
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
        let (object, name) = place(key.stringValue)
        return object.containerMember(name, pathKey: key, object: true).container(keyedBy: keyType)
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let (object, name) = place(key.stringValue)
        return TreeUnkeyedContainer(encoder: object.containerMember(name, pathKey: key, object: false))
    }

    func superEncoder() -> any Encoder {
        superEncoder(named: "super", pathKey: AnyCodingKey(stringValue: "super"))
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key.stringValue, pathKey: key)
    }

    /// An encoder for member `name` (under the key rules and `keyEncodingStrategy`, as
    /// `JSONEncoder` converts a super key); `{}` if nothing is written through it. Its
    /// coding path ends with the caller's own key (its `intValue` too), as `JSONEncoder`'s does.
    private func superEncoder(named name: String, pathKey: any CodingKey) -> any Encoder {
        let (object, key) = place(name)
        let child = TreeEncoder(session: object.session, codingPath: object.codingPath + [pathKey])
        object.append(key, .node(child))
        return child
    }
}

struct TreeUnkeyedContainer: WideIntegerUnkeyedEncoding {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int {
        if case let .array(elements) = encoder.content { return elements.count }
        return 0
    }

    private var nextPath: [any CodingKey] { encoder.codingPath + [AnyCodingKey(index: count)] }

    mutating func encodeNil() {
        encoder.append(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.append(try encoder.encodeValue(value, at: nextPath, key: .index(count)))
    }

    /// Scalars are written on the spot unless a transformer could apply to them.
    @inline(__always)
    private func encodeScalar<T: Encodable>(_ value: T, _ content: @autoclosure () throws -> EncodedContent) throws {
        if encoder.session.transformers.isEmpty {
            encoder.append(try content())
        } else {
            encoder.append(try encoder.encodeValue(value, at: nextPath, key: .index(count)))
        }
    }

    mutating func encode(_ value: Bool) throws { try encodeScalar(value, .bool(value)) }
    mutating func encode(_ value: String) throws { try encodeScalar(value, .string(value)) }
    mutating func encode(_ value: Double) throws { try encodeScalar(value, try value.encoded(by: encoder, at: nextPath)) }
    mutating func encode(_ value: Float) throws { try encodeScalar(value, try value.encoded(by: encoder, at: nextPath)) }
    mutating func encode(_ value: Int) throws { try encodeScalar(value, .number(String(value))) }
    mutating func encode(_ value: Int8) throws { try encodeScalar(value, .number(String(value))) }
    mutating func encode(_ value: Int16) throws { try encodeScalar(value, .number(String(value))) }
    mutating func encode(_ value: Int32) throws { try encodeScalar(value, .number(String(value))) }
    mutating func encode(_ value: Int64) throws { try encodeScalar(value, .number(String(value))) }
    mutating func encode(_ value: UInt) throws { try encodeScalar(value, .number(String(value))) }
    mutating func encode(_ value: UInt8) throws { try encodeScalar(value, .number(String(value))) }
    mutating func encode(_ value: UInt16) throws { try encodeScalar(value, .number(String(value))) }
    mutating func encode(_ value: UInt32) throws { try encodeScalar(value, .number(String(value))) }
    mutating func encode(_ value: UInt64) throws { try encodeScalar(value, .number(String(value))) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = encoder.stored(AnyCodingKey(index: count), content: .object([]))
        encoder.append(.node(child))
        return child.container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = encoder.stored(AnyCodingKey(index: count), content: .array([]))
        encoder.append(.node(child))
        return TreeUnkeyedContainer(encoder: child)
    }

    mutating func superEncoder() -> any Encoder {
        let child = encoder.stored(AnyCodingKey(index: count), content: .null)
        encoder.append(.node(child))
        return child
    }
}

struct TreeSingleValueContainer: WideIntegerSingleValueEncoding {
    let encoder: TreeEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    func encodeNil() {
        encoder.content = .null
        encoder.wroteValue = true
    }

    func encode<T: Encodable>(_ value: T) throws {
        encoder.content = try encoder.encodeValue(value, at: encoder.codingPath)
        encoder.wroteValue = true
    }
}
