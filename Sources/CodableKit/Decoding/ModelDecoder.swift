#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decodes any `Decodable` with CodableKit's tolerant pipeline: a drop-in for
/// `JSONDecoder`, configured with the same properties.
///
/// ```swift
/// let decoder = ModelDecoder()
/// decoder.dateDecodingStrategy = .iso8601
/// decoder.keyDecodingStrategy = .convertFromSnakeCase
/// let users = try decoder.decode([User].self, from: data)
/// let (page, report) = try decoder.decodeWithReport(Page.self, from: data)
/// ```
/// Each configuration property forwards to `options`, so `User.deserialize(from:options:)`
/// takes the same configuration. Configured as a `JSONDecoder` is, wherever `JSONDecoder`
/// succeeds, `ModelDecoder` returns the same value with an empty report; strict mode
/// (`options.mode = .strict`) throws where `JSONDecoder` throws.
///
/// `Sendable`, like `JSONDecoder`: one instance may be shared (`static let decoder =
/// ModelDecoder()`) and configured from any thread; each decode uses the configuration
/// as it was when the decode started.
///
/// Where it differs from `JSONDecoder` on purpose:
/// - A number that does not fit its type (`300` into `UInt8`, `1e400` into `Double`, `1.5`
///   into `Int`) is `dataCorrupted` at the number's own path; `JSONDecoder` says the
///   document is not valid JSON, at the root. A number that underflows `Float` or `Double`
///   (`1e-46`, `1e-400`) reads as zero, where `JSONDecoder` rejects the document.
/// - Which of two bad values in one dictionary is reported, and which of two keys a
///   `[Int: V]` reads as one integer (`"01"` and `"+1"`) is kept, follow document order
///   (the first); in `JSONDecoder` they follow hash order, which varies from run to run.
/// - UTF-32LE with a byte order mark is read (`JSONDecoder` takes the mark for UTF-16's);
///   a reader error in UTF-16 or UTF-32 input gives its offset in the UTF-8 form.
/// - Tolerant mode only: a model (`DecodableModel`) with a hand-written `init(from:)` has
///   its property requests repaired as a synthesized one's are, so its own `try?` never
///   sees a failure that could be repaired (make such a type a plain `Decodable` to keep
///   its fallbacks); an absent optional property of a model keeps its initial value
///   (`JSONDecoder`: `nil`).
/// - A container a hand-written `init(from:)` keeps past the decode still reads its
///   object, but its `codingPath`, and the path of an error it throws then, hold only the
///   keys below it.
public final class ModelDecoder: Sendable {
    private let storage: Locked<DecodingOptions>

    /// Everything a decode uses; the properties below are views of it.
    public var options: DecodingOptions {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// A decoder with `options` (tolerant mode by default).
    public init(options: DecodingOptions = .init()) {
        storage = Locked(options)
    }

    /// The value decoded from JSON bytes. - Throws: as `decodeWithReport`.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let options = options
        return try DecodeCall.withDocument(data, options: options) { document in
            try DecodeCall.value(type, document: document, options: options)
        }
    }

    /// The value decoded from any bytes, read where they lie, without a copy: `[UInt8]`,
    /// `ArraySlice<UInt8>`, `UnsafeRawBufferPointer`, NIO's `ByteBufferView` (CodableKit
    /// does not depend on NIO) — any `Collection` of `UInt8` with contiguous storage. The
    /// bytes must not change during the call; a container kept past the call gets its own
    /// copy then. Bytes without contiguous storage are copied once.
    ///
    /// ```swift
    /// let order = try ModelDecoder().decode(Order.self, from: request.body.readableBytesView)
    /// ```
    /// - Throws: as `decodeWithReport`.
    public func decode<T: Decodable, Bytes: Collection>(_ type: T.Type, from bytes: Bytes) throws -> T where Bytes.Element == UInt8 {
        let options = options
        return try DecodeCall.withDocument(bytes, options: options) { document in
            try DecodeCall.value(type, document: document, options: options)
        }
    }

    /// `decode(_:from:)` for any bytes, with every repair made on the way. - Throws: as `decodeWithReport`.
    public func decodeWithReport<T: Decodable, Bytes: Collection>(_ type: T.Type, from bytes: Bytes) throws
        -> (value: T, report: DecodingReport) where Bytes.Element == UInt8 {
        let options = options
        return try DecodeCall.withDocument(bytes, options: options) { document in
            try DecodeCall.run(type, document: document, designatedPath: nil, options: options)
        }
    }

    /// The value decoded from JSON bytes, with every repair made on the way.
    /// - Throws: `DecodingError.dataCorrupted` (underlying `JSONReadError`) for malformed
    ///   input; in strict mode the `DecodingError` `JSONDecoder` throws for a value that
    ///   would need a repair.
    public func decodeWithReport<T: Decodable>(_ type: T.Type, from data: Data) throws -> (value: T, report: DecodingReport) {
        let options = options
        return try DecodeCall.withDocument(data, options: options) { document in
            try DecodeCall.run(type, document: document, designatedPath: nil, options: options)
        }
    }

