/// A plan's fields' keys in one decode whose keys have rules or strategies: each field's
/// candidates from the key table, best first, in one hash table by their bytes, so that one
/// walk of an object's keys finds what the keyed container's lookups would (see `members`).
/// Made once per plan and decode (the table depends on the call's strategies).
final class PlanKeyCandidates {  // owns `bytes`
    private struct Candidate {
        var start: Int
        var count: Int
        var field: Int
        /// The candidate's place among its field's, best first.
        var rank: Int
        /// No other candidate has the same key: a match needs no search for more.
        var isUnique = true
    }

    /// Every candidate's UTF-8, owned by this table (no array to retain per lookup).
    private let bytes: OwnedBytes
    private var candidates: [Candidate]
    /// The first candidate of each key. One key may be a candidate of several fields:
    /// `sameKey` links each candidate to the next with its key (-1: none).
    private var table: HashSlots
    private var sameKey: [Int]
    /// Each field's best candidate, tried first for the field after the last one found
    /// (payloads mostly write keys in the model's order).
    private let firstOfField: [Int]
    /// No key is a candidate of two fields: a member is one field's candidate or none's.
    private(set) var isUnique: Bool
    /// Each field's best candidate's bytes, by field, for a walk that compares a member in
    /// order with its field's key in line (`ObjectWalk.fillInOrder`), without a call into the
    /// table. Ranges of `bytes`, valid for the table's life.
    let bestKeys: UnsafeBufferPointer<UnsafeBufferPointer<UInt8>>

    /// Nil when a field has more than 64 candidates (not seen: rules give one or two).
    init?(_ keys: [[[UInt8]]]) {
        var bytes: [UInt8] = []
        var candidates: [Candidate] = []
        for (field, fieldKeys) in keys.enumerated() {
            guard fieldKeys.count <= 64 else { return nil }
            for (rank, key) in fieldKeys.enumerated() {
                candidates.append(Candidate(start: bytes.count, count: key.count, field: field, rank: rank))
                bytes += key
            }
        }
        var firstOfField: [Int] = []
        for (index, candidate) in candidates.enumerated() where candidate.rank == 0 { firstOfField.append(index) }
        guard firstOfField.count == keys.count else { return nil }
        self.firstOfField = firstOfField
        let owned = OwnedBytes(bytes)
        self.bytes = owned
        // Safety: `firstOfField.count` ranges, initialized here, deallocated in `deinit`.
        let bestKeys = UnsafeMutableBufferPointer<UnsafeBufferPointer<UInt8>>.allocate(capacity: firstOfField.count)
        _ = bestKeys.initialize(from: firstOfField.map { owned.range(candidates[$0].start, count: candidates[$0].count) })
        self.bestKeys = UnsafeBufferPointer(bestKeys)
        table = HashSlots(capacity: candidates.count)
        var sameKey = [Int](repeating: -1, count: candidates.count)
        var lastOfKey = Array(candidates.indices)  // by a key's first candidate: the last linked to it
        self.candidates = candidates
        self.sameKey = []
        self.isUnique = true
        for index in candidates.indices {
            guard let first = withKey(at: index, { table.insert(index, key: $0, in: self) }) else { continue }
            sameKey[lastOfKey[first]] = index
            lastOfKey[first] = index
            candidates[first].isUnique = false
            candidates[index].isUnique = false
        }
        self.candidates = candidates
        self.sameKey = sameKey
        isUnique = candidates.allSatisfy(\.isUnique)
    }

    deinit {
        // Safety: the table's last use; no range read from them outlives a lookup or a walk.
        bytes.deallocate()
        bestKeys.deallocate()
    }

    @inline(__always)
    private func isKey(_ key: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        let candidate = candidates[index]
        return bytes.equals(key, at: candidate.start, count: candidate.count)
    }

    /// The field `key` is a candidate of, and its rank there (0: the best), or -1; for
    /// `isUnique` candidates only. `expected`'s best candidate is tried first.
    @inline(__always)
    func field(for key: UnsafeBufferPointer<UInt8>, expected: Int) -> (field: Int, rank: Int) {
        if expected < firstOfField.count, isKey(key, firstOfField[expected]) { return (expected, 0) }
        return field(for: key)
    }

    /// The field `key` is a candidate of, and its rank there, or -1, found by the hash table
    /// alone (for a caller that has compared the expected key already: `bestKeys`).
    @inline(__always)
    func field(for key: UnsafeBufferPointer<UInt8>) -> (field: Int, rank: Int) {
        guard let index = table.find(key, in: self) else { return (-1, 0) }
        return (candidates[index].field, candidates[index].rank)
    }

    /// Each field's member in `object`, as `KeyTable.resolve` finds it (`MemberChoice`): the
    /// best-ranked candidate present and not null, else the best-ranked present (null); each
    /// candidate at its first occurrence, as `MemberCursor` finds a key. -1 where none.
    func members(of object: Int, in document: JSONDocument, fields count: Int, into nodes: UnsafeMutablePointer<Int>,
                 scratch: inout ScratchStack) {
        let mark = scratch.mark
        // Safety (these two): `count` choices and words each on the scratch stack until the pop below.
        let choices = scratch.push(size: count * MemoryLayout<MemberChoice>.stride, alignment: MemoryLayout<MemberChoice>.alignment)
            .bindMemory(to: MemberChoice.self, capacity: count)
        let seen = scratch.push(size: count * MemoryLayout<UInt64>.stride, alignment: MemoryLayout<UInt64>.alignment)
            .bindMemory(to: UInt64.self, capacity: count)
        defer { scratch.pop(to: mark) }
        // Safety: both hold room for `count`, pushed above; plain values, nothing to deinitialize.
        choices.initialize(repeating: MemberChoice(), count: count)
        seen.initialize(repeating: 0, count: count)
        var member = object + 1
        let end = document.nodes[object].end
        var expected = 0
        /// Candidate `index` is at `node`: offered to its field's choice at its first occurrence.
        func found(_ index: Int, at node: Int, isNull: Bool) {
            let candidate = candidates[index]
            guard FirstOccurrence.claim(1 << UInt64(candidate.rank), in: &seen[candidate.field]) else { return }
            choices[candidate.field].offer(rank: candidate.rank, at: node, isNull: isNull)
        }
        while member < end {
            let node = member + 1
            let isNull = document.nodes[node].kind == .null
            document.withText(member) { key in
                if expected < count, candidates[firstOfField[expected]].isUnique, isKey(key, firstOfField[expected]) {
                    found(firstOfField[expected], at: node, isNull: isNull)
                    expected += 1
                    return
                }
                var index = table.find(key, in: self) ?? -1
                while index >= 0 {
                    found(index, at: node, isNull: isNull)
                    expected = candidates[index].field + 1
                    index = sameKey[index]
                }
            }
            member = document.next(after: node)
        }
        for field in 0 ..< count { nodes[field] = choices[field].node }
    }
}

extension PlanKeyCandidates: KeyBytes {
    /// The key of candidate `position`.
    @inline(__always)
    func withKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let candidate = candidates[position]
        return body(bytes.range(candidate.start, count: candidate.count))
    }
}
