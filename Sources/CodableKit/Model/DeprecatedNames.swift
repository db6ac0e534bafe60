#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// SmartCodable's older names, so that a migrating app compiles and Xcode's fix-it
// rewrites each call to CodableKit's name.

extension DecodableModel {
    #if FullFoundation
    /// SmartCodable's name for `deserialize(from:)` with a dictionary.
    @available(*, deprecated, renamed: "deserialize(from:designatedPath:options:)")
    public static func deserialize(dict: [String: Any]?, designatedPath: String? = nil,
                                   options: DecodingOptions = .init()) -> Self? {
        deserialize(from: dict, designatedPath: designatedPath, options: options)
    }
    #endif

    /// SmartCodable's name for `deserialize(from:)` with JSON text.
    @available(*, deprecated, renamed: "deserialize(from:designatedPath:options:)")
    public static func deserialize(json: String?, designatedPath: String? = nil,
                                   options: DecodingOptions = .init()) -> Self? {
        deserialize(from: json, designatedPath: designatedPath, options: options)
    }
}

#if FullFoundation
extension Array where Element: DecodableModel {
    /// SmartCodable's name for `deserialize(from:)` with an array of dictionaries.
    @available(*, deprecated, renamed: "deserialize(from:designatedPath:options:)")
    public static func deserialize(array: [Any]?, designatedPath: String? = nil,
                                   options: DecodingOptions = .init()) -> [Element]? {
        deserialize(from: array, designatedPath: designatedPath, options: options)
    }
}
#endif

extension EncodableModel {
    /// SmartCodable's name for `toJSONString(prettyPrinted:)`.
    @available(*, deprecated, renamed: "toJSONString(prettyPrinted:options:)")
    public func toJSONString(prettyPrint: Bool, options: EncodingOptions = .init()) -> String? {
        toJSONString(prettyPrinted: prettyPrint, options: options)
    }

    /// SmartCodable's name for `toJSONString(useMappedKeys:prettyPrinted:)`.
    @available(*, deprecated, renamed: "toJSONString(useMappedKeys:prettyPrinted:options:)")
    public func toJSONString(useMappedKeys: Bool, prettyPrint: Bool, options: EncodingOptions = .init()) -> String? {
        toJSONString(useMappedKeys: useMappedKeys, prettyPrinted: prettyPrint, options: options)
    }
}

extension Array where Element: EncodableModel {
    /// SmartCodable's name for `toJSONString(prettyPrinted:)`.
    @available(*, deprecated, renamed: "toJSONString(prettyPrinted:options:)")
    public func toJSONString(prettyPrint: Bool, options: EncodingOptions = .init()) -> String? {
        toJSONString(prettyPrinted: prettyPrint, options: options)
    }
}
