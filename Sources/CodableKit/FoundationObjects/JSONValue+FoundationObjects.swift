#if FullFoundation
import Foundation

/// A `JSONValue` to and from Foundation objects (`[String: Any]`, `NSNull`): with the
/// `FullFoundation` trait (on by default), which links Foundation proper.
///
/// ```swift
/// let value = try JSONValue(parsing: #"{"user": {"tags": ["a", "b"]}}"#)
/// value.anyValue              // ["user": ["tags": ["a", "b"]]] as [String: Any]
/// ```
extension JSONValue {
    /// The value as Foundation-style `Any`, as `JSONSerialization` would give it:
    /// `Int` (not `Int64`), `Double`, `String`, `Bool`, `[String: Any]`, `[Any]`, and `NSNull` for null.
    public var anyValue: Any {
        switch self {
        case .null: return NSNull()
        case let .bool(value): return value
        case let .int(value): return Int(exactly: value) ?? Double(value)  // Int is 32 bits on some platforms
        case let .double(value): return value
        case let .string(value): return value
        case let .array(values): return values.map(\.anyValue)
        case let .object(members): return members.mapValues(\.anyValue)
        }
    }

    /// Converts Foundation objects (`JSONSerialization` or property-list output, or
    /// `[String: Any]` built by hand).
    /// - Throws: `DecodingError.dataCorrupted` naming the path of a value that is not JSON.
    public init(foundationObject: Any) throws {
        self = try JSONDocument(foundationObject: foundationObject).value(at: 0)
    }
}
#endif
