/// Which member a property's value is read from when its key has several candidates (a
/// rule's, a strategy's, its name): the best-ranked candidate that is present and not null,
/// else the best-ranked present one (a null), each candidate at its first occurrence in the
/// object (a repeated key reads its first value, as in `JSONDecoder`). The one rule a keyed
/// container's key table (`KeyTable.resolve`), a plan's candidate table
/// (`PlanKeyCandidates.members`) and a plan's walk (`ObjectWalk`) apply.
struct MemberChoice {
    /// The member kept so far, or -1.
    private(set) var node = -1
    private var score = Int.max

    /// Offers candidate `rank` (0: the best), found at `node`: kept if it beats the one kept.
    @inline(__always)
    mutating func offer(rank: Int, at node: Int, isNull: Bool) {
        let score = (isNull ? 64 : 0) + rank  // a present value beats a null one; among either, the better rank
        if score < self.score {
            self.score = score
            self.node = node
        }
    }

    /// Whether candidate `rank` found there settles the choice at once (nothing can beat it).
    @inline(__always)
    static func settles(rank: Int, isNull: Bool) -> Bool {
        rank == 0 && !isNull
    }
}
