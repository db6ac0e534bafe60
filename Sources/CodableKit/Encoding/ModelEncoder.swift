import Foundation

/// Encodes any `Encodable` through CodableKit's rules and its own JSON writer.
///
/// ```swift
/// let data = try ModelEncoder(options: .init(sortedKeys: true)).encode(users)
/// ```
/// Models write their keys through `mappingForKey()` and their values through
/// `mappingForValue()`; see `TreeEncoder` for the rules. Nil optionals are left out
/// unless `nilAsNull`.
public final class ModelEncoder {
    /// The options every encode with this encoder uses.
    public var options: EncodingOptions
    /// Indent with two spaces and put each member on its own line.
    public var prettyPrinted: Bool

    /// An encoder with these options; compact output unless `prettyPrinted`.
    public init(options: EncodingOptions = .init(), prettyPrinted: Bool = false) {
        self.options = options
        self.prettyPrinted = prettyPrinted
    }

    /// JSON bytes for `value`.
    /// - Throws: `EncodingError.invalidValue` with the coding path of a non-finite number,
    ///   or whatever a type's own `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        var writer = JSONWriter(sortedKeys: options.sortedKeys, prettyPrinted: prettyPrinted)
        writer.write(try EncodeCall.tree(value, options: options))
        return writer.data
    }
}

/// Where every encoding API starts.
enum EncodeCall {
    static func tree<T: Encodable>(_ value: T, options: EncodingOptions) throws -> EncodedContent {
        try TreeEncoder(session: EncodeSession(options: options)).encodeValue(value, at: [])
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

/// Encoding a model: to Foundation objects, JSON text or bytes.
///
/// ```swift
/// user.toDictionary()                    // ["first_name": "Ada", "age": 36]
/// user.toJSONString(prettyPrinted: true)
/// ```
/// Each returns nil (and reports to `DecodingLog`) only if encoding fails: a
/// non-finite number, or a type's own `encode(to:)` throwing.
extension EncodableModel {
    /// Foundation-typed values (`Int`, `Double`, `Bool`, `String`, `[String: Any]`,
    /// `[Any]`, `NSNull`), as `JSONSerialization` would give them; nil if the model
    /// does not encode to an object.
    public func toDictionary(options: EncodingOptions = .init()) -> [String: Any]? {
        EncodeCall.optional { try EncodeCall.tree(self, options: options).foundationValue } as? [String: Any]
    }

    /// JSON text for the model; nil if encoding fails.
    public func toJSONString(prettyPrinted: Bool = false, options: EncodingOptions = .init()) -> String? {
        toData(prettyPrinted: prettyPrinted, options: options).map { String(decoding: $0, as: UTF8.self) }
    }

    /// JSON bytes for the model; nil if encoding fails.
    public func toData(options: EncodingOptions = .init()) -> Data? {
        toData(prettyPrinted: false, options: options)
    }

    func toData(prettyPrinted: Bool, options: EncodingOptions) -> Data? {
        EncodeCall.optional { try ModelEncoder(options: options, prettyPrinted: prettyPrinted).encode(self) }
    }
}

extension Array where Element: EncodableModel {
    /// Each model as Foundation objects; nil if encoding fails.
    public func toArray(options: EncodingOptions = .init()) -> [Any]? {
        EncodeCall.optional { try EncodeCall.tree(self, options: options).foundationValue } as? [Any]
    }

    /// JSON text for the models; nil if encoding fails.
    public func toJSONString(prettyPrinted: Bool = false, options: EncodingOptions = .init()) -> String? {
        EncodeCall.optional {
            String(decoding: try ModelEncoder(options: options, prettyPrinted: prettyPrinted).encode(self), as: UTF8.self)
        }
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
