#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A form a date takes in JSON: read from any common form, and written back in it.
///
/// ```swift
/// let (date, form) = DateForm.read(.string("2024-12-10 08:30:00"))!   // form: yyyy-MM-dd HH:mm:ss
/// form.json(for: date.addingTimeInterval(60))                         // "2024-12-10 08:31:00"
/// ```
/// `read(_:)` takes, without a formatter (so without the `FullFoundation` trait):
/// - numbers, and numbers in strings, of seconds or milliseconds since 1970, told apart by
///   magnitude: from 100,000,000,000 on (in seconds, the year 5138) a number is milliseconds;
/// - ISO 8601 with or without a fraction and a zone (`2024-12-10T08:30:00.250+05:30`), with a
///   space for the `T` (`2024-12-10 08:30:00`), without seconds, or a date alone (`2024-12-10`);
/// - the same with slashes (`2024/12/10`, `2024/12/10 08:30:00`).
///
/// Not read: week and ordinal dates, and ISO 8601's basic form — eight digits in a string
/// (`"20241210"`) are refused rather than taken for seconds in 1970.
///
/// `json(for:)` writes the same form: a number stays a number (or a string, if it was one) in the
/// same unit; a text keeps its separators, its fraction's digits and its zone (a date read at
/// `+05:30` is written at `+05:30`; without a zone, in UTC, as it was read).
public struct DateForm: Sendable, Hashable, CustomStringConvertible {
    enum Shape: Hashable {
        case seconds(quoted: Bool)
        case milliseconds(quoted: Bool)
        case text(ISO8601.TextForm)
    }

    let shape: Shape

    /// Seconds since 1970 as a number (an integer when whole).
    public static let secondsSince1970 = DateForm(shape: .seconds(quoted: false))
    /// Milliseconds since 1970 as a number.
    public static let millisecondsSince1970 = DateForm(shape: .milliseconds(quoted: false))
    /// `2024-12-10T08:30:00Z` (with `.SSS` when the date has a fraction of a second).
    public static let iso8601 = DateForm(shape: .text(.init(timeSeparator: UInt8(ascii: "T"), hasSeconds: true,
                                                             zone: .utc(UInt8(ascii: "Z")))))
    /// `2024-12-10 08:30:00`, in UTC.
    public static let dateTime = DateForm(shape: .text(.init(timeSeparator: UInt8(ascii: " "), hasSeconds: true)))
    /// `2024-12-10`, the day in UTC.
    public static let date = DateForm(shape: .text(.init()))

    /// Where a number of seconds since 1970 is taken for milliseconds (seconds past the year 5138).
    static let millisecondsFrom = 100_000_000_000.0

    /// The date `value` holds and the form it is written in; nil when it is in no form read here.
    public static func read(_ value: JSONValue) -> (date: Date, form: DateForm)? {
        switch value {
        case let .int(number): return epoch(Double(number), quoted: false)
        case let .double(number): return number.isFinite ? epoch(number, quoted: false) : nil
        case let .string(text):
            let trimmed = text.trimmingSpace()
            if isDecimal(trimmed) {
                // Eight digits are ISO 8601's basic `20241210`, not read here: not seconds of 1970.
                guard trimmed.utf8.count != 8 || trimmed.utf8.contains(where: { !isDigit($0) }),
                      let number = Double(trimmed), number.isFinite else { return nil }
                return epoch(number, quoted: true)
            }
            return ISO8601.parse(trimmed, slashes: true).map { ($0.date, DateForm(shape: .text($0.form))) }
        default: return nil
        }
    }

    /// A sign, digits, and at most one point among them: what a number of seconds is written as
    /// (`Double` would also take `1e9`, `0x1p3`, `inf`).
    private static func isDecimal(_ text: String) -> Bool {
        let unsigned = text.utf8.drop { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }
        guard unsigned.count >= text.utf8.count - 1 else { return false }
        let points = unsigned.filter { $0 == UInt8(ascii: ".") }.count
        return points <= 1 && unsigned.count > points && unsigned.allSatisfy { isDigit($0) || $0 == UInt8(ascii: ".") }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func epoch(_ number: Double, quoted: Bool) -> (date: Date, form: DateForm) {
        let date = Date(timeIntervalSince1970: epochSeconds(number))
        return (date, DateForm(shape: abs(number) >= millisecondsFrom ? .milliseconds(quoted: quoted) : .seconds(quoted: quoted)))
    }

    /// Seconds since 1970 for a number of seconds or, from `millisecondsFrom` on, milliseconds.
    static func epochSeconds(_ number: Double) -> Double {
        abs(number) >= millisecondsFrom ? number / 1_000 : number
    }

    /// `date` written in this form.
    public func json(for date: Date) -> JSONValue {
        switch shape {
        case let .seconds(quoted): Self.number(date.timeIntervalSince1970, quoted: quoted)
        case let .milliseconds(quoted): Self.number(date.timeIntervalSince1970 * 1_000, quoted: quoted)
        case let .text(form): .string(form == Self.iso8601.textForm ? ISO8601.string(from: date) : ISO8601.string(from: date, in: form))
        }
    }

    /// The form, as a date pattern (`yyyy-MM-dd'T'HH:mm:ss.SSSXXX`) or a unit.
    public var description: String {
        switch shape {
        case let .seconds(quoted): quoted ? "seconds since 1970, in a string" : "seconds since 1970"
        case let .milliseconds(quoted): quoted ? "milliseconds since 1970, in a string" : "milliseconds since 1970"
        case let .text(form):
            Self.pattern(form)
        }
    }

    private var textForm: ISO8601.TextForm? {
        if case let .text(form) = shape { return form }
        return nil
    }

    private static func pattern(_ form: ISO8601.TextForm) -> String {
        let separator = String(UnicodeScalar(form.dateSeparator))
        var pattern = "yyyy" + separator + "MM" + separator + "dd"
        guard let time = form.timeSeparator else { return pattern }
        pattern += (time == UInt8(ascii: " ") ? " " : "'" + String(UnicodeScalar(time)) + "'") + "HH:mm"
        if form.hasSeconds { pattern += ":ss" }
        if form.fractionDigits > 0 { pattern += "." + String(repeating: "S", count: form.fractionDigits) }
        switch form.zone {
        case .none: break
        case let .utc(letter): pattern += "'" + String(UnicodeScalar(letter)) + "'"
        case let .offset(_, colon, minutes): pattern += minutes ? (colon ? "xxx" : "xx") : "x"
        }
        return pattern
    }

    /// `number` as JSON: an integer when whole, in a string when `quoted`.
    static func number(_ number: Double, quoted: Bool) -> JSONValue {
        let value: JSONValue = number.rounded() == number ? Int64(exactly: number).map(JSONValue.int) ?? .double(number) : .double(number)
        guard quoted else { return value }
        switch value {
        case let .int(whole): return .string(String(whole))
        default: return .string(String(number))
        }
    }
}
