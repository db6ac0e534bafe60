/// Hex text ⇄ `HexColor`.
///
/// ```swift
/// CodingKeys.tint <--- HexColorTransformer()   // "#7DA5E3", "7da5e3", "0x7DA5E3", "#FFF", "#7DA5E380"
/// ```
/// Reads `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, with `#`, `0x` or nothing in front,
/// any case. Not read: named colours, `rgb(…)`, numbers (nil, recorded as
/// `transformFailed`). Writes `#RRGGBB`, or `#RRGGBBAA` when not opaque.
public struct HexColorTransformer: ValueTransformable {
    /// The transformer; it has no settings.
    public init() {}

    /// The value read from JSON, or nil when it is not in an accepted form.
    public func transformFromJSON(_ value: JSONValue) -> HexColor? {
        guard case let .string(text) = value else { return nil }
        return HexColor(hex: text)
    }

    /// The JSON written for the value.
    public func transformToJSON(_ value: HexColor) -> String? {
        value.hex
    }
}
