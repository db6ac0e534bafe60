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
            return JSONValue.nested(path, .string(value))
        }
    }
}

extension JSONValue {
    /// `value` under a dotted path of objects: `nested("a.b", x)` is `{"a": {"b": x}}`.
    static func nested(_ path: String, _ value: JSONValue) -> JSONValue {
        path.split(separator: ".").reversed().reduce(value) { inner, key in .object([String(key): inner]) }
    }

    /// Sets `value` at a dotted path, making or merging objects on the way.
    mutating func set(_ path: some StringProtocol, _ value: JSONValue) {
        let parts = path.split(separator: ".", maxSplits: 1)
        guard case var .object(members) = self else {
            self = .nested(String(path), value)
            return
        }
        let key = String(parts[0])
        if parts.count == 1 {
            members[key] = value
        } else {
            var child = members[key] ?? .object([:])
            child.set(parts[1], value)
            members[key] = child
        }
        self = .object(members)
    }
}
