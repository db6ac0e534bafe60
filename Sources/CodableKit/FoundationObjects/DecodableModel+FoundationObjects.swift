#if FullFoundation
import Foundation

/// Decoding a model from Foundation objects (`[String: Any]` from `JSONSerialization`,
/// Alamofire, a property list) as from the same JSON's bytes: with the `FullFoundation`
/// trait (on by default), which links Foundation proper.
extension DecodableModel {
    /// The model decoded from Foundation objects, or nil for a value that is not JSON.
    public static func deserialize(from dictionary: [String: Any]?, designatedPath: String? = nil,
                                   options: DecodingOptions = .init()) -> Self? {
        guard let dictionary else { return nil }
        return DecodeCall.optional(Self.self) { try decode(from: dictionary, designatedPath: designatedPath, options: options) }
    }

    /// From a property list (XML or binary): dates become seconds since 2001, data base64 text.
    public static func deserializePlist(from data: Data?, designatedPath: String? = nil,
                                        options: DecodingOptions = .init()) -> Self? {
        guard let data else { return nil }
        return DecodeCall.optional(Self.self) {
            let document = try DecodeCall.document(propertyList: data, options: options)
            return try DecodeCall.value(Self.self, document: document, designatedPath: designatedPath, options: options,
                                        hint: .model(Self.self))
        }
    }

    /// The model decoded from Foundation objects.
    /// - Throws: `DecodingError.dataCorrupted` naming the path of a value that is not JSON; otherwise as `decode(from: Data)`.
    public static func decode(from dictionary: [String: Any], designatedPath: String? = nil,
                              options: DecodingOptions = .init()) throws -> Self {
        try DecodeCall.value(Self.self, document: DecodeCall.document(foundationObject: dictionary, options: options),
                             designatedPath: designatedPath, options: options,
                             hint: .model(Self.self))
    }

    /// The value plus every repair made on the way. - Throws: as `decode(from: [String: Any])`.
    public static func decodeWithReport(from dictionary: [String: Any], designatedPath: String? = nil,
                                        options: DecodingOptions = .init()) throws -> (value: Self, report: DecodingReport) {
        let document = try DecodeCall.document(foundationObject: dictionary, options: options)
        return try DecodeCall.run(Self.self, document: document, designatedPath: designatedPath, options: options,
                                  hint: .model(Self.self))
    }

    /// Merges a partial payload into this model; see `update(from: Data?)`.
    public mutating func update(from dictionary: [String: Any]?, designatedPath: String? = nil, options: DecodingOptions = .init()) {
        guard let dictionary else { return }
        update(designatedPath: designatedPath, options: options) {
            try DecodeCall.document(foundationObject: dictionary, options: options)
        }
    }
}

/// Decoding an array of models from Foundation objects.
extension Array where Element: DecodableModel {
    /// The models decoded from Foundation objects, or nil for a value that is not JSON.
    public static func deserialize(from array: [Any]?, designatedPath: String? = nil,
                                   options: DecodingOptions = .init()) -> [Element]? {
        guard let array else { return nil }
        return DecodeCall.optional([Element].self) {
            let document = try DecodeCall.document(foundationObject: array, options: options)
            return try DecodeCall.value(Self.self, document: document, designatedPath: designatedPath, options: options,
                                        hint: .array(of: Element.self))
        }
    }

    /// The models in a property list (XML or binary), or nil; see `DecodableModel.deserializePlist(from:)`.
    public static func deserializePlist(from data: Data?, designatedPath: String? = nil,
                                        options: DecodingOptions = .init()) -> [Element]? {
        guard let data else { return nil }
        return DecodeCall.optional([Element].self) {
            let document = try DecodeCall.document(propertyList: data, options: options)
            return try DecodeCall.value(Self.self, document: document, designatedPath: designatedPath, options: options,
                                        hint: .array(of: Element.self))
        }
    }
}

extension DecodeCall {
    /// A document of `object`'s values. - Throws: `DecodingError.dataCorrupted` naming the path of a value that is not JSON.
    static func document(foundationObject object: Any, options: DecodingOptions) throws -> JSONDocument {
        try JSONDocument(foundationObject: object, maxDepth: options.maxDepth)
    }

    /// Reads a property list (XML or binary). - Throws: `DecodingError.dataCorrupted` for a malformed one.
    static func document(propertyList data: Data, options: DecodingOptions) throws -> JSONDocument {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The given data was not a valid property list.",
                                                    underlyingError: error))
        }
        return try document(foundationObject: object, options: options)
    }
}
#endif
