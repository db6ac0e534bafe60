#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
    /// The deepest nesting of arrays and objects accepted (default 512). What a deeper
    /// limit costs: the reader's tape only grows, but decoding a model recurses once per
    /// level (the stack guard stops it with an error before the thread's stack runs out),
    /// and a `JSONValue` or `Any` holds at most 1,000 levels whatever this says (freeing a
    /// deeper one would recurse past a small thread's stack): deeper is a `DecodingError`.
    public var maxDepth: Int
    /// How many issues a report keeps; the rest are counted, not kept (the report says
    /// "… and 999,000 more"), so what a decode keeps about its input is bounded whatever the
    /// input holds. Every value is still repaired. Nil (the default): the app-wide
    /// `DecodingReport.defaultLimit`, read when the decode files its first issue.
    public var reportLimit: Int?
    /// How a number with a fraction (`3.6`, `"3.6"`) is read into an integer type:
    /// SmartCodable's `numberConversionStrategy`. Default `.strict`: not read (the property
    /// keeps its initial value, recorded). Tolerant mode only: strict mode reads what
    /// `JSONDecoder` reads.
    public var numberConversionStrategy = NumberConversionStrategy.strict

    /// Options for one decode call; every default is the tolerant, rule-free behaviour.
    public init(mode: Mode = .tolerant, keyStrategies: [any KeyStrategy] = [],
                transformers: [any ValueTransformable] = [], maxDepth: Int = 512) {
        self.mode = mode
        self.keyStrategies = keyStrategies
        self.transformers = transformers
        self.maxDepth = maxDepth
    }

    // MARK: JSONDecoder's configuration

    /// How `Date` values are read, as `JSONDecoder.dateDecodingStrategy`. Default
    /// `.deferredToDate` (seconds since 2001, as `Date`'s own `Decodable`).
    /// Set in code, it beats an app-wide `Date` transformer (see `GlobalTransformers`).
    public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy = .deferredToDate { didSet { configured.insert(.date) } }
    /// How `Data` values are read, as `JSONDecoder.dataDecodingStrategy`. Default `.base64`.
    /// Set in code, it beats an app-wide `Data` transformer.
    public var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy = .base64 { didSet { configured.insert(.data) } }
    /// Strings that stand for non-finite numbers, as `JSONDecoder.nonConformingFloatDecodingStrategy`.
    /// Default `.throw`: none. Set in code, it beats app-wide `Double` and `Float` transformers.
    public var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy = .throw {
        didSet { configured.insert(.floats) }
    }
    /// The strategies set in code, which beat app-wide transformers for their types.
    var configured: ConfiguredStrategies = []
    /// Whether models that declare `SynthesizedDecodable` may be decoded by field plans (true):
    /// false runs every model's `init(from:)`, which the tests compare plans with.
    var usesFieldPlans = true
    /// How JSON keys become coding keys, as `JSONDecoder.keyDecodingStrategy`: applied to
    /// the object's keys before the key candidates are looked up. Default `.useDefaultKeys`.
    public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
    /// What every type's `init(from:)` sees as `decoder.userInfo`. Default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] = [:]
    /// Reads JSON5 (comments, trailing commas, single quotes, unquoted keys, hex, `Infinity`…),
    /// as `JSONDecoder.allowsJSON5`. Default false: strict RFC 8259.
    public var allowsJSON5 = false
    /// With `allowsJSON5`, a top-level object may leave out its braces, as
    /// `JSONDecoder.assumesTopLevelDictionary`. Default false.
    public var assumesTopLevelDictionary = false
}

extension JSONDecoder.NonConformingFloatDecodingStrategy {
    /// The non-finite number `text` stands for under `.convertFromString`, if any.
    func number(for text: String) -> Double? {
        guard case let .convertFromString(positiveInfinity, negativeInfinity, nan) = self else { return nil }
        switch text {
        case positiveInfinity: return .infinity
        case negativeInfinity: return -.infinity
        case nan: return .nan
        default: return nil
        }
    }
}

/// How a number with a fraction is read into an integer type (`DecodingOptions.numberConversionStrategy`).
public enum NumberConversionStrategy: Sendable, Hashable {
    /// Not read: `3.6` is no `Int` (recorded as a type mismatch; the property falls back).
    case strict
    /// The fraction dropped, toward zero: `3.6` → 3, `-3.6` → -3 (recorded as a conversion).
    case truncate
    /// To the nearest integer, halves away from zero: `3.6` → 4, `2.5` → 3 (recorded as a conversion).
    case rounded

    /// The rounding rule, or nil for `.strict`.
    var rule: FloatingPointRoundingRule? {
        switch self {
        case .strict: nil
        case .truncate: .towardZero
        case .rounded: .toNearestOrAwayFromZero
        }
    }
}
