/// What a JSON value must be for an enum case to match it.
///
/// - `.bool`, `.int`, `.double`, `.string`: that value (an integral double matches
///   `.int`, an integer matches `.double`; strings match exactly, case-sensitively).
/// - `.intRange`, `.doubleRange`: a number in the closed range (both ends included).
/// - `.stringRange`: a string in the closed range, compared lexicographically
///   (`"o"..."q"` holds `"pixel"`).
/// - `.pathValue("type.vimeo")`: an object whose value at the path (`type`) is the
///   last component (`vimeo`); `"a.b.c"` reads path `a.b`. The value may be a string,
///   or a number or boolean with that literal text.
public enum CaseMatcher: Sendable {
    /// This boolean.
    case bool(Bool)
    /// This integer (or an integral double).
    case int(Int)
    /// This number.
    case double(Double)
    /// This string, exactly.
    case string(String)
    /// An integer in the range.
    case intRange(ClosedRange<Int>)
    /// A number in the range.
    case doubleRange(ClosedRange<Double>)
    /// A string in the range, lexicographically.
    case stringRange(ClosedRange<String>)
    /// An object whose value at the path is the last component.
    case pathValue(String)

    /// For `.pathValue`: the path and the value it must hold.
    var pathAndValue: (path: String, value: String)? {
        guard case let .pathValue(text) = self, let dot = text.lastIndex(of: ".") else { return nil }
        return (String(text[..<dot]), String(text[text.index(after: dot)...]))
    }

    /// The JSON a case written through this matcher has: the matcher's value (a range's
    /// lower bound; a path value as nested objects).
    var encodedValue: JSONValue {
        switch self {
        case let .bool(value): return .bool(value)
        case let .int(value): return .int(Int64(value))
        case let .double(value): return .double(value)
        case let .string(value): return .string(value)
        case let .intRange(range): return .int(Int64(range.lowerBound))
        case let .doubleRange(range): return .double(range.lowerBound)
        case let .stringRange(range): return .string(range.lowerBound)
        case .pathValue:
            guard let (path, value) = pathAndValue else { return .null }
            var json = JSONValue.object([:])
            json.setValue(.string(value), atPath: path)
            return json
        }
    }
}

