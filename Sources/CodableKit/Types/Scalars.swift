/// The scalar types and the conversions between JSON kinds.
///
/// Each scalar reads its own kind first (a number for numeric types, a string
/// for `String`, a boolean for `Bool`) and only then tries a conversion:
///
/// | to \ from | number | string | bool |
/// |---|---|---|---|
/// | integer types | exact value, if integral and in range | a number written in the string (`"27"`, `" 12.0 "`) | 1 / 0 |
/// | `Double`, `Float` | correctly rounded, if finite | a number written in the string | 1 / 0 |
/// | `String` | the number's literal text (`1.0` → `"1.0"`) | itself | `"true"` / `"false"` |
/// | `Bool` | `1` / `0` only | `true`/`false`, `yes`/`no`, `1`/`0`, any case | itself |
///
/// Not converted: `12.5` or `"12.5"` into an integer (never truncated), numbers
/// out of the type's range (`300` into `UInt8`, `1e400` into `Double`), `NaN` and
/// `Infinity` in strings, other numbers into `Bool`.
/// Each writes itself as JSON of its own kind (`Double` and `Float` in their
/// shortest round-trip form; non-finite values are an error), and falls back to
/// `0`, `""` or `false`.
protocol ScalarValue: Decodable, KernelValue {
    /// The value when the node holds this type's own kind and it fits exactly.
    static func read(_ document: JSONDocument, _ node: Int) -> Self?
    /// The value converted from another kind, or nil.
    static func convert(_ document: JSONDocument, _ node: Int) -> Self?
    /// Whether `kind` is this type's own kind (a failed read of it is "out of range").
    static func isOwnKind(_ kind: JSONDocument.Kind) -> Bool
    /// The number at `node` (or in its string) with its fraction rounded by `rule`, for an
    /// integer type it then fits (`NumberConversionStrategy`); nil for any other type.
    static func rounding(_ document: JSONDocument, _ node: Int, _ rule: FloatingPointRoundingRule) -> Self?
    /// An array of this type (`DocumentDecoder.decodeScalarArray`). A requirement, not
    /// only an extension method, so that each conformance gets a copy specialized for
    /// its type: called generically, every array asked the runtime for the metadata of
    /// `[Self]`, `Self?` and a `Result`.
    static func readArray(with decoder: DocumentDecoder, at node: Int) throws -> [Self]
    /// This scalar for the property in `site`: read, converted, or repaired. A
    /// requirement for the same reason as `readArray` (generically, every property
    /// asked the runtime for `Result<Self, Error>`).
    static func propertyValue(with decoder: DocumentDecoder, at node: Int, site: PropertySite) throws -> Self
}

extension ScalarValue {
    static func rounding(_: JSONDocument, _: Int, _: FloatingPointRoundingRule) -> Self? { nil }

    static func readArray(with decoder: DocumentDecoder, at node: Int) throws -> [Self] {
        try decoder.decodeScalarArray(Self.self, at: node)
    }

    static func propertyValue(with decoder: DocumentDecoder, at node: Int, site: PropertySite) throws -> Self {
        if let value = read(decoder.document, node) { return value }
        let converted = decoder.session.at(decoder.session.pathKey(site)) { decoder.convertScalar(Self.self, at: node) }
        switch converted {
        case let .success(value): return value
        case let .failure(problem):
            return try decoder.session.repairProperty(Self.self, problem: problem, site: site, at: node, in: decoder.document)
        }
    }

    @inline(__always)
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> Self {
        if let value = read(decoder.document, node) { return value }
        switch decoder.convertScalar(Self.self, at: node) {
        case let .success(value): return value
        case let .failure(problem): throw decoder.session.error(for: problem)
        }
    }
}

extension DocumentDecoder {
    /// The slow path of a scalar at the current path: a conversion (recorded), or the
    /// problem — returned, not thrown nor boxed as an error, so that the property path
    /// hands it to the repair stage as it is (`DecodingSession.error(for:)` makes the
    /// error to throw elsewhere).
    func convertScalar<S: ScalarValue>(_: S.Type, at node: Int) -> Result<S, DecodingProblem> {
        if let (value, converted) = scalarConversion(S.self, at: node) {
            if converted, let problem = session.conversionProblem(at: node, in: document, to: S.self) { return .failure(problem) }
            return .success(value)
        }
        return .failure(scalarProblem(S.self, at: node))
    }

    /// The problem of the value at `node`, which `scalarConversion` does not make an `S`.
    func scalarProblem<S: ScalarValue>(_: S.Type, at node: Int) -> DecodingProblem {
        let kind = document.nodes[node].kind
        if kind == .null { return DecodingProblem(reason: .null, expected: S.self) }
        let found = FoundValue(node: node, in: document)
        return DecodingProblem(reason: S.isOwnKind(kind) ? .outOfRange(found: found) : .mismatch(found: found), expected: S.self)
    }

