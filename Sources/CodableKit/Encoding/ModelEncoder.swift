#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Encodes any `Encodable` through CodableKit's key and value rules: a drop-in for
/// `JSONEncoder`, configured with the same properties.
///
/// ```swift
/// let encoder = ModelEncoder()
/// encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
/// encoder.dateEncodingStrategy = .iso8601
/// let data = try encoder.encode(users)
/// ```
/// Each configuration property forwards to `options`, so `toJSONString(options:)` takes
/// the same configuration. Configured as a `JSONEncoder` is, it writes the same bytes
/// when keys are sorted (and the same JSON otherwise). `Sendable`, like `JSONEncoder`.
///
/// Where it differs from `JSONEncoder` on purpose: a value written through
/// `superEncoder(forKey:)` takes the key's place when the super encoder is asked for, so a
/// later write of the same key wins (`JSONEncoder` writes it when the super encoder is
/// released, which depends on the optimizer); asking for a nested container under a key
/// that holds a value, or for both kinds of container, replaces the value where
/// `JSONEncoder` stops the process; inside a `[String: V]`, a `.custom` key strategy is given
/// the whole coding path (`byName`, `k`, `innerValue`), as `JSONDecoder`'s is when reading the
/// JSON back, where `JSONEncoder` leaves out the key the dictionary is written under.
public final class ModelEncoder: Sendable {
    private let storage: Locked<EncodingOptions>

    /// Everything an encode uses; the properties below are views of it.
    public var options: EncodingOptions {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// An encoder with these options; `prettyPrinted` adds `.prettyPrinted` to their output formatting.
    public init(options: EncodingOptions = .init(), prettyPrinted: Bool = false) {
        var options = options
        if prettyPrinted { options.outputFormatting.insert(.prettyPrinted) }
        storage = Locked(options)
    }

    /// Whether the output is indented, one member or element a line (`.prettyPrinted`).
    public var prettyPrinted: Bool {
        get { options.outputFormatting.contains(.prettyPrinted) }
        set {
            storage.withLock {
                if newValue { $0.outputFormatting.insert(.prettyPrinted) } else { $0.outputFormatting.remove(.prettyPrinted) }
            }
        }
    }

    /// The JSON for `value`.
    ///
    /// Bytes are written as each `encode(to:)` runs, and each runs once; a struct model that
    /// declares ``SynthesizedEncodable`` is written by its encode plan instead (the same bytes,
    /// without running its `encode(to:)` — see the protocol for what the word promises). A value whose
    /// `encode(to:)` needs the whole object (a dotted key, `@Flat`, a key written twice,
    /// nested containers filled after their parent went on, `superEncoder`) moves to an
    /// ordered tree as it asks; with `.sortedKeys` every value goes through the tree. An
    /// object gets one member per key, the last written, as with `JSONEncoder`.
    /// - Throws: `EncodingError.invalidValue` for a non-finite number (unless
    ///   `nonConformingFloatEncodingStrategy` names strings for them) or a value a
    ///   transformer cannot write, with its coding path; whatever `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        var options = options
        if options.sortedKeys { options.outputFormatting.insert(.sortedKeys) }
        if options.outputFormatting.contains(.sortedKeys) {  // each object's members are sorted: the tree
            var writer = JSONWriter(format: options.outputFormatting)
            writer.write(try EncodeCall.tree(value, options: options))
            return writer.takeData()
        }
        let session = StreamSession(options: options)
        defer { session.finish() }
        try session.encoder(level: 0).encodeValue(value, key: nil, prefix: [], depth: 0)
        return session.writer.takeData()
    }

    /// As `JSONEncoder.encode(_:configuration:)`: an `EncodableWithConfiguration` value,
    /// written by its `encode(to:configuration:)`. - Throws: as `encode(_:)`.
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public func encode<T: EncodableWithConfiguration>(_ value: T, configuration: T.EncodingConfiguration) throws -> Data {
        try encode(ConfiguredValue(value: value, configuration: configuration))
    }

    /// As `JSONEncoder.encode(_:configuration:)` with an `EncodingConfigurationProviding` type.
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public func encode<T, C>(_ value: T, configuration _: C.Type) throws -> Data
        where T: EncodableWithConfiguration, C: EncodingConfigurationProviding, T.EncodingConfiguration == C.EncodingConfiguration {
        try encode(value, configuration: C.encodingConfiguration)
    }

    /// As `JSONEncoder.outputFormatting`; default `[]`.
    public var outputFormatting: JSONEncoder.OutputFormatting {
        get { options.outputFormatting }
        set { storage.withLock { $0.outputFormatting = newValue } }
    }

