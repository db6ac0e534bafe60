/// A property read from one of several keys, the first present and non-null
/// winning; a dotted key is a nested path (`"profile.name"`), or, where no such
/// nesting exists, the literal key with a dot in it.
///
/// ```swift
/// static func mappingForKey() -> [KeyMapping]? {
///     [CodingKeys.name <--- ["nick_name", "realName", "profile.name"],
///      CodingKeys.age <--- "stu_age"]
/// }
/// ```
/// Encoding writes the first key (a dotted one as nested objects). The property's
/// own name is still tried last when decoding.
public struct MultiSourceKey: KeyStrategy {
    /// The keys to try, best first.
    public let keys: [String]

    /// Keys to try in order; dotted ones are nested paths.
    public init(_ keys: [String]) {
        self.keys = keys
    }

    /// The keys, whatever the property is called.
    public func decodingKeys(for propertyName: String) -> [String] { keys }

    /// The first key (the property name when there is none).
    public func encodingKey(for propertyName: String) -> String { keys.first ?? propertyName }
}

/// One source key for a property: `CodingKeys.age <--- "stu_age"`.
public func <--- (key: some CodingKey, source: String) -> KeyMapping {
    key <--- MultiSourceKey([source])
}

/// Source keys for a property, best first: `CodingKeys.name <--- ["nick_name", "profile.name"]`.
public func <--- (key: some CodingKey, sources: [String]) -> KeyMapping {
    key <--- MultiSourceKey(sources)
}