    /// The value `convertScalar` makes of the value at `node` (not of the scalar's own kind),
    /// before it records anything: `converted` when it is a conversion to record; nil for a problem.
    @inline(__always)
    func scalarConversion<S: ScalarValue>(_: S.Type, at node: Int) -> (value: S, converted: Bool)? {
        let kind = document.nodes[node].kind
        if kind == .null { return nil }
        if kind == .string, let special = session.options.nonConformingFloatDecodingStrategy.number(for: document.string(node)) {
            // A string that `nonConformingFloatDecodingStrategy` names: a value, not a repair.
            if let value = special as? S ?? Float(special) as? S { return (value, false) }
        }
        if let value = S.convert(document, node) { return (value, true) }
        if let rule = session.settings.options.numberConversionStrategy.rule, let value = S.rounding(document, node, rule) { return (value, true) }
        return nil
    }
}

// MARK: Integers

extension ScalarValue where Self: FixedWidthInteger {
    @inline(__always)
    static func read(_ document: JSONDocument, _ node: Int) -> Self? {
        guard document.nodes[node].kind == .number else { return nil }
        return document.integer(node, as: Self.self)
    }

    static func convert(_ document: JSONDocument, _ node: Int) -> Self? {
        switch document.nodes[node].kind {
        case .true: return 1
        case .false: return 0
        case .string:
            return document.numberInString(node)?.integer.exactly(Self.self)
        default: return nil
        }
    }

    static func isOwnKind(_ kind: JSONDocument.Kind) -> Bool { kind == .number }

    static func rounding(_ document: JSONDocument, _ node: Int, _ rule: FloatingPointRoundingRule) -> Self? {
        let number: Double? = switch document.nodes[node].kind {
        case .number: document.double(node)
        case .string: document.numberInString(node)?.double
        default: nil
        }
        guard let number, number.isFinite else { return nil }
        return Self(exactly: number.rounded(rule))
    }

    static var emptyValue: Self? { 0 }

    func encoded(by _: TreeEncoder, at _: @autoclosure () -> [any CodingKey]) -> EncodedContent { .number(String(self)) }
}

