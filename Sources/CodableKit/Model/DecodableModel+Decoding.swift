#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decoding a model from JSON bytes or text (from Foundation objects and property lists:
/// `DecodableModel+FoundationObjects.swift`).
///
/// ```swift
/// let user = User.deserialize(from: json)                               // nil: malformed, not an object, a @Required value missing
/// let page = Page.deserialize(from: data, designatedPath: "data.page")  // decode a nested object
/// let (user, report) = try User.decodeWithReport(from: data)           // and see every repair
/// ```
/// `deserialize` returns nil (and reports to `DecodingLog`) only when the input is
/// malformed, the designated path is missing, the root (or the value at the path) is of the
/// wrong kind — an array or `null` where the model's object should be — or the model lacks a
/// usable `@Required` value; or, in strict mode, when anything would need a repair. `decode`
/// throws in those same cases.
extension DecodableModel {
    /// The model decoded from JSON bytes, or nil (reported to `DecodingLog`) where `decode` throws.
    public static func deserialize(from data: Data?, designatedPath: String? = nil,
                                   options: DecodingOptions = .init()) -> Self? {
        guard let data else { return nil }
        return DecodeCall.optional(Self.self) { try decode(from: data, designatedPath: designatedPath, options: options) }
    }

    /// The model decoded from JSON text, or nil for malformed input (reported to `DecodingLog`).
    public static func deserialize(from json: String?, designatedPath: String? = nil,
                                   options: DecodingOptions = .init()) -> Self? {
        guard let json else { return nil }
        return DecodeCall.optional(Self.self) { try decode(from: json, designatedPath: designatedPath, options: options) }
    }

    /// The model decoded from JSON bytes.
    /// - Throws: `DecodingError.dataCorrupted` (underlying `JSONReadError`) for malformed input,
    ///   `DecodingError.keyNotFound` for a missing designated path, `DecodingError.typeMismatch`
    ///   (or `valueNotFound` for null) at the root for a root of the wrong kind — an array where
    ///   the model's object should be — a missing or unusable `@Required` property, and in strict
    ///   mode any `DecodingError`.
    public static func decode(from data: Data, designatedPath: String? = nil,
                              options: DecodingOptions = .init()) throws -> Self {
        try DecodeCall.withDocument(data, options: options) { document in
            try DecodeCall.value(Self.self, document: document,
                                 designatedPath: designatedPath, options: options,
                                 hint: .model(Self.self))
        }
    }

    /// The model decoded from JSON text.
    /// - Throws: as `decode(from: Data)`.
    public static func decode(from json: String, designatedPath: String? = nil,
                              options: DecodingOptions = .init()) throws -> Self {
        try DecodeCall.value(Self.self, document: DecodeCall.document(Array(json.utf8), options: options),
                             designatedPath: designatedPath, options: options,
                             hint: .model(Self.self))
    }

    /// The value plus every repair made on the way. - Throws: as `decode(from:)`.
    public static func decodeWithReport(from data: Data, designatedPath: String? = nil,
                                        options: DecodingOptions = .init()) throws -> (value: Self, report: DecodingReport) {
        return try DecodeCall.withDocument(data, options: options) { document in
            try DecodeCall.run(Self.self, document: document, designatedPath: designatedPath, options: options,
                               hint: .model(Self.self))
        }
    }

    /// The value plus every repair made on the way. - Throws: as `decode(from:)`.
    public static func decodeWithReport(from json: String, designatedPath: String? = nil,
                                        options: DecodingOptions = .init()) throws -> (value: Self, report: DecodingReport) {
        let document = try DecodeCall.document(Array(json.utf8), options: options)
        return try DecodeCall.run(Self.self, document: document, designatedPath: designatedPath, options: options,
                                  hint: .model(Self.self))
    }

    /// Merges a partial payload into this model: keys that are absent keep their current
    /// values, nested models are merged the same way, and an explicit `null` sets an
    /// optional to nil. Malformed input leaves the model unchanged (and is reported).
    ///
    /// ```swift
    /// var user = User.deserialize(from: full)!
    /// user.update(from: #"{"age": 37}"#.data(using: .utf8))   // only age changes
    /// ```
    /// For a class, the variable is given an updated instance.
    public mutating func update(from data: Data?, designatedPath: String? = nil, options: DecodingOptions = .init()) {
        guard let data else { return }
        update(designatedPath: designatedPath, options: options) { try DecodeCall.document(data, options: options) }
    }

    /// Merges a partial payload into this model; see `update(from: Data?)`.
    public mutating func update(from json: String?, designatedPath: String? = nil, options: DecodingOptions = .init()) {
        guard let json else { return }
        update(designatedPath: designatedPath, options: options) { try DecodeCall.document(Array(json.utf8), options: options) }
    }

    /// `update(from:)` of the document `document` makes.
    mutating func update(designatedPath: String?, options: DecodingOptions, document: () throws -> JSONDocument) {
        let current = self
        if let updated = DecodeCall.optional(Self.self, {
            try DecodeCall.value(Self.self, document: document(), designatedPath: designatedPath, options: options, base: current,
                                 hint: .model(Self.self))
        }) {
            self = updated
        }
    }
}

/// Decoding an array of models, dropping (and reporting) elements that cannot be decoded.
///
/// ```swift
/// let airports = [Airport].deserialize(from: data) ?? []
/// ```
extension Array where Element: DecodableModel {
    public static func deserialize(from data: Data?, designatedPath: String? = nil,
                                   options: DecodingOptions = .init()) -> [Element]? {
        guard let data else { return nil }
        return DecodeCall.optional([Element].self) {
            try DecodeCall.withDocument(data, options: options) { document in
                try DecodeCall.value(Self.self, document: document, designatedPath: designatedPath, options: options,
                                     hint: .array(of: Element.self))
            }
        }
    }

    public static func deserialize(from json: String?, designatedPath: String? = nil,
                                   options: DecodingOptions = .init()) -> [Element]? {
        guard let json else { return nil }
        return deserialize(from: Data(json.utf8), designatedPath: designatedPath, options: options)
    }

    /// - Throws: as `DecodableModel.decode(from: Data)`.
    public static func decode(from data: Data, designatedPath: String? = nil,
                              options: DecodingOptions = .init()) throws -> [Element] {
        try DecodeCall.withDocument(data, options: options) { document in
            try DecodeCall.value(Self.self, document: document,
                                 designatedPath: designatedPath, options: options,
                                 hint: .array(of: Element.self))
        }
    }

    /// The models decoded from JSON text. - Throws: as `DecodableModel.decode(from: Data)`.
    public static func decode(from json: String, designatedPath: String? = nil,
                              options: DecodingOptions = .init()) throws -> [Element] {
        try decode(from: Data(json.utf8), designatedPath: designatedPath, options: options)
    }

    /// The models plus every repair made on the way. - Throws: as `DecodableModel.decode(from: Data)`.
    public static func decodeWithReport(from data: Data, designatedPath: String? = nil,
                                        options: DecodingOptions = .init()) throws -> (value: [Element], report: DecodingReport) {
        return try DecodeCall.withDocument(data, options: options) { document in
            try DecodeCall.run([Element].self, document: document, designatedPath: designatedPath, options: options,
                               hint: .array(of: Element.self))
        }
    }

    /// The models plus every repair made on the way. - Throws: as `DecodableModel.decode(from: Data)`.
    public static func decodeWithReport(from json: String, designatedPath: String? = nil,
                                        options: DecodingOptions = .init()) throws -> (value: [Element], report: DecodingReport) {
        try decodeWithReport(from: Data(json.utf8), designatedPath: designatedPath, options: options)
    }
}
