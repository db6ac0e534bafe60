/// The `Encoder` a declared model's `encode(to:)` runs against once, with a real value, to
/// learn its encode plan: what each member call is given, under which key. It writes nothing.
/// Anything but one keyed container with plain member calls (a nested container, a second
/// container, `superEncoder`, `encodeNil`, a key written twice) refuses the plan.
final class EncodeProbe: Encoder {
    struct Call {
        let key: String
        /// The type given (for `encodeIfPresent`, the wrapped type).
        let slot: any EncodeSlotting.Type
        let ifPresent: Bool
        let isNil: Bool
        /// The value's bytes, for scalars: checked against the property's (a value the code
        /// made rather than passed on shows there).
        let bytes: [UInt8]?
    }

    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    fileprivate(set) var calls: [Call] = []
    fileprivate(set) var refused = false
    fileprivate(set) var containers = 0

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        containers += 1
        return KeyedEncodingContainer(EncodeProbeContainer<Key>(probe: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        refused = true
        return IgnoringUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        refused = true
        return IgnoringSingleValueContainer()
    }

    fileprivate func record<T: Encodable>(_ value: T?, key: String, ifPresent: Bool) {
        if calls.contains(where: { $0.key == key }) { refused = true }
        let scalar = T.self == String.self || T.self == Int.self || T.self == Bool.self || T.self == Double.self
            || T.self == Float.self || T.self is any PlannedInteger.Type
        // Safety: the value's bytes are copied out while it is alive (scalars: no padding, no references).
        let bytes = scalar ? value.map { withUnsafeBytes(of: $0) { Array($0) } } : nil
        calls.append(Call(key: key, slot: EncodeSlot<T>.self, ifPresent: ifPresent, isNil: value == nil, bytes: bytes))
    }
}

private struct EncodeProbeContainer<Key: CodingKey>: WideIntegerKeyedEncoding {
    let probe: EncodeProbe
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey _: Key) throws { probe.refused = true }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: String, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: Double, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: Float, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: Int, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: false) }
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { probe.record(value, key: key.stringValue, ifPresent: true) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key) -> KeyedEncodingContainer<NestedKey> {
        probe.refused = true
        return IgnoringEncoder().container(keyedBy: NestedKey.self)
    }

    mutating func nestedUnkeyedContainer(forKey _: Key) -> any UnkeyedEncodingContainer {
        probe.refused = true
        return IgnoringUnkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        probe.refused = true
        return IgnoringEncoder()
    }

    mutating func superEncoder(forKey _: Key) -> any Encoder {
        probe.refused = true
        return IgnoringEncoder()
    }
}
