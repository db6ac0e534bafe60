import CodableKit
import Foundation

/// A plugin you could write yourself, against the public API only: prices sent as
/// decimal numbers or strings, kept as integer cents.
struct Cents: Codable, Equatable, CustomStringConvertible {
    var value: Int
    var description: String { "\(value / 100).\(String(format: "%02d", value % 100))" }
}

struct CentsTransformer: ValueTransformable {
    func transformFromJSON(_ value: JSONValue) -> Cents? {
        value.converted(to: Double.self).map { Cents(value: Int(($0 * 100).rounded())) }   // "4.99", 4.99, 5
    }

    func transformToJSON(_ value: Cents) -> Double? {
        Double(value.value) / 100
    }
}
