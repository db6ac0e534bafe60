/// ExCodable's subscripts, for a hand-written `init(from:)` and `encode(to:)`: a value by its
/// key, the first of several keys, or a dotted path into nested objects.
///
/// ```swift
/// init(from decoder: any Decoder) throws {
///     id = decoder["id"] ?? 0                         // "27" and 27 both give 27
///     name = decoder["name", "nick_name"] ?? ""       // the first key that gives a value
///     city = decoder["address.city"] ?? ""            // nested objects
///     kind = decoder[CodingKeys.kind] ?? .basic
/// }
/// func encode(to encoder: any Encoder) throws {
///     encoder["id"] = id
///     encoder["address.city"] = city                  // written into {"address": {"city": …}}
/// }
/// ```
/// Reading never throws: a key that is absent, `null` or holds no usable value gives nil, and
/// the next key is tried. A dotted key is read as `DottedPath` reads one (the nested path, then
/// the whole text as one key). A value of another JSON type is converted as CodableKit converts
/// (`JSONValue.converted(to:)`), whichever decoder runs the code; CodableKit's own decoder also
/// applies the model's key rules and transformers, and records what it repaired. Writing a nil
/// leaves the key out; a value that cannot be encoded (a non-finite `Double`) is left out too, as
/// ExCodable leaves it — use a container's `encode(_:forKey:)` where that must be an error.
extension Decoder {
    /// The value of the first of `keys` (each a key or a dotted path) that gives one; nil when none does.
    public subscript<T: Decodable>(keys: String...) -> T? {
        firstValue(DottedPath.readings(of: keys))
    }

    /// The value of the first of `keys` (each a key or a dotted path) that gives one; nil when none does.
    public subscript<T: Decodable>(keys: [String]) -> T? {
        firstValue(DottedPath.readings(of: keys))
    }

    /// The value of the first of `keys` that gives one; nil when none does.
    public subscript<T: Decodable, Key: CodingKey>(keys: Key...) -> T? {
        firstValue(keys.map { [$0] })
    }

    /// The value of the first of `keys` that gives one; nil when none does.
    public subscript<T: Decodable, Key: CodingKey>(keys: [Key]) -> T? {
        firstValue(keys.map { [$0] })
    }

    /// The first value found along one of `paths` (keys of nested objects, the last the value's).
    private func firstValue<T: Decodable, Key: CodingKey>(_ paths: [[Key]]) -> T? {
        guard let root = try? container(keyedBy: Key.self) else { return nil }
        for path in paths {
            guard let last = path.last else { continue }
            // A path whose objects are not all there reaches no value.
            var container: KeyedDecodingContainer<Key>? = root
            for key in path.dropLast() {
                container = try? container?.nestedContainer(keyedBy: Key.self, forKey: key)
            }
            guard let container, container.contains(last) else { continue }
            if let value = try? container.decodeIfPresent(T.self, forKey: last) { return value }
            if let json = try? container.decodeIfPresent(JSONValue.self, forKey: last), let value = json.converted(to: T.self) {
                return value
            }
        }
        return nil
    }
}

extension Encoder {
    /// Writes `newValue` under `key` (a dotted path writes nested objects); nil writes nothing.
    /// Reading it gives nil: the subscript is for writing.
    public subscript<T: Encodable>(key: String) -> T? {
        get { nil }
        nonmutating set {
            guard let newValue else { return }
            try? write(newValue, at: DottedPath(key).codingKeys)
        }
    }

    /// Writes `newValue` under `key`; nil writes nothing. Reading it gives nil: the subscript is for writing.
    public subscript<T: Encodable, Key: CodingKey>(key: Key) -> T? {
        get { nil }
        nonmutating set {
            guard let newValue else { return }
            try? write(newValue, at: [key])
        }
    }

    fileprivate func write<T: Encodable, Key: CodingKey>(_ value: T, at path: [Key]) throws {
        guard let last = path.last else { return }
        var container = container(keyedBy: Key.self)
        for key in path.dropLast() {
            container = container.nestedContainer(keyedBy: Key.self, forKey: key)
        }
        try container.encode(value, forKey: last)
    }
}

/// ReerCodable's helpers for custom coding: `decoder.value(forKeys:)` and `encoder.set(_:forKey:)`.
///
/// ```swift
/// init(from decoder: any Decoder) throws {
///     heightInCentimeters = try decoder.value(forKeys: "height_in_meters", "height") * 100
/// }
/// func encode(to encoder: any Encoder) throws {
///     try encoder.set(heightInCentimeters / 100, forKey: "height_in_meters")
/// }
/// ```
extension Decoder {
    /// The value of the first of `keys` (each a key or a dotted path) that gives one, read as
    /// the subscripts read it.
    /// - Throws: `DecodingError.keyNotFound` for the first key when none gives a value.
    public func value<Value: Decodable>(forKeys keys: String...) throws -> Value {
        if let value: Value = self[keys] { return value }
        let key = AnyCodingKey(stringValue: keys.first ?? "")
        throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                                                   debugDescription: "No value for any of \(keys.map(\.debugDescription).joined(separator: ", "))."))
    }
}

extension Encoder {
    /// Writes `value` under `key`; a dotted key writes nested objects unless `treatDotAsNested` is false.
    /// - Throws: what encoding `value` throws.
    public func set<Value: Encodable>(_ value: Value, forKey key: String, treatDotAsNested: Bool = true) throws {
        try write(value, at: treatDotAsNested ? DottedPath(key).codingKeys : [AnyCodingKey(stringValue: key)])
    }
}

extension DottedPath {
    /// The coding keys of the components (the path written, nested).
    var codingKeys: [AnyCodingKey] { keys.map { AnyCodingKey(stringValue: $0) } }

    /// Each of `keys` as the paths it is read from, in order: its components, then, for a
    /// dotted key, the whole text as one literal key.
    static func readings(of keys: [String]) -> [[AnyCodingKey]] {
        keys.flatMap { key in
            let path = DottedPath(key)
            return path.isNested ? [path.codingKeys, [AnyCodingKey(stringValue: key)]] : [path.codingKeys]
        }
    }
}
