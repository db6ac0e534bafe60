#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which setting wins, decoding and encoding alike, most specific first:
///
/// | level | what | where |
/// |---|---|---|
/// | 1 | the property's own mapping | `mappingForValue()`, `@ModelField(transformer:)` |
/// | 2 | the call's settings | `options.transformers`; the decoder's or encoder's `dateDecodingStrategy`, `dataDecodingStrategy`, `nonConformingFloat…Strategy` set in code |
/// | 3 | the app-wide registry | `GlobalTransformers` |
/// | 4 | built-in handling | `Date` as seconds since 2001, `Data` as base64, … |
///
/// Level 1 is the model's value rule, asked first for each property (the value pipeline).
/// This decides between levels 2 and 3, once per call: the transformers by type that a
/// call uses. A strategy set in code removes the app-wide transformer for its type, so a
/// decoder configured `.secondsSince1970` reads seconds even where an app registered an
/// ISO 8601 `Date` transformer; a transformer in `options.transformers` beats both.
enum WhichSettingWins {
    /// The transformers by the type they produce for one call: the app-wide ones, less those
    /// for a type whose strategy the call set in code, then the call's own.
    static func typeTransformers(perCall: [any ValueTransformable],
                                 configured: ConfiguredStrategies) -> [ObjectIdentifier: any ValueTransformable] {
        var transformers = GlobalTransformers.current
        if !transformers.isEmpty {
            if configured.contains(.date) { transformers[ObjectIdentifier(Date.self)] = nil }
            if configured.contains(.data) { transformers[ObjectIdentifier(Data.self)] = nil }
            if configured.contains(.floats) {
                transformers[ObjectIdentifier(Double.self)] = nil
                transformers[ObjectIdentifier(Float.self)] = nil
            }
        }
        for transformer in perCall { transformers[transformer.objectType] = transformer }
        return transformers
    }
}

/// The type-specific strategies a call set in code (`DecodingOptions`, `EncodingOptions`).
struct ConfiguredStrategies: OptionSet, Sendable {
    let rawValue: UInt8
    static let date = ConfiguredStrategies(rawValue: 1)
    static let data = ConfiguredStrategies(rawValue: 2)
    static let floats = ConfiguredStrategies(rawValue: 4)
}
