#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How one encode call behaves.
///
/// ```swift
/// let json = user.toJSONString(options: .init(keyStrategies: [.snakeCase], sortedKeys: true))
/// ```
public struct EncodingOptions: Sendable {
    /// Key rules for properties without a rule of their own: the first strategy's `encodingKey` is written.
    public var keyStrategies: [any KeyStrategy]
    /// Transformers by the type they write, for this call; they beat `GlobalTransformers`.
    public var transformers: [any ValueTransformable]
    /// Object keys in lexicographic (UTF-8) order, for deterministic output.
    public var sortedKeys: Bool
    /// Write `null` for nil optionals instead of leaving the key out (the default).
    public var nilAsNull: Bool
    /// Keys from the model's own rules (`mappingForKey()`, `@ModelField("key")`): the first
    /// mapped key of each property (the default). False writes property names, as SmartCodable's
    /// `useMappedKeys: false` does; the call's `keyStrategies` and `keyEncodingStrategy` still apply.
    public var usesMappedKeys = true

    /// Options for one encode call; by default keys are property names and nil optionals are left out.
    public init(keyStrategies: [any KeyStrategy] = [], transformers: [any ValueTransformable] = [],
                sortedKeys: Bool = false, nilAsNull: Bool = false) {
        self.keyStrategies = keyStrategies
        self.transformers = transformers
        self.sortedKeys = sortedKeys
        self.nilAsNull = nilAsNull
    }

    // MARK: JSONEncoder's configuration

    /// As `JSONEncoder.outputFormatting`: `.sortedKeys` (the same as `sortedKeys`),
    /// `.prettyPrinted`, `.withoutEscapingSlashes`. Default `[]`.
    public var outputFormatting: JSONEncoder.OutputFormatting = []
    /// How `Date` values are written, as `JSONEncoder.dateEncodingStrategy`. Default `.deferredToDate`.
    /// Set in code, it beats an app-wide `Date` transformer (see `GlobalTransformers`).
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy = .deferredToDate { didSet { configured.insert(.date) } }
    /// How `Data` values are written, as `JSONEncoder.dataEncodingStrategy`. Default `.base64`.
    /// Set in code, it beats an app-wide `Data` transformer.
    public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy = .base64 { didSet { configured.insert(.data) } }
    /// How non-finite numbers are written, as `JSONEncoder.nonConformingFloatEncodingStrategy`.
    /// Default `.throw`. Set in code, it beats app-wide `Double` and `Float` transformers.
    public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy = .throw {
        didSet { configured.insert(.floats) }
    }
    /// The strategies set in code, which beat app-wide transformers for their types.
    var configured: ConfiguredStrategies = []
    /// Declared models are written by their encode plans (tests turn it off to compare with `encode(to:)`).
    var usesEncodePlans = true
    /// How coding keys become JSON keys, as `JSONEncoder.keyEncodingStrategy`: applied to
    /// the key that the model's rules and the call's strategies chose. Default `.useDefaultKeys`.
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys
    /// What every type's `encode(to:)` sees as `encoder.userInfo`. Default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
}
