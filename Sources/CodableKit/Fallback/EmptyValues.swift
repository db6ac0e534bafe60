import Foundation

/// A type's empty value, used when a property has no initial value to fall back to:
/// `0`, `""`, `false`, `[]`, `[:]`, `nil`, a model's `init()`.
protocol EmptyValueProviding {
    static var emptyValue: Self { get }
}

extension Bool: EmptyValueProviding { static var emptyValue: Bool { false } }
extension String: EmptyValueProviding { static var emptyValue: String { "" } }
extension Double: EmptyValueProviding { static var emptyValue: Double { 0 } }
extension Float: EmptyValueProviding { static var emptyValue: Float { 0 } }
// Integer types get theirs (0) with their `ScalarValue` conformance.
extension Decimal: EmptyValueProviding { static var emptyValue: Decimal { 0 } }
extension Array: EmptyValueProviding { static var emptyValue: Array { [] } }
extension Set: EmptyValueProviding { static var emptyValue: Set { [] } }
extension Dictionary: EmptyValueProviding { static var emptyValue: Dictionary { [:] } }
extension Optional: EmptyValueProviding { static var emptyValue: Optional { nil } }
extension JSONValue: EmptyValueProviding { static var emptyValue: JSONValue { .null } }

/// The empty value of `T`, if it has one.
func emptyValue<T>(_: T.Type) -> T? {
    if let provider = T.self as? any EmptyValueProviding.Type { return provider.emptyValue as? T }
    if let model = T.self as? any DecodableModel.Type { return model.init() as? T }
    return nil
}
