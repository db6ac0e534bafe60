/// How one decode call behaves. Captured when the decode starts.
///
/// ```swift
/// let options = DecodingOptions(mode: .strict, keyStrategies: [.snakeCase])
/// let user = try User.decode(from: data, options: options)
/// ```
public struct DecodingOptions: Sendable {
    /// Whether repairs are made (tolerant) or thrown (strict).
    public enum Mode: Sendable {
        /// Repair what can be repaired and record it (the default).
        case tolerant
        /// Throw a `DecodingError` for anything that would need a repair, like `JSONDecoder`.
        case strict
    }

    /// Tolerant (the default) or strict.
    public var mode: Mode
    /// Key rules tried, in order, after a model's own rules and before the property name.
    public var keyStrategies: [any KeyStrategy]
    /// Transformers by the type they produce, for this call; they beat `GlobalTransformers`.
    public var transformers: [any ValueTransformable]
    /// The deepest nesting of arrays and objects accepted (default 512).
    public var maxDepth: Int

    /// Options for one decode call; every default is the tolerant, rule-free behaviour.
    public init(mode: Mode = .tolerant, keyStrategies: [any KeyStrategy] = [],
                transformers: [any ValueTransformable] = [], maxDepth: Int = 512) {
        self.mode = mode
        self.keyStrategies = keyStrategies
        self.transformers = transformers
        self.maxDepth = maxDepth
    }
}
