#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if FullFoundation
import Foundation  // DateFormatter
#endif

/// Dates from numbers or text, written back in the same form.
///
/// ```swift
/// static func mappingForValue() -> [ValueMapping]? {
///     [CodingKeys.createdAt <--- DateTransformer(.iso8601),
///      CodingKeys.expiresAt <--- DateTransformer(.millisecondsSince1970)]
/// }
/// GlobalTransformers.register(DateTransformer(.iso8601))   // every Date property
/// ```
/// - `DateTransformer()` (SmartCodable's `SmartDateTransformer()`) reads every common form
///   (`DateForm.read`: seconds or milliseconds told apart by magnitude, ISO 8601, `2024-12-10
///   08:30:00`, `2024/12/10`, numbers in strings) and writes ISO 8601, or the form given
///   with `DateTransformer(writing:)`. To write each date back in the form it was read,
///   use `@DateValue`.
/// - Numeric strategies read integers, fractions, and numbers written in strings
///   (`"1700000000"`); they write a number (an integer when the value is whole).
///   `.secondsSince1970` takes a number from 100,000,000,000 on (the year 5138 in seconds)
///   for milliseconds.
/// - `.iso8601` reads `2024-12-10`, `2024-12-10T08:30:00Z`, fractions of any length and
///   offsets (`+05:30`, `-0800`); it writes `2024-12-10T08:30:00Z`, with milliseconds
///   when the date has a fraction.
/// - `.formatted` uses your formatter, behind a lock (one call at a time).
/// A value that every strategy but `.custom` cannot read in its own form is read in any
/// other common form (a server that sends `"2024-12-10 08:30:00"` where seconds were
/// declared still gives its date). A value in no form is nil: recorded as
/// `transformFailed`, and the property falls back to its initial value.
public struct DateTransformer: ValueTransformable {
    /// How dates are written in the JSON.
    public enum Strategy: Sendable {
        /// Seconds since 1970-01-01T00:00:00Z (Unix time).
        case secondsSince1970
        /// Milliseconds since 1970 (JavaScript time).
        case millisecondsSince1970
        /// Seconds since 2001-01-01T00:00:00Z (Foundation's reference date).
        case secondsSince2001
        /// ISO 8601 / RFC 3339 text (see the type's notes for the forms read).
        case iso8601
        #if FullFoundation
        /// Text read and written by your formatter (with the `FullFoundation` trait, on by
        /// default: `DateFormatter` is Foundation proper's).
        case formatted(DateFormatter)
        #endif
        /// Your own closures, both ways (no other form is tried when `from` gives nil).
        case custom(from: @Sendable (JSONValue) -> Date?, to: @Sendable (Date) -> JSONValue?)
        /// Every common form read (`DateForm.read`), dates written in `writing`.
        case anyForm(writing: DateForm)
    }

    /// The form dates take in the JSON.
    public let strategy: Strategy
    #if FullFoundation
    /// One lock for every formatter: the same formatter may serve several transformers,
    /// which were not made for concurrent use.
    private static let formatterLock = Locked(())
    #endif

    /// A transformer for dates in this form.
    public init(_ strategy: Strategy) {
        self.strategy = strategy
    }

    /// A transformer that reads every common form (`DateForm.read`) and writes `form`
    /// (ISO 8601 by default): SmartCodable's `SmartDateTransformer()`.
    public init(writing form: DateForm = .iso8601) {
        self.strategy = .anyForm(writing: form)
    }

    /// The value read from JSON, or nil when it is in no accepted form.
    public func transformFromJSON(_ value: JSONValue) -> Date? {
        switch strategy {
        case .secondsSince1970: number(value).map { Date(timeIntervalSince1970: $0) } ?? DateForm.read(value)?.date
        case .millisecondsSince1970: number(value).map { Date(timeIntervalSince1970: $0 / 1_000) } ?? DateForm.read(value)?.date
        case .secondsSince2001: number(value).map { Date(timeIntervalSinceReferenceDate: $0) } ?? DateForm.read(value)?.date
        case .iso8601: text(value).flatMap(ISO8601.date(from:)) ?? DateForm.read(value)?.date
        #if FullFoundation
        case let .formatted(formatter):
            text(value).flatMap { text in Self.formatterLock.withLock { _ in formatter.date(from: text) } } ?? DateForm.read(value)?.date
        #endif
        case let .custom(from, _): from(value)
        case .anyForm: DateForm.read(value)?.date
        }
    }

    /// The JSON written for the value.
    public func transformToJSON(_ value: Date) -> JSONValue? {
        switch strategy {
        case .secondsSince1970: DateForm.secondsSince1970.json(for: value)
        case .millisecondsSince1970: DateForm.millisecondsSince1970.json(for: value)
        case .secondsSince2001: DateForm.number(value.timeIntervalSinceReferenceDate, quoted: false)
        case .iso8601: .string(ISO8601.string(from: value))
        #if FullFoundation
        case let .formatted(formatter): .string(Self.formatterLock.withLock { _ in formatter.string(from: value) })
        #endif
        case let .custom(_, to): to(value)
        case let .anyForm(form): form.json(for: value)
        }
    }

    /// The number in `value` (or in its text); for seconds since 1970, one past the year 5138
    /// in seconds is taken for milliseconds, as `DateForm.read` takes it.
    private func number(_ value: JSONValue) -> Double? {
        guard let number = value.converted(to: Double.self), number.isFinite else { return nil }
        if case .secondsSince1970 = strategy { return DateForm.epochSeconds(number) }
        return number
    }

    private func text(_ value: JSONValue) -> String? {
        if case let .string(text) = value { return text.trimmingSpace() }
        return nil
    }
}
