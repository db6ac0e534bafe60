import Foundation

/// Decodes any `Decodable` with the tolerant pipeline: a drop-in for `JSONDecoder`.
///
/// ```swift
/// let decoder = ModelDecoder()
/// let users = try decoder.decode([User].self, from: data)        // tolerant: repairs, never fails on a bad field
/// let strict = ModelDecoder(options: .init(mode: .strict))        // throws like JSONDecoder
/// ```
/// Models (`DecodableModel`) fall back to their initial values; other `Decodable`
/// types fall back to their types' empty values, and a nested value that has none
/// is dropped from its collection or fails its enclosing property.
public final class ModelDecoder {
    /// The options every decode with this decoder uses.
    public var options: DecodingOptions

    /// A decoder with these options (tolerant by default).
    public init(options: DecodingOptions = .init()) {
        self.options = options
    }

    /// A value of `type` decoded from JSON bytes, repaired where needed.
    /// - Throws: `DecodingError.dataCorrupted` (underlying `JSONReadError`) for malformed input;
    ///   in strict mode, the `DecodingError` `JSONDecoder` would throw.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try decodeWithReport(type, from: data).value
    }

    /// The value plus every repair made on the way. - Throws: as `decode(_:from:)`.
    public func decodeWithReport<T: Decodable>(_ type: T.Type, from data: Data) throws -> (value: T, report: DecodingReport) {
        let document = try DecodeCall.document([UInt8](data), options: options)
        return try DecodeCall.run(type, document: document, designatedPath: nil, options: options)
    }
}
