#if canImport(UIKit)
import UIKit
#elseif canImport(AppKit)
import AppKit
#endif
#if canImport(SwiftUI)
import SwiftUI
#endif

/// A colour as red, green, blue and alpha components from 0 to 1: the portable
/// value behind `HexColorTransformer`, with `UIColor`/`NSColor`/SwiftUI `Color`
/// conversions where those exist.
///
/// ```swift
/// let tint = HexColor(hex: "#7DA5E3")          // red 0x7D / 255 …
/// tint?.hex                                     // "#7DA5E3"
/// ```
/// As `Codable` on its own it reads and writes the same hex text.
public struct HexColor: Codable, Hashable, Sendable {
    /// The red component, from 0 to 1.
    public let red: Double
    /// The green component, from 0 to 1.
    public let green: Double
    /// The blue component, from 0 to 1.
    public let blue: Double
    /// The alpha component, from 0 to 1.
    public let alpha: Double

    /// Components from 0 to 1; values outside are clamped.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        func clamp(_ value: Double) -> Double { min(max(value, 0), 1) }
        self.red = clamp(red)
        self.green = clamp(green)
        self.blue = clamp(blue)
        self.alpha = clamp(alpha)
    }

    /// Reads `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`, with `#`, `0x` or nothing in
    /// front, in any case. Nil for anything else (named colours, `rgb(…)`).
    public init?(hex: String) {
        var digits = Substring(hex.trimmingSpace())
        if digits.hasPrefix("#") {
            digits = digits.dropFirst()
        } else if digits.lowercased().hasPrefix("0x") {
            digits = digits.dropFirst(2)
        }
        guard [3, 4, 6, 8].contains(digits.count), let value = UInt64(digits, radix: 16),
              digits.allSatisfy(\.isHexDigit) else { return nil }
        let short = digits.count <= 4
        let channels = short ? digits.count : digits.count / 2
        let width: UInt64 = short ? 4 : 8
        func channel(_ index: Int) -> Double {
            let shift = width * UInt64(channels - 1 - index)
            let raw = (value >> shift) & ((1 << width) - 1)
            return Double(short ? raw * 17 : raw) / 255
        }
        self.init(red: channel(0), green: channel(1), blue: channel(2), alpha: channels == 4 ? channel(3) : 1)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque; uppercase.
    public var hex: String {
        func byte(_ value: Double) -> String {
            let text = String(Int((value * 255).rounded()), radix: 16, uppercase: true)
            return text.count == 1 ? "0" + text : text
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    /// Reads hex text. - Throws: `DecodingError.dataCorrupted` for text that is not a hex colour.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = HexColor(hex: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "Expected a hex colour such as #RRGGBB, found \(text.debugDescription)."))
        }
        self = color
    }

    /// Writes `hex`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }
}

#if canImport(UIKit)
extension HexColor {
    public var uiColor: UIColor { UIColor(red: red, green: green, blue: blue, alpha: alpha) }

    public init(_ color: UIColor) {
        var (r, g, b, a): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
        color.getRed(&r, green: &g, blue: &b, alpha: &a)
        self.init(red: Double(r), green: Double(g), blue: Double(b), alpha: Double(a))
    }
}
#elseif canImport(AppKit)
extension HexColor {
    public var nsColor: NSColor { NSColor(srgbRed: red, green: green, blue: blue, alpha: alpha) }

    /// Components in sRGB; a colour that cannot be converted to sRGB is black.
    public init(_ color: NSColor) {
        let srgb = color.usingColorSpace(.sRGB) ?? .black
        self.init(red: Double(srgb.redComponent), green: Double(srgb.greenComponent),
                  blue: Double(srgb.blueComponent), alpha: Double(srgb.alphaComponent))
    }
}
#endif

#if canImport(SwiftUI)
extension HexColor {
    public var color: Color { Color(.sRGB, red: red, green: green, blue: blue, opacity: alpha) }
}
#endif
