/// A key repeated in one object: its first occurrence is the member, as `JSONDecoder` reads
/// it. The rule is stated here once, and every place that meets an object's members in
/// document order asks it: a scan stops at the first match (`JSONDocument.member`, the
/// cursor's scans), a table keeps its earlier entry (`MemberIndex`), a planned walk keeps
/// the first member of each field or candidate (`ObjectWalk`, `PlanKeyCandidates`), and a
/// `[String: V]` keeps the first value of each key (`decodeDictionary`).
enum FirstOccurrence {
    /// Whether the member that `bit` stands for (a field, a candidate) is met for the first
    /// time among those `seen` holds; it is then marked.
    @inline(__always)
    static func claim(_ bit: UInt64, in seen: inout UInt64) -> Bool {
        guard seen & bit == 0 else { return false }
        seen |= bit
        return true
    }

    /// Whether the member at `position` with `key` is the first of its key in `table`
    /// (then added): a later one finds the earlier entry there and is not.
    @inline(__always)
    static func claim<Keys: KeyBytes>(_ position: Int, key: UnsafeBufferPointer<UInt8>, in table: inout HashSlots, keys: Keys) -> Bool {
        table.insert(position, key: key, in: keys) == nil
    }

    /// Whether `key` is met for the first time in a dictionary being decoded.
    @inline(__always)
    static func claim<Value>(_ key: String, in dictionary: [String: Value]) -> Bool {
        dictionary[key] == nil
    }
}
