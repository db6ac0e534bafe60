#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// ISO 8601 / RFC 3339 timestamps, parsed and written without a formatter (so
/// without locale, calendar or thread-safety concerns, and fast).
///
/// Read: `YYYY-MM-DD`, optionally `THH:MM` or `THH:MM:SS`, optionally a fraction of
/// any length (`.5`, `.123456`), optionally `Z` or an offset (`+05:30`, `-0800`,
/// `+05`); a space is accepted in place of `T`; no zone means UTC. Not read: week
/// dates (`2024-W50`), ordinal dates (`2024-345`), basic format without dashes
/// (`20241210`), leap seconds (`:60`). `parse(_:slashes:)` also reads `YYYY/MM/DD`.
/// Written: `YYYY-MM-DDTHH:MM:SSZ`, with `.SSS` milliseconds when the date has a fraction,
/// or in the form a text was read in (`TextForm`).
enum ISO8601 {
    /// How a date was written as text, as `parse` found it: enough to write another date the same way.
    struct TextForm: Hashable, Sendable {
        /// `-` or `/`, between year, month and day.
        var dateSeparator: UInt8 = UInt8(ascii: "-")
        /// `T`, `t` or a space before the time; nil for a date alone.
        var timeSeparator: UInt8?
        var hasSeconds = false
        /// Digits after the seconds' point (0: none).
        var fractionDigits = 0
        var zone = Zone.none

        enum Zone: Hashable, Sendable {
            /// No zone written (read as UTC).
            case none
            /// `Z` or `z`.
            case utc(UInt8)
            /// `+05:30`, `-0800`, `+05`: seconds east of UTC and how it was spelled.
            case offset(seconds: Int, colon: Bool, minutes: Bool)
        }
    }

    static func date(from text: String) -> Date? {
        parse(text, slashes: false)?.date
    }

    /// The date in `text` and the form it is written in; `slashes` also reads `YYYY/MM/DD`.
    static func parse(_ text: String, slashes: Bool) -> (date: Date, form: TextForm)? {
        var scanner = Scanner(Array(text.utf8))
        var form = TextForm()
        if slashes, text.utf8.count > 4, Array(text.utf8)[4] == UInt8(ascii: "/") { form.dateSeparator = UInt8(ascii: "/") }
        let separator = Character(UnicodeScalar(form.dateSeparator))
        guard let year = scanner.number(digits: 4), scanner.skip(separator),
              let month = scanner.number(digits: 2), scanner.skip(separator),
              let day = scanner.number(digits: 2),
              (1 ... 12).contains(month), (1 ... daysIn(month, year)).contains(day) else { return nil }
        var seconds = Double(daysFromCivil(year, month, day)) * 86_400
        if let timeSeparator = scanner.take(anyOf: "Tt ") {
            form.timeSeparator = timeSeparator
            guard let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2),
                  hour < 24, minute < 60 else { return nil }
            seconds += Double(hour * 3_600 + minute * 60)
            if scanner.skip(":") {
                guard let second = scanner.number(digits: 2), second < 60 else { return nil }
                form.hasSeconds = true
                seconds += Double(second)
                if scanner.skip(".") || scanner.skip(",") {
                    let start = scanner.position
                    guard let fraction = scanner.fraction() else { return nil }
                    form.fractionDigits = scanner.position - start
                    seconds += fraction
                }
            }
            if let zulu = scanner.take(anyOf: "Zz") {
                form.zone = .utc(zulu)
            } else if let sign = scanner.sign() {
                guard let hours = scanner.number(digits: 2), hours < 24 else { return nil }
                var minutes: Int?
                let colon = scanner.skip(":")
                if colon {
                    guard let value = scanner.number(digits: 2) else { return nil }
                    minutes = value
                } else {
                    minutes = scanner.number(digits: 2)
                }
                guard (minutes ?? 0) < 60 else { return nil }
                let offset = sign * (hours * 3_600 + (minutes ?? 0) * 60)
                form.zone = .offset(seconds: offset, colon: colon, minutes: minutes != nil)
                seconds -= Double(offset)
            }
        }
        guard scanner.isAtEnd else { return nil }
        return (Date(timeIntervalSince1970: seconds), form)
    }

    static func string(from date: Date) -> String {
        let total = date.timeIntervalSince1970
        let milliseconds = Int(((total - total.rounded(.down)) * 1_000).rounded())
        let fractionDigits = milliseconds == 0 || milliseconds == 1_000 ? 0 : 3
        return string(from: date, in: TextForm(timeSeparator: UInt8(ascii: "T"), hasSeconds: true, fractionDigits: fractionDigits,
                                               zone: .utc(UInt8(ascii: "Z"))))
    }

    /// `date` written in `form`: its local time at the form's offset (UTC without one), its
    /// fraction to the form's digits (rounded; at most nine).
    static func string(from date: Date, in form: TextForm) -> String {
        var offset = 0
        if case let .offset(seconds, _, _) = form.zone { offset = seconds }
        let digits = min(form.fractionDigits, 9)
        var scale = 1
        for _ in 0 ..< digits { scale *= 10 }
        let total = date.timeIntervalSince1970 + Double(offset)
        var whole = total.rounded(.down)
        var fraction = Int(((total - whole) * Double(scale)).rounded())
        if fraction == scale {
            whole += 1
            fraction = 0
        }
        if form.timeSeparator == nil || !form.hasSeconds { fraction = 0 }
        let days = Int((whole / 86_400).rounded(.down))
        let secondOfDay = Int(whole) - days * 86_400
        let (year, month, day) = civilFromDays(days)
        let separator = String(UnicodeScalar(form.dateSeparator))
        var text = pad(year, 4) + separator + pad(month, 2) + separator + pad(day, 2)
        guard let timeSeparator = form.timeSeparator else { return text }
        text += String(UnicodeScalar(timeSeparator)) + pad(secondOfDay / 3_600, 2) + ":" + pad(secondOfDay / 60 % 60, 2)
        if form.hasSeconds { text += ":" + pad(secondOfDay % 60, 2) }
        if form.hasSeconds, digits > 0 { text += "." + pad(fraction, digits) }
        switch form.zone {
        case .none: break
        case let .utc(letter): text += String(UnicodeScalar(letter))
        case let .offset(seconds, colon, minutes):
            text += (seconds < 0 ? "-" : "+") + pad(abs(seconds) / 3_600, 2)
            if minutes { text += (colon ? ":" : "") + pad(abs(seconds) / 60 % 60, 2) }
        }
        return text
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(abs(value))
        return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func daysIn(_ month: Int, _ year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Character) -> Bool {
            guard position < bytes.count, bytes[position] == character.asciiValue else { return false }
            position += 1
            return true
        }

        mutating func number(digits: Int) -> Int? {
            guard position + digits <= bytes.count else { return nil }
            var value = 0
            for offset in 0 ..< digits {
                let digit = bytes[position + offset] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                value = value * 10 + Int(digit)
            }
            position += digits
            return value
        }

        mutating func fraction() -> Double? {
            var value = 0.0
            var scale = 0.1
            let start = position
            while position < bytes.count, bytes[position] &- UInt8(ascii: "0") < 10 {
                value += Double(bytes[position] - UInt8(ascii: "0")) * scale
                scale /= 10
                position += 1
            }
            return position > start ? value : nil
        }

        /// The next byte, taken if it is one of `characters`.
        mutating func take(anyOf characters: String) -> UInt8? {
            guard position < bytes.count, characters.utf8.contains(bytes[position]) else { return nil }
            position += 1
            return bytes[position - 1]
        }

        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
