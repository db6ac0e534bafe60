/// Reads the value each coding key is written with, by running a value's
/// `encode(to:)` against an encoder that keeps what the top-level keyed container is
/// given (not encoded: the values themselves). This is how a model's initial values
/// are found by coding key whatever its properties are called (`case count = "n"`).
/// Nested containers, unkeyed and single-value ones are accepted and ignored.
final class KeyRecorder: Encoder {
    /// The values written, in order; an optional written as absent is recorded as nil.
    fileprivate(set) var entries: [(key: String, value: Any)] = []
    /// For each key whose value's nilness the container saw statically (`encodeNil`,
    /// `encodeIfPresent`, a non-optional scalar): whether it is nil. The first write wins.
    fileprivate(set) var nilness: [String: Bool] = [:]
    let codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// Only the top-level container records.
    private var isRoot = true

    /// The values `model`'s `encode(to:)` writes for `value` (a `model`) under each key of
    /// its top-level object; what it wrote before throwing, if it throws; nothing for a
    /// decode-only model.
    static func entries(of value: Any, model: any DecodableModel.Type) -> [(key: String, value: Any)] {
        recording(value, model: model).entries
    }

    /// Whether the value written under each key is nil, for the keys where that is known
    /// without a cast (see `nilness`).
    static func nilness(of value: Any, model: any DecodableModel.Type) -> [String: Bool] {
        recording(value, model: model).nilness
    }

    /// The values written, by key (the first value written for a key).
    static func values(of value: Any, model: any DecodableModel.Type) -> [String: Any] {
        Dictionary(entries(of: value, model: model), uniquingKeysWith: { first, _ in first })
    }

    private static func recording(_ value: Any, model: any DecodableModel.Type) -> KeyRecorder {
        let recorder = KeyRecorder()
        _ = try? model._writeInitialValue(value, to: recorder)
        return recorder
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        let recording = isRoot
        isRoot = false
        return KeyedEncodingContainer(RecordingContainer<Key>(recorder: recording ? self : nil))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        isRoot = false
        return IgnoringUnkeyedContainer()
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        isRoot = false
        return IgnoringSingleValueContainer()
    }
}

private struct RecordingContainer<Key: CodingKey>: WideIntegerKeyedEncoding {
    let recorder: KeyRecorder?
    var codingPath: [any CodingKey] { [] }

    private func record<T>(_ value: T, _ key: Key, isNil: Bool? = false) {
        guard let recorder else { return }
        recorder.entries.append((key.stringValue, value))
        if let isNil, recorder.nilness[key.stringValue] == nil { recorder.nilness[key.stringValue] = isNil }
    }

    mutating func encodeNil(forKey key: Key) throws { record(Optional<Any>.none, key, isNil: true) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { record(value, key, isNil: nil) }  // T may be an Optional
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: String, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { record(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { record(value, key) }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { record(value, key, isNil: value == nil) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { record(value, key, isNil: value == nil) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RecordingContainer<NestedKey>(recorder: nil))
    }
    mutating func nestedUnkeyedContainer(forKey _: Key) -> any UnkeyedEncodingContainer { IgnoringUnkeyedContainer() }
    mutating func superEncoder() -> any Encoder { IgnoringEncoder() }
    mutating func superEncoder(forKey _: Key) -> any Encoder { IgnoringEncoder() }
}

struct IgnoringEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RecordingContainer<Key>(recorder: nil))
    }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { IgnoringUnkeyedContainer() }
    func singleValueContainer() -> any SingleValueEncodingContainer { IgnoringSingleValueContainer() }
}

struct IgnoringUnkeyedContainer: WideIntegerUnkeyedEncoding {
    var codingPath: [any CodingKey] { [] }
    var count = 0
    mutating func encodeNil() throws { count += 1 }
    mutating func encode<T: Encodable>(_ value: T) throws { count += 1 }
    mutating func encode(_ value: Bool) throws { count += 1 }
    mutating func encode(_ value: String) throws { count += 1 }
    mutating func encode(_ value: Double) throws { count += 1 }
    mutating func encode(_ value: Float) throws { count += 1 }
    mutating func encode(_ value: Int) throws { count += 1 }
    mutating func encode(_ value: Int8) throws { count += 1 }
    mutating func encode(_ value: Int16) throws { count += 1 }
    mutating func encode(_ value: Int32) throws { count += 1 }
    mutating func encode(_ value: Int64) throws { count += 1 }
    mutating func encode(_ value: UInt) throws { count += 1 }
    mutating func encode(_ value: UInt8) throws { count += 1 }
    mutating func encode(_ value: UInt16) throws { count += 1 }
    mutating func encode(_ value: UInt32) throws { count += 1 }
    mutating func encode(_ value: UInt64) throws { count += 1 }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        KeyedEncodingContainer(RecordingContainer<NestedKey>(recorder: nil))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { IgnoringUnkeyedContainer() }
    mutating func superEncoder() -> any Encoder { IgnoringEncoder() }
}

struct IgnoringSingleValueContainer: WideIntegerSingleValueEncoding {
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() throws {}
    mutating func encode<T: Encodable>(_ value: T) throws {}
    mutating func encode(_ value: Bool) throws {}
    mutating func encode(_ value: String) throws {}
    mutating func encode(_ value: Double) throws {}
    mutating func encode(_ value: Float) throws {}
    mutating func encode(_ value: Int) throws {}
    mutating func encode(_ value: Int8) throws {}
    mutating func encode(_ value: Int16) throws {}
    mutating func encode(_ value: Int32) throws {}
    mutating func encode(_ value: Int64) throws {}
    mutating func encode(_ value: UInt) throws {}
    mutating func encode(_ value: UInt8) throws {}
    mutating func encode(_ value: UInt16) throws {}
    mutating func encode(_ value: UInt32) throws {}
    mutating func encode(_ value: UInt64) throws {}
}
