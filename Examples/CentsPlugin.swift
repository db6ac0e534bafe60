import CodableKit
import Foundation

/// Prices sent as amounts — a number or a numeric string: 4.99, "4.99", 5, "5.00" — kept
/// as whole cents in a type of their own (an app-wide transformer applies to every
/// property of its type: one for `Int` would take every `Int`).
struct Cents: Codable, Equatable, CustomStringConvertible {
    var value: Int
    var description: String { "\(value / 100).\(String(format: "%02d", value % 100))" }
}

struct CentsTransformer: ValueTransformable {
    func transformFromJSON(_ value: JSONValue) -> Cents? {
        value.converted(to: Double.self).map { Cents(value: Int(($0 * 100).rounded())) }   // the kernel's conversions
    }

    func transformToJSON(_ value: Cents) -> Double? {
        Double(value.value) / 100
    }
}

// A plugin you could write yourself, against the public API only: the README and the plugin
// guide show this file's code, imports included.
