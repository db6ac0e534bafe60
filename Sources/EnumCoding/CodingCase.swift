/// One case of a `CaseMatchable` enum: what it matches, and, for a case with
/// associated values, where they live and how to build and take apart the case.
///
/// ```swift
/// CodingCase(.youTube, match: .pathValue("type.youtube"))
/// CodingCase(match: .pathValue("type.vimeo"),
///            values: [.label("id", keys: "ID", "Id"), .label("duration", keys: "minutes")],
///            make: { .vimeo(id: try $0.value("id"), duration: (try? $0.value("duration")) ?? 33) },
///            extract: { if case let .vimeo(id, duration) = $0 { return ["id": id, "duration": duration] }; return nil })
/// ```
/// Associated values are read from two layouts: beside a path value
/// (`{"type": "vimeo", "ID": "7"}`), or nested under the case's string
/// (`{"vimeo": {"ID": "7"}}` with `match: .string("vimeo")`).
public struct CodingCase<Enum> {
    let matchers: [CaseMatcher]
    let values: [AssociatedValue]
    /// Builds a case with associated values (nil for a plain case: `plainValue` is it).
    let make: (@Sendable (CaseValues) throws -> Enum)?
    let extract: (@Sendable (Enum) -> [String: any Encodable]?)?
    /// For a case without associated values: the case itself.
    let plainValue: Enum?

    /// A case without associated values. Encoding writes the first matcher's value
    /// (for a path value, that value at that path).
    public init(_ value: Enum, match: CaseMatcher...) {
        matchers = match
        values = []
        plainValue = value
        make = nil
        extract = nil
    }

    /// A case with associated values: `values` names the JSON keys of each one,
    /// `make` builds the case from them, `extract` takes them apart for encoding.
    /// `extract` returns nil for other cases; its keys are the labels of `values`
    /// (an index-based value under `"\(index)"`), written back under each value's first key.
    public init(match: CaseMatcher..., values: [AssociatedValue] = [],
                make: @escaping @Sendable (CaseValues) throws -> Enum,
                extract: (@Sendable (Enum) -> [String: any Encodable]?)? = nil) {
        matchers = match
        self.values = values
        self.make = make
        self.extract = extract
        plainValue = nil
    }
}

extension CodingCase: @unchecked Sendable where Enum: Sendable {}  // its closures are @Sendable

extension CodingCase {
    /// The case for a match, built from its associated values when it has some.
    func value(from source: JSONValue) throws -> Enum {
        if let plainValue { return plainValue }
        return try make!(CaseValues(source: source, values: values))
    }
}

/// Where an associated value lives: under a label or a position, read from the
/// first of `keys` present (dotted keys are paths).
public struct AssociatedValue: Sendable {
    let name: String
    let keys: [String]

    /// A value read by `CaseValues.value(_:)`, from the first of `keys` present (the label itself if none are given).
    public static func label(_ label: String, keys: String...) -> AssociatedValue {
        AssociatedValue(name: label, keys: keys.isEmpty ? [label] : keys)
    }

    /// A value read by `CaseValues.value(at:)`, from the first of `keys` present.
    public static func index(_ index: Int, keys: String...) -> AssociatedValue {
        AssociatedValue(name: String(index), keys: keys)
    }
}

/// The associated values of a matched case, for `make`: read with CodableKit's
/// conversions (`"12"` reads as `12`).
///
/// ```swift
/// make: { .vimeo(id: try $0.value("id"), duration: (try? $0.value("duration")) ?? 33) }
/// ```
public struct CaseValues {
    let source: JSONValue
    let values: [AssociatedValue]

    /// The value labelled `label`.
    /// - Throws: `DecodingError.keyNotFound` when none of its keys is present (or all are
    ///   null), `DecodingError.typeMismatch` when it cannot be read as `T` without a fallback.
    public func value<T: Decodable>(_ label: String, as type: T.Type = T.self) throws -> T {
        try read(values.first { $0.name == label } ?? .label(label), as: type)
    }

    /// The value at position `index` (declared with `.index(index, keys: …)`).
    /// - Throws: as `value(_:as:)`.
    public func value<T: Decodable>(at index: Int, as type: T.Type = T.self) throws -> T {
        guard let value = values.first(where: { $0.name == String(index) }) else {
            throw DecodingError.keyNotFound(CaseKey(String(index)), .init(codingPath: [], debugDescription: "No associated value \(index) is declared."))
        }
        return try read(value, as: type)
    }

    private func read<T: Decodable>(_ value: AssociatedValue, as _: T.Type) throws -> T {
        for key in value.keys {
            guard let found = source[key], found != .null else { continue }
            if let typed = found.converted(to: T.self) { return typed }
            throw DecodingError.typeMismatch(T.self, .init(codingPath: [CaseKey(key)],
                                                           debugDescription: "Expected \(T.self) but found \(found)."))
        }
        throw DecodingError.keyNotFound(CaseKey(value.keys.first ?? value.name), .init(
            codingPath: [], debugDescription: "None of \(value.keys) holds the associated value \(value.name)."))
    }
}

struct CaseKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
