/// Where to look for a property's value: the JSON keys (or dotted paths) to try, best first.
///
/// Order: the property's own rules, the model-wide rule, the call's strategies,
/// then the property name itself, which a rule never hides. Duplicates are
/// dropped. Computed once per (keyed type, key) in a decode and kept in a `KeyTable`.
struct KeyCandidate {
    /// The whole key: a range of the table's `bytes`.
    var start: Int
    var length: Int
    /// For a dotted key, the index of its components in the table's `paths`
    /// (tried as a nested path before the literal key); -1 otherwise.
    var path: Int
}

/// Resolved candidates per coding key, for one keyed type in one decode.
///
/// A synthesized `init(from:)` asks for its keys in the same order for every
/// object, so the table predicts the next key and checks it with one string
/// comparison (equal literals compare by identity) before falling back to a
/// hash lookup; every candidate's bytes live in one buffer and candidates are
/// plain offsets, so resolving a key touches no reference counts; and the table's
/// state skips the runtime's exclusivity checks (`UncheckedStorage`: a decode is
/// single-threaded and these accesses do not overlap). The per-key cost does not
/// grow with the number of strategies.
final class KeyTable {
    private let info: ModelInfo?
    private let strategies: [any KeyStrategy]
    /// The table of the same `Key` type for another model (one `CodingKeys` shared by a
    /// class hierarchy, or `AnyCodingKey` for every model's `@ModelField`s), if any.
    private var next: KeyTable?

    /// The identity of the model whose rules this table applies (nil: the call's strategies
    /// only): compared per keyed container, without loading (and retaining) `info`.
    let infoIdentity: ObjectIdentifier?

    /// The table among this one and those after it that applies `info`'s rules, made and
    /// linked at the end the first time `info` is asked for.
    func table(for info: ModelInfo?, strategies: [any KeyStrategy]) -> Unmanaged<KeyTable> {
        var table = self
        while table.info !== info {
            guard let next = table.next else {
                let made = KeyTable(info: info, strategies: strategies)
                table.next = made
                // Safety: `table.next` (below the session's head) owns it until the session ends.
                return Unmanaged.passUnretained(made)
            }
            table = next
        }
        // Safety: the head, or a `next` of it, owns it until the session ends.
        return Unmanaged.passUnretained(table)
    }

    /// One property's candidates: a range of `candidates`, and its first candidate's key
    /// (a range of `bytes`) for the common lookup, or -1 when that candidate is dotted.
    private struct Entry {
        var property: String
        var first: Int
        var count: Int
        var firstKeyStart: Int
        var firstKeyLength: Int
    }

    private struct State: ~Copyable {
        /// Per property, in the order first asked.
        var entries = Stack<Entry>(capacity: 8)
        var positions: [String: Int] = [:]
        var predicted = 0
        var candidates: [KeyCandidate] = []
        var paths: [[[UInt8]]] = []
        /// Every candidate's UTF-8, in one buffer the table owns (no retain per lookup).
        var bytes = ByteArena()
    }

    private let state = UncheckedStorage(State())

    init(info: ModelInfo?, strategies: [any KeyStrategy]) {
        self.info = info
        infoIdentity = info.map(ObjectIdentifier.init)
        self.strategies = strategies
    }

    /// The entry of `property`'s candidates (predicted from the order of earlier lookups).
    @inline(__always)
    func entry(for property: String) -> Int {
        let count = state.value.entries.count
        var position = state.value.predicted
        if position >= count || state.value.entries[position].property != property {
            position = state.value.positions[property] ?? add(property)
        }
        state.value.predicted = position &+ 1 == state.value.entries.count ? 0 : position &+ 1
        return position
    }

    /// `property`'s entry, and its first candidate's key when that is a plain key: most
    /// keys are found there, so a container tries it inline before `resolve`. The key's
    /// bytes stay where they are until the table adds an entry.
    @inline(__always)
    func firstCandidate(for property: String) -> (entry: Int, key: UnsafeBufferPointer<UInt8>?) {
        let position = entry(for: property)
        // Fields read in place (a copy of the entry would retain its `property`).
        let start = state.value.entries[position].firstKeyStart
        guard start >= 0 else { return (position, nil) }
        return (position, state.value.bytes.buffer(start ..< start + state.value.entries[position].firstKeyLength))
    }