extension Int: ScalarValue {}
extension Int8: ScalarValue {}
extension Int16: ScalarValue {}
extension Int32: ScalarValue {}
extension Int64: ScalarValue {}
extension UInt: ScalarValue {}
extension UInt8: ScalarValue {}
extension UInt16: ScalarValue {}
extension UInt32: ScalarValue {}
extension UInt64: ScalarValue {}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: ScalarValue {
    static func read(_ document: JSONDocument, _ node: Int) -> Int128? {
        guard document.nodes[node].kind == .number else { return nil }
        return document.wideInteger(node, as: Int128.self)
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: ScalarValue {
    static func read(_ document: JSONDocument, _ node: Int) -> UInt128? {
        guard document.nodes[node].kind == .number else { return nil }
        return document.wideInteger(node, as: UInt128.self)
    }
}

// MARK: Floating point

extension Double: ScalarValue {
    @inline(__always)
    static func read(_ document: JSONDocument, _ node: Int) -> Double? {
        guard document.nodes[node].kind == .number else { return nil }
        let value = document.double(node)
        // Beyond Double's range is not a value; JSON5's `Infinity` and `NaN` are.
        return value.isFinite || document.nodes[node].flags & JSONDocument.Node.nonFiniteFlag != 0 ? value : nil
    }

    static var emptyValue: Double? { 0 }

    func encoded(by encoder: TreeEncoder, at path: @autoclosure () -> [any CodingKey]) throws -> EncodedContent {
        guard isFinite else { return try encoder.session.nonFinite(self, at: path()) }
        return .number(JSONNumberFormat.double(self))
    }

    static func convert(_ document: JSONDocument, _ node: Int) -> Double? {
        switch document.nodes[node].kind {
        case .true: return 1
        case .false: return 0
        case .string:
            guard let value = document.numberInString(node)?.double, value.isFinite else { return nil }
            return value
        default: return nil
        }
    }

    static func isOwnKind(_ kind: JSONDocument.Kind) -> Bool { kind == .number }
}

extension Float: ScalarValue {
    /// The number rounded once, from its text, to the nearest `Float`, as `JSONDecoder`
    /// reads it; nil beyond `Float`'s range. Through the `Double` first, which is the
    /// same `Float` unless that `Double` lies exactly halfway between two floats (then
    /// the text decides: `3.4028235677973366e38` is `greatestFiniteMagnitude`).
    @inline(__always)
    static func read(_ document: JSONDocument, _ node: Int) -> Float? {
        guard let value = Double.read(document, node) else { return nil }
        guard value.isFinite else { return Float(value) }  // JSON5's `Infinity` and `NaN`
        let narrowed = Float(value)
        if Double(narrowed) == value { return narrowed }
        if isHalfway(value, narrowed) {
            return document.withText(node) { Float(String(decoding: $0, as: UTF8.self)) }.flatMap { $0.isFinite ? $0 : nil }
        }
        return narrowed.isFinite ? narrowed : nil
    }

    /// Whether `value` is exactly halfway between `rounded` (`Float(value)`) and the float
    /// on its other side, where rounding it again could differ from rounding its text.
    private static func isHalfway(_ value: Double, _ rounded: Float) -> Bool {
        if rounded.isInfinite {
            let largest = Double(Float.greatestFiniteMagnitude)
            return value.magnitude == largest + Double(Float.greatestFiniteMagnitude.ulp) / 2
        }
        let other = value > Double(rounded) ? rounded.nextUp : rounded.nextDown
        return other.isFinite && (Double(rounded) + Double(other)) / 2 == value
    }

    static func convert(_ document: JSONDocument, _ node: Int) -> Float? {
        Double.convert(document, node).flatMap(Float.finite)
    }

    static func isOwnKind(_ kind: JSONDocument.Kind) -> Bool { kind == .number }

    static var emptyValue: Float? { 0 }

    func encoded(by encoder: TreeEncoder, at path: @autoclosure () -> [any CodingKey]) throws -> EncodedContent {
        guard isFinite else { return try encoder.session.nonFinite(Double(self), at: path()) }
        return .number(JSONNumberFormat.float(self))
    }

    /// The nearest `Float`, or nil beyond its range.
    private static func finite(_ value: Double) -> Float? {
        let narrowed = Float(value)
        return narrowed.isFinite ? narrowed : nil
    }
}

// MARK: String and Bool

extension String: ScalarValue {
    @inline(__always)
    static func read(_ document: JSONDocument, _ node: Int) -> String? {
        document.nodes[node].kind == .string ? document.string(node) : nil
    }

    static func convert(_ document: JSONDocument, _ node: Int) -> String? {
        switch document.nodes[node].kind {
        case .number: return document.string(node)  // the literal text: 1.0 stays "1.0"
        case .true: return "true"
        case .false: return "false"
        default: return nil
        }
    }

    static func isOwnKind(_ kind: JSONDocument.Kind) -> Bool { kind == .string }

    static var emptyValue: String? { "" }

    func encoded(by _: TreeEncoder, at _: @autoclosure () -> [any CodingKey]) -> EncodedContent { .string(self) }
}

extension Bool: ScalarValue {
    @inline(__always)
    static func read(_ document: JSONDocument, _ node: Int) -> Bool? {
        switch document.nodes[node].kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    static func convert(_ document: JSONDocument, _ node: Int) -> Bool? {
        switch document.nodes[node].kind {
        case .number:
            switch document.integer(node) {
            case .exact(negative: false, magnitude: 1): return true
            case .exact(_, magnitude: 0): return false
            default: return nil
            }
        case .string:
            switch document.string(node).trimmingWhitespace().lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        default: return nil
        }
    }

    static func isOwnKind(_ kind: JSONDocument.Kind) -> Bool { kind == .true || kind == .false }

    static var emptyValue: Bool? { false }

    func encoded(by _: TreeEncoder, at _: @autoclosure () -> [any CodingKey]) -> EncodedContent { .bool(self) }
}

extension JSONDocument {
    /// A number written in the string at `index` (`"27"`, `" -1.5e3 "`), or nil when
    /// the string (surrounding whitespace aside) is not exactly a JSON number.
    func numberInString(_ index: Int) -> NumberInString? {
        withText(index) { text in
            var start = 0
            var end = text.count
            while start < end, isJSONWhitespace(text[start]) { start += 1 }
            while end > start, isJSONWhitespace(text[end - 1]) { end -= 1 }
            // Safety: a slice of `text` (start <= end <= count), used only inside `withText`'s closure.
            let number = UnsafeBufferPointer(rebasing: text[start ..< end])
            guard let isInteger = JSONNumberText.validate(number) else { return nil }
            return NumberInString(text: Array(number), isInteger: isInteger)
        }
    }
}

/// The text of a number found inside a string, read with the same rules as a number node.
struct NumberInString {
    let text: [UInt8]
    let isInteger: Bool

    // Safety (these two): the array's bytes are read only inside the closure.
    var integer: JSONDocument.IntegerValue {
        text.withUnsafeBufferPointer { JSONNumberText.integer($0, isPlainInteger: isInteger) }
    }

    var double: Double {
        // Safety: the array's bytes are read only inside the closure.
        text.withUnsafeBufferPointer { JSONNumberText.double($0) }
    }

    var literal: String { String(decoding: text, as: UTF8.self) }
}

@inline(__always)
func isJSONWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
}

extension String {
    func trimmingWhitespace() -> String {
        var view = Substring(self)
        while let first = view.first, first.isWhitespace { view.removeFirst() }
        while let last = view.last, last.isWhitespace { view.removeLast() }
        return String(view)
    }
}
