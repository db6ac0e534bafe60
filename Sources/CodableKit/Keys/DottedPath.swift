/// A key that may be a path — the one rule for every place CodableKit accepts
/// one: key candidates (`mappingForKey`, strategies, `@ModelField`), a
/// `designatedPath`, `JSONValue[path]` and `JSONValue.setValue(_:atPath:)`, keys
/// written when encoding, and enum path values.
///
/// The text is split at every `.` (empty components kept: `"a..b"` is `a`, ``,
/// `b`). Reading walks the components — an object member by key, an array element
/// where the component is a decimal index — and, when that walk finds nothing,
/// tries the whole text as one literal key of the starting object (some APIs put
/// dots in keys). Writing always nests: `"a.b"` is written as `{"a": {"b": …}}`,
/// merged with siblings that share the prefix.
struct DottedPath: Sendable {
    let text: String
    /// The components' UTF-8, for comparing with a document's keys.
    let components: [[UInt8]]

    init(_ text: String) {
        self.text = text
        components = text.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).map(Array.init)
    }

    /// Whether the text has a dot, so that there is a walk to try.
    var isNested: Bool { components.count > 1 }

    /// The components as strings.
    var keys: [String] { components.map { String(decoding: $0, as: UTF8.self) } }

    /// Whether a key has a dot, without splitting it (a byte search: `String.contains`
    /// goes through Foundation).
    static func isNested(_ key: String) -> Bool {
        key.utf8.contains(UInt8(ascii: "."))
    }

    /// A component read as an array index.
    static func index(_ component: some Collection<UInt8>) -> Int? {
        guard !component.isEmpty, component.count < 19, component.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }) else { return nil }
        return component.reduce(0) { $0 * 10 + Int($1 &- UInt8(ascii: "0")) }
    }
}

extension JSONDocument {
    /// The value at `path` from `start` (see `DottedPath` for the rule), if there is one.
    func value(at path: DottedPath, from start: Int = 0) -> Int? {
        if path.isNested, let found = walk(path.components, from: start) { return found }
        guard nodes[start].kind == .object else { return nil }
        return path.text.utf8.withContiguousStorageIfAvailable { member($0, in: start) } ?? member(path.text, in: start)
    }

    /// The walk alone: object members by key, array elements by index.
    func walk(_ components: [[UInt8]], from start: Int) -> Int? {
        var current = start
        for component in components {
            switch nodes[current].kind {
            case .object:
                // Safety: the component's bytes are read only inside the closure.
                guard let next = component.withUnsafeBufferPointer({ member($0, in: current) }) else { return nil }
                current = next
            case .array:
                guard let position = DottedPath.index(component), let next = element(position, in: current) else { return nil }
                current = next
            default:
                return nil
            }
        }
        return current
    }
}

extension JSONValue {
    /// The value at a dotted path: object keys and array indices, such as `"data.items.0.name"`.
    ///
    /// A component is an array index where the value is an array and a key where it
    /// is an object. When that walk finds nothing, the whole path is tried as one
    /// literal key (`"a.b"` as written), since some APIs put dots in keys. Returns nil
    /// when nothing is there.
    public subscript(path: String) -> JSONValue? {
        let path = DottedPath(path)
        if path.isNested, let found = walk(path.keys) { return found }
        if case let .object(members) = self { return members[path.text] }
        return nil
    }

    private func walk(_ keys: [String]) -> JSONValue? {
        var current = self
        for key in keys {
            switch current {
            case let .object(members):
                guard let next = members[key] else { return nil }
                current = next
            case let .array(values):
                guard let position = DottedPath.index(key.utf8), values.indices.contains(position) else { return nil }
                current = values[position]
            default:
                return nil
            }
        }
        return current
    }

    /// Sets `value` at a dotted path, making objects on the way and merging with
    /// those already there: `setValue(.int(1), atPath: "a.b")` on `{"a": {"c": 2}}`
    /// gives `{"a": {"b": 1, "c": 2}}`. A value on the way that is not an object is
    /// replaced by one.
    public mutating func setValue(_ value: JSONValue, atPath path: String) {
        set(value, at: DottedPath(path).keys[...])
    }

    private mutating func set(_ value: JSONValue, at keys: ArraySlice<String>) {
        guard let key = keys.first else {
            self = value
            return
        }
        var members: [String: JSONValue] = [:]
        if case let .object(existing) = self { members = existing }
        var child = members[key] ?? .null
        child.set(value, at: keys.dropFirst())
        members[key] = child
        self = .object(members)
    }
}