    /// The model decoded from JSON bytes: the same as for any `Decodable`; the decoder
    /// knows the type for a model without asking the runtime (see `KeyedDecodingContainer`'s
    /// model overloads). - Throws: as `decodeWithReport`.
    public func decode<Model: DecodableModel>(_ type: Model.Type, from data: Data) throws -> Model {
        let options = options
        return try DecodeCall.withDocument(data, options: options) { document in
            try DecodeCall.value(type, document: document, options: options,
                                 hint: .model(Model.self))
        }
    }

    /// The models decoded from a JSON array, as for any `Decodable` array. - Throws: as `decodeWithReport`.
    public func decode<Model: DecodableModel>(_ type: [Model].Type, from data: Data) throws -> [Model] {
        let options = options
        return try DecodeCall.withDocument(data, options: options) { document in
            try DecodeCall.value(type, document: document, options: options,
                                 hint: .array(of: Model.self))
        }
    }

    /// The model decoded from JSON bytes, with every repair made on the way, as for any
    /// `Decodable`. - Throws: as `decodeWithReport` for any `Decodable`.
    public func decodeWithReport<Model: DecodableModel>(_ type: Model.Type, from data: Data) throws -> (value: Model, report: DecodingReport) {
        let options = options
        return try DecodeCall.withDocument(data, options: options) { document in
            try DecodeCall.run(type, document: document, designatedPath: nil, options: options, hint: .model(Model.self))
        }
    }

    /// As `JSONDecoder.decode(_:from:configuration:)`: a `DecodableWithConfiguration` value,
    /// made by its `init(from:configuration:)`. - Throws: as `decode(_:from:)`.
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public func decode<T: DecodableWithConfiguration>(_ type: T.Type, from data: Data,
                                                      configuration: T.DecodingConfiguration) throws -> T {
        let options = options
        return try DecodeCall.withDocument(data, options: options) { document in
            try DecodeCall.value(type, document: document, options: options) { try T(from: $0, configuration: configuration) }
        }
    }

    /// As `JSONDecoder.decode(_:from:configuration:)` with a `DecodingConfigurationProviding` type.
    @available(macOS 12.0, iOS 15.0, tvOS 15.0, watchOS 8.0, *)
    public func decode<T, C>(_ type: T.Type, from data: Data, configuration _: C.Type) throws -> T
        where T: DecodableWithConfiguration, C: DecodingConfigurationProviding, T.DecodingConfiguration == C.DecodingConfiguration {
        try decode(type, from: data, configuration: C.decodingConfiguration)
    }

    /// As `JSONDecoder.dateDecodingStrategy`; default `.deferredToDate`.
    public var dateDecodingStrategy: JSONDecoder.DateDecodingStrategy {
        get { options.dateDecodingStrategy }
        set { storage.withLock { $0.dateDecodingStrategy = newValue } }
    }

    /// As `JSONDecoder.dataDecodingStrategy`; default `.base64`.
    public var dataDecodingStrategy: JSONDecoder.DataDecodingStrategy {
        get { options.dataDecodingStrategy }
        set { storage.withLock { $0.dataDecodingStrategy = newValue } }
    }

    /// As `JSONDecoder.nonConformingFloatDecodingStrategy`; default `.throw`.
    public var nonConformingFloatDecodingStrategy: JSONDecoder.NonConformingFloatDecodingStrategy {
        get { options.nonConformingFloatDecodingStrategy }
        set { storage.withLock { $0.nonConformingFloatDecodingStrategy = newValue } }
    }

    /// As `JSONDecoder.keyDecodingStrategy`; default `.useDefaultKeys`.
    public var keyDecodingStrategy: JSONDecoder.KeyDecodingStrategy {
        get { options.keyDecodingStrategy }
        set { storage.withLock { $0.keyDecodingStrategy = newValue } }
    }

    /// As `JSONDecoder.userInfo`: what every type's `init(from:)` sees; default empty.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { options.userInfo }
        set { storage.withLock { $0.userInfo = newValue } }
    }

    /// As `JSONDecoder.allowsJSON5`; default false.
    public var allowsJSON5: Bool {
        get { options.allowsJSON5 }
        set { storage.withLock { $0.allowsJSON5 = newValue } }
    }

    /// As `JSONDecoder.assumesTopLevelDictionary`; default false.
    public var assumesTopLevelDictionary: Bool {
        get { options.assumesTopLevelDictionary }
        set { storage.withLock { $0.assumesTopLevelDictionary = newValue } }
    }
}
