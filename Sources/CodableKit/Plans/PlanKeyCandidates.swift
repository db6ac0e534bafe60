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
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    private let candidates: [Candidate]
    /// Open addressing by `KeyHash`: candidate indices, -1 for empty; one key may be a
    /// candidate of several fields.
    private let table: [Int]
    private let mask: Int
    /// Each field's best candidate, tried first for the field after the last one found
    /// (payloads mostly write keys in the model's order).
    private let firstOfField: [Int]
    /// No key is a candidate of two fields: a member is one field's candidate or none's.
    let isUnique: Bool

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
        // Compared pairwise (a few dozen keys, once per decode; a dictionary of byte arrays
        // would cost a conformance lookup the first time).
        for (index, candidate) in candidates.enumerated() {
            if candidate.rank == 0 { firstOfField.append(index) }
            for other in 0 ..< index where candidates[other].count == candidate.count
                && bytes[candidates[other].start ..< candidates[other].start + candidate.count]
                .elementsEqual(bytes[candidate.start ..< candidate.start + candidate.count]) {
                candidates[other].isUnique = false
                candidates[index].isUnique = false
            }
        }
        guard firstOfField.count == keys.count else { return nil }
        self.firstOfField = firstOfField
        isUnique = candidates.allSatisfy(\.isUnique)
        var size = 4
        while size < candidates.count * 2 { size *= 2 }
        var table = [Int](repeating: -1, count: size)
        bytes.withUnsafeBufferPointer { all in
            for (index, candidate) in candidates.enumerated() {
                var slot = Int(truncatingIfNeeded: KeyHash.of(UnsafeBufferPointer(rebasing: all[candidate.start ..< candidate.start + candidate.count]))) & (size - 1)
                while table[slot] >= 0 { slot = (slot + 1) & (size - 1) }
                table[slot] = index
            }
        }
        self.bytes = .allocate(capacity: max(bytes.count, 1))
        _ = self.bytes.initialize(from: bytes)
        self.candidates = candidates
        self.table = table
        mask = size - 1
    }

    deinit { bytes.deallocate() }

    @inline(__always)
    private func isKey(_ key: UnsafeBufferPointer<UInt8>, _ index: Int) -> Bool {
        let candidate = candidates[index]
        return candidate.count == key.count
            && (candidate.count == 0 || bytesEqual(key.baseAddress!, bytes.baseAddress! + candidate.start, key.count))
    }

    /// The field `key` is a candidate of, and its rank there (0: the best), or -1; for
    /// `isUnique` candidates only. `expected`'s best candidate is tried first.
    @inline(__always)
    func field(for key: UnsafeBufferPointer<UInt8>, expected: Int) -> (field: Int, rank: Int) {
        if expected < firstOfField.count, isKey(key, firstOfField[expected]) { return (expected, 0) }
        var slot = Int(truncatingIfNeeded: KeyHash.of(key)) & mask
        while table[slot] >= 0 {
            let index = table[slot]
            if isKey(key, index) { return (candidates[index].field, candidates[index].rank) }
            slot = (slot + 1) & mask
        }
        return (-1, 0)
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
        choices.initialize(repeating: MemberChoice(), count: count)
        seen.initialize(repeating: 0, count: count)
        var member = object + 1
        let end = document.nodes[object].end
        var expected = 0
        /// Candidate `index` is at `node`: offered to its field's choice at its first occurrence.
        func found(_ index: Int, at node: Int, isNull: Bool) {
            let candidate = candidates[index]
            let bit: UInt64 = 1 << UInt64(candidate.rank)
            guard seen[candidate.field] & bit == 0 else { return }  // a repeated key: its first occurrence
            seen[candidate.field] |= bit
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
                var slot = Int(truncatingIfNeeded: KeyHash.of(key)) & mask
                while table[slot] >= 0 {
                    let index = table[slot]
                    slot = (slot + 1) & mask
                    if isKey(key, index) {
                        found(index, at: node, isNull: isNull)
                        expected = candidates[index].field + 1
                    }
                }
            }
            member = document.next(after: node)
        }
        for field in 0 ..< count { nodes[field] = choices[field].node }
    }
}
