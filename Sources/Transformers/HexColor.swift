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
/// As `Codable` on its own it reads and writes the same hex text. A colour read from hex text is
/// written back in that text's form (`7da5e3` stays without `#` and in lowercase, `#FFF` stays
/// short while the colour allows it); two colours with the same components are equal whatever
/// their form.
public struct HexColor: Codable, Hashable, Sendable {
    /// The red component, from 0 to 1.
    public let red: Double
    /// The green component, from 0 to 1.
    public let green: Double
    /// The blue component, from 0 to 1.
    public let blue: Double
    /// The alpha component, from 0 to 1.
    public let alpha: Double
    /// How `hex` is written: the form the colour was read in, else `#RRGGBB`.
    private var form = HexForm()

    /// A way of writing hex text: what goes in front, the letters' case, three or four digits.
    private struct HexForm: Sendable {
        var prefix = "#"
        var uppercase = true
        var short = false
    }

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
        let text = hex.trimmingSpace()
        var digits = Substring(text)
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
        let prefix = String(text.prefix(text.count - digits.count))
        form = HexForm(prefix: prefix, uppercase: !digits.contains(where: \.isLowercase), short: short)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque, uppercase — or in the form the colour was read in.
    public var hex: String {
        let bytes = [red, green, blue] + (alpha < 1 ? [alpha] : [])
        let values = bytes.map { Int(($0 * 255).rounded()) }
        // Three or four digits only where every byte is a digit doubled (0x77, not 0x7D).
        let short = form.short && values.allSatisfy { $0 % 17 == 0 }
        let digits = values.map { value in
            let text = String(short ? value / 17 : value, radix: 16, uppercase: form.uppercase)
            return short || text.count == 2 ? text : "0" + text
        }
        return form.prefix + digits.joined()
    }

    /// Equal components (the form read is not compared).
    public static func == (lhs: HexColor, rhs: HexColor) -> Bool {
        (lhs.red, lhs.green, lhs.blue, lhs.alpha) == (rhs.red, rhs.green, rhs.blue, rhs.alpha)
    }

    /// The components.
    public func hash(into hasher: inout Hasher) {
        for component in [red, green, blue, alpha] { hasher.combine(component) }
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
