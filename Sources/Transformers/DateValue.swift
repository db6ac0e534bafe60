#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A date read from any common form and written back in the form it was read:
/// SmartCodable's `@SmartDate`.
///
/// ```swift
/// struct Event: CodableModel {
///     @DateValue var start: Date?                                  // "2024-12-10 08:30:00" → written the same way
///     @DateValue(writing: .millisecondsSince1970) var end: Date?   // the form for a date set in code
/// }
/// event.$start                                                     // the form read: yyyy-MM-dd HH:mm:ss
/// ```
/// Holds a `Date?`. The forms are `DateForm.read`'s. A date set in code (`event.start = .now`) is written in the
/// form last read, or without one in the form given (ISO 8601 by default); `$start = .iso8601`
/// chooses one. A value in no form fails the property (repaired to its initial value, and
/// recorded, by CodableKit; an error from `JSONDecoder`). A nil `Date?` is written as `null`.
@propertyWrapper
public struct DateValue: Sendable, Hashable {
    /// The date (nil for `null`, or until one is read or set).
    public var wrappedValue: Date?
    /// The form the date is written in: the one it was read in, else the one given.
    public var projectedValue: DateForm

    /// A date written in `form` until one is read.
    public init(wrappedValue: Date? = nil, writing form: DateForm = .iso8601) {
        self.wrappedValue = wrappedValue
        projectedValue = form
    }
}

extension DateValue: Codable {
    /// The date in any form `DateForm.read` takes, or nil for `null` (then written in ISO 8601
    /// once set: the form given in the model is not known to a decoder).
    /// - Throws: `DecodingError.dataCorrupted` for a value in no such form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self.init()
            return
        }
        let json = try container.decode(JSONValue.self)
        guard let (date, form) = DateForm.read(json) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(json) is not a date in a form read here")
        }
        self.init(wrappedValue: date, writing: form)
    }

    /// The date in `projectedValue`'s form, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        guard let date = wrappedValue else { return try container.encodeNil() }
        try container.encode(projectedValue.json(for: date))
    }
}