    /// As `JSONEncoder.dateEncodingStrategy`; default `.deferredToDate`.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
        get { options.dateEncodingStrategy }
        set { storage.withLock { $0.dateEncodingStrategy = newValue } }
    }

    /// As `JSONEncoder.dataEncodingStrategy`; default `.base64`.
    public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy {
        get { options.dataEncodingStrategy }
        set { storage.withLock { $0.dataEncodingStrategy = newValue } }
    }

    /// As `JSONEncoder.nonConformingFloatEncodingStrategy`; default `.throw`.
    public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy {
        get { options.nonConformingFloatEncodingStrategy }
        set { storage.withLock { $0.nonConformingFloatEncodingStrategy = newValue } }
    }

    /// As `JSONEncoder.keyEncodingStrategy`; default `.useDefaultKeys`.
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy {
        get { options.keyEncodingStrategy }
        set { storage.withLock { $0.keyEncodingStrategy = newValue } }
    }

    /// As `JSONEncoder.userInfo`: what every type's `encode(to:)` sees; default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options.userInfo }
        set { storage.withLock { $0.userInfo = newValue } }
    }
}

/// An `EncodableWithConfiguration` value with its configuration, written through the
/// encoder it is given (it adds no level of its own).
@available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
private struct ConfiguredValue<T: EncodableWithConfiguration>: Encodable {
    let value: T
    let configuration: T.EncodingConfiguration

    func encode(to encoder: any Encoder) throws {
        try value.encode(to: encoder, configuration: configuration)
    }
}

enum EncodeCall {
    static func tree<T: Encodable>(_ value: T, options: EncodingOptions) throws -> EncodedContent {
        try TreeEncoder(session: EncodingSession(options: options)).encodeValue(value, at: [], topLevel: true)
    }

    /// A top-level value whose `encode(to:)` wrote nothing: an error, as with `JSONEncoder`
    /// (inside a container such a value is `{}`).
    static func encodedNothing<T>(_ value: T) -> EncodingError {
        EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }

    static func optional<T>(_ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            DecodingLog.deliver(DecodingReport(failure: "encoding failed: \(error)"), modelType: "encoding")
            return nil
        }
    }
}

/// Encoding a model: to JSON text or bytes (to Foundation objects:
/// `EncodableModel+FoundationObjects.swift`).
///
/// ```swift
/// user.toJSONString(prettyPrinted: true)
/// ```
/// Each returns nil (and reports to `DecodingLog`) only if encoding fails: a
/// non-finite number, or a type's own `encode(to:)` throwing.
extension EncodableModel {
    /// JSON text for the model; nil if encoding fails.
    public func toJSONString(prettyPrinted: Bool = false, options: EncodingOptions = .init()) -> String? {
        toData(prettyPrinted: prettyPrinted, options: options).map { String(decoding: $0, as: UTF8.self) }
    }

    /// JSON bytes for the model; nil if encoding fails.
    public func toData(options: EncodingOptions = .init()) -> Data? {
        toData(prettyPrinted: false, options: options)
    }

    /// JSON text for the model with its mapped keys (`true`, as `toJSONString()` writes it) or
    /// with its property names (`false`): SmartCodable's `toJSONString(useMappedKeys:)`, whose
    /// default is `false` where CodableKit's is the mapped keys. Nil if encoding fails.
    public func toJSONString(useMappedKeys: Bool, prettyPrinted: Bool = false, options: EncodingOptions = .init()) -> String? {
        toJSONString(prettyPrinted: prettyPrinted, options: options.usingMappedKeys(useMappedKeys))
    }

    func toData(prettyPrinted: Bool, options: EncodingOptions) -> Data? {
        EncodeCall.optional { try ModelEncoder(options: options, prettyPrinted: prettyPrinted).encode(self) }
    }
}

extension Array where Element: EncodableModel {
    /// JSON text for the models; nil if encoding fails.
    public func toJSONString(prettyPrinted: Bool = false, options: EncodingOptions = .init()) -> String? {
        EncodeCall.optional {
            String(decoding: try ModelEncoder(options: options, prettyPrinted: prettyPrinted).encode(self), as: UTF8.self)
        }
    }

    /// JSON text for the models with their mapped keys or their property names (see
    /// `EncodableModel.toJSONString(useMappedKeys:prettyPrinted:options:)`).
    public func toJSONString(useMappedKeys: Bool, prettyPrinted: Bool = false, options: EncodingOptions = .init()) -> String? {
        toJSONString(prettyPrinted: prettyPrinted, options: options.usingMappedKeys(useMappedKeys))
    }
}

extension JSONValue {
    /// The JSON that CodableKit's encoder writes for `value`: for plugins that hold
    /// `Encodable` values and want them as JSON (an enum's associated values, say).
    ///
    /// ```swift
    /// let json = try JSONValue(encoding: ["a": 1])   // .object(["a": .int(1)])
    /// ```
    /// - Throws: `EncodingError` as `ModelEncoder.encode(_:)` does.
    public init(encoding value: some Encodable, options: EncodingOptions = .init()) throws {
        self = try EncodeCall.tree(value, options: options).jsonValue
    }
}

extension EncodingOptions {
    /// These options with `usesMappedKeys` set.
    func usingMappedKeys(_ uses: Bool) -> EncodingOptions {
        var options = self
        options.usesMappedKeys = uses
        return options
    }
}
