/// A rule that names the JSON key of a property: the plugin behind naming
/// conventions (`.snakeCase`) and multi-source keys.
///
/// ```swift
/// struct Prefixed: KeyStrategy {
///     func decodingKeys(for propertyName: String) -> [String] { ["x_" + propertyName] }
///     func encodingKey(for propertyName: String) -> String { "x_" + propertyName }
/// }
/// let user = User.deserialize(from: json, options: .init(keyStrategies: [Prefixed()]))
/// ```
/// Resolution is computed once per (model type, key) and cached for the decode,
/// so a strategy may do real work here.
public protocol KeyStrategy: Sendable {
    /// JSON keys (a dotted string is a nested path) to try for a property, best first.
    func decodingKeys(for propertyName: String) -> [String]
    /// The key (or dotted path) written when encoding.
    func encodingKey(for propertyName: String) -> String
}

/// A key rule for one property, or for a whole model.
///
/// ```swift
/// static func mappingForKey() -> [KeyMapping]? {
///     [CodingKeys.name <--- .kebabCase, .model(.snakeCase)]
/// }
/// ```
public struct KeyMapping: Sendable {
    /// The property the rule is for (its coding key's `stringValue`); nil for the whole model.
    public var propertyName: String?
    /// The rule that names the key.
    public var strategy: any KeyStrategy

    /// A rule for one property (its coding key's `stringValue`), or for the whole model (nil).
    public init(propertyName: String?, strategy: any KeyStrategy) {
        self.propertyName = propertyName
        self.strategy = strategy
    }

    /// A rule for every property of the model that has no rule of its own.
    public static func model(_ strategy: some KeyStrategy) -> KeyMapping {
        KeyMapping(propertyName: nil, strategy: strategy)
    }
}

infix operator <--- : AssignmentPrecedence

/// A key rule for one property: `CodingKeys.firstName <--- .snakeCase`.
public func <--- (key: some CodingKey, strategy: some KeyStrategy) -> KeyMapping {
    KeyMapping(propertyName: key.stringValue, strategy: strategy)
}
