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
/// (`20241210`), leap seconds (`:60`).
/// Written: `YYYY-MM-DDTHH:MM:SSZ`, with `.SSS` milliseconds when the date has a fraction.
enum ISO8601 {
    static func date(from text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2),
              (1 ... 12).contains(month), (1 ... daysIn(month, year)).contains(day) else { return nil }
        var seconds = Double(daysFromCivil(year, month, day)) * 86_400
        if scanner.skip("T") || scanner.skip("t") || scanner.skip(" ") {
            guard let hour = scanner.number(digits: 2), scanner.skip(":"), let minute = scanner.number(digits: 2),
                  hour < 24, minute < 60 else { return nil }
            seconds += Double(hour * 3_600 + minute * 60)
            if scanner.skip(":") {
                guard let second = scanner.number(digits: 2), second < 60 else { return nil }
                seconds += Double(second)
                if scanner.skip(".") || scanner.skip(",") {
                    guard let fraction = scanner.fraction() else { return nil }
                    seconds += fraction
                }
            }
            if scanner.skip("Z") || scanner.skip("z") {
                // UTC
            } else if let sign = scanner.sign() {
                guard let hours = scanner.number(digits: 2), hours < 24 else { return nil }
                var minutes = 0
                if scanner.skip(":") {
                    guard let value = scanner.number(digits: 2) else { return nil }
                    minutes = value
                } else if let value = scanner.number(digits: 2) {
                    minutes = value
                }
                guard minutes < 60 else { return nil }
                seconds -= Double(sign * (hours * 3_600 + minutes * 60))
            }
        }
        guard scanner.isAtEnd else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    static func string(from date: Date) -> String {
        let total = date.timeIntervalSince1970
        var whole = total.rounded(.down)
        var milliseconds = Int(((total - whole) * 1_000).rounded())
        if milliseconds == 1_000 {
            whole += 1
            milliseconds = 0
        }
        let days = Int((whole / 86_400).rounded(.down))
        let secondOfDay = Int(whole) - days * 86_400
        let (year, month, day) = civilFromDays(days)
        var text = pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T" + pad(secondOfDay / 3_600, 2) + ":"
            + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
        if milliseconds != 0 { text += "." + pad(milliseconds, 3) }
        return text + "Z"
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

        mutating func sign() -> Int? {
            if skip("+") { return 1 }
            if skip("-") { return -1 }
            return nil
        }
    }
}
