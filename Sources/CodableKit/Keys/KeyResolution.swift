/// Where to look for a property's value: the JSON keys (or dotted paths) to try, best first.
///
/// Order: the property's own rules, the model-wide rule, the call's strategies,
/// then the property name itself, which a rule never hides. Duplicates are
/// dropped. Computed once per (keyed type, key) in a decode and kept in a `KeyTable`.
struct KeyCandidate {
    /// The whole key as UTF-8.
    let key: [UInt8]
    /// For a dotted key, its components; tried as a nested path before the literal key.
    let components: [[UInt8]]?

    init(_ text: String) {
        key = Array(text.utf8)
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        components = parts.count > 1 ? parts.map { Array($0.utf8) } : nil
    }
}

/// Resolved candidates per coding key, for one keyed type in one decode.
final class KeyTable {
    private let info: ModelInfo?
    private let strategies: [any KeyStrategy]
    private var resolved: [String: [KeyCandidate]] = [:]

    init(info: ModelInfo?, strategies: [any KeyStrategy]) {
        self.info = info
        self.strategies = strategies
    }

    func candidates(for property: String) -> [KeyCandidate] {
        if let candidates = resolved[property] { return candidates }
        var keys: [String] = []
        let ownRules = info?.propertyKeyRules[property] ?? []
        for strategy in ownRules + (info?.modelKeyRules ?? []) + strategies {
            keys += strategy.decodingKeys(for: property)
        }
        keys.append(property)
        var seen = Set<String>()
        let candidates = keys.filter { seen.insert($0).inserted }.map(KeyCandidate.init)
        resolved[property] = candidates
        return candidates
    }
}

extension JSONDocument {
    /// The value for the first candidate that is present and not null in `object`;
    /// else the first that is present (null); else nil.
    func resolve(_ candidates: [KeyCandidate], in object: Int, index: MemberIndex? = nil) -> Int? {
        var firstNull: Int?
        for candidate in candidates {
            var found: Int?
            if let components = candidate.components {
                found = value(atPath: components, from: object)
            }
            if found == nil {
                found = candidate.key.withUnsafeBufferPointer { key in
                    index.map { $0.lookup(key, in: self) } ?? member(key, in: object)
                }
            }
            guard let node = found else { continue }
            if nodes[node].kind != .null { return node }
            if firstNull == nil { firstNull = node }
        }
        return firstNull
    }

    /// The value at a path of object keys and array indices from `start`, if there is one.
    func value(atPath components: [[UInt8]], from start: Int) -> Int? {
        var current = start
        for component in components {
            switch nodes[current].kind {
            case .object:
                guard let next = component.withUnsafeBufferPointer({ member($0, in: current) }) else { return nil }
                current = next
            case .array:
                guard let position = Int(String(decoding: component, as: UTF8.self)),
                      let next = element(position, in: current) else { return nil }
                current = next
            default:
                return nil
            }
        }
        return current
    }

    /// The value at a dotted path such as `data.items.0` (a `designatedPath`).
    func value(atPath path: String, from start: Int = 0) -> Int? {
        let components = path.split(separator: ".", omittingEmptySubsequences: false).map { Array($0.utf8) }
        return value(atPath: components, from: start)
            ?? (nodes[start].kind == .object ? member(path, in: start) : nil)
    }
}