    /// The range of an entry's candidates in `candidates`.
    private func range(of entry: Int) -> Range<Int> {
        let first = state.value.entries[entry].first
        return first ..< first + state.value.entries[entry].count
    }

    /// The value node for an entry in `object`, as `MemberChoice` chooses among its
    /// candidates: the first that is present and not null; else the first that is present
    /// (null); else nil. Members are found by `session`'s cursor for containers at `depth`.
    /// Out of line, and given the session rather than the caller's closure: the first
    /// candidate answers most lookups (`member`), and a closure passed to a call that is not
    /// inlined is made, with what it captures retained, on every lookup (+5% instructions with
    /// a key strategy).
    @inline(never)
    func resolve(entry: Int, in document: JSONDocument, object: Int, session: DecodingSession, depth: Int) -> Int? {
        let candidates = range(of: entry)
        var choice = MemberChoice()
        for position in candidates {
            let candidate = state.value.candidates[position]
            var found: Int?
            if candidate.path >= 0 {  // the walk first, then the literal key below (see `DottedPath`)
                found = document.walk(state.value.paths[candidate.path], from: object)
            }
            if found == nil {
                let key = state.value.bytes.buffer(candidate.start ..< candidate.start + candidate.length)
                found = session.member(key, in: object, of: document, depth: depth)
            }
            guard let node = found else { continue }
            let isNull = document.nodes[node].kind == .null
            choice.offer(rank: position - candidates.lowerBound, at: node, isNull: isNull)
            if !isNull { break }  // candidates come best first: no later one beats a present value
        }
        return choice.node < 0 ? nil : choice.node
    }

    /// The keys `property`'s value is looked for under, best first, or nil when one is a
    /// dotted path (found by a walk, not among the object's own keys).
    func plainCandidates(for property: String) -> [[UInt8]]? {
        let entry = entry(for: property)
        var keys: [[UInt8]] = []
        for position in range(of: entry) {
            let candidate = state.value.candidates[position]
            guard candidate.path < 0 else { return nil }
            keys.append(Array(state.value.bytes.buffer(candidate.start ..< candidate.start + candidate.length)))
        }
        return keys
    }

    /// The value node for an entry among keys converted by `keyDecodingStrategy`:
    /// the first candidate present and not null (dotted candidates as literal keys).
    func resolveConverted(_ entry: Int, _ converted: [String: Int]) -> Int? {
        for position in range(of: entry) {
            let candidate = state.value.candidates[position]
            let key = String(decoding: state.value.bytes.buffer(candidate.start ..< candidate.start + candidate.length), as: UTF8.self)
            if let node = converted[key] { return node }
        }
        return nil
    }

    /// The keys (or dotted paths) `property`'s value is looked for under, best first, each once:
    /// the property's own rules, the model-wide rule, the call's strategies, then its name.
    /// The one list a keyed container, a field plan and a report's words all read.
    static func candidateKeys(for property: String, info: ModelInfo?, strategies: [any KeyStrategy]) -> [String] {
        var keys: [String] = []
        let name = info?.declaredName(property) ?? property
        let ownRules = info?.propertyKeyRules[name] ?? []
        for strategy in ownRules + (info?.modelKeyRules ?? []) + strategies {
            keys += strategy.decodingKeys(for: name)
        }
        keys.append(name)
        if name != property { keys.append(property) }  // an `@Observable` class's `_name`, as `JSONEncoder` wrote it
        var seen = Set<String>()
        return keys.filter { seen.insert($0).inserted }
    }

    private func add(_ property: String) -> Int {
        let first = state.value.candidates.count
        for key in Self.candidateKeys(for: property, info: info, strategies: strategies) {
            var path = -1
            if DottedPath.isNested(key) {  // split only then: splitting every key would cost per decode
                state.value.paths.append(DottedPath(key).components)
                path = state.value.paths.count - 1
            }
            state.value.candidates.append(KeyCandidate(start: state.value.bytes.count, length: key.utf8.count, path: path))
            withUTF8(of: key) { state.value.bytes.append($0) }
        }
        let head = state.value.candidates[first]
        let position = state.value.entries.count
        state.value.entries.append(Entry(property: property, first: first, count: state.value.candidates.count - first,
                                         firstKeyStart: head.path < 0 ? head.start : -1, firstKeyLength: head.length))
        state.value.positions[property] = position
        return position
    }
}
