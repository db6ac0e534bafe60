/// The keyed containers a decode hands out and how they find members (a `DecodingSession`'s
/// part): the pools of reusable boxes, the containers handed out in the open frames, one
/// member cursor per depth, and whether the decode has ended.
struct HandedOutContainers: ~Copyable {
    /// Keyed container pools by `Key` type (see `KeyedContainerPool`), unretained;
    /// `poolList` owns them, and empties them when the decode ends.
    private var pools = TypeTable<Unmanaged<KeyedContainerPool>>()
    private var poolList: [KeyedContainerPool] = []
    /// The keyed containers handed out in the open frames, innermost last: checked as
    /// their frame ends (see `DecodingSession.popFrame`).
    var handouts = Stack<Handout>()
    /// One member cursor per depth of open keyed containers (see `MemberCursor`).
    private var cursors = Stack<MemberCursor>(capacity: 16)
    /// Set when the decode has ended (`release`): nothing changes the session after that,
    /// and a container or decoder that outlives it reads in a session of its own (see `DetachedContext`).
    private(set) var ended = false

    init() {}

    /// The value node of `key` in `object`, for a keyed container at `depth`. Transparent,
    /// as `MemberCursor.member` is, and for the same reason.
    @_transparent
    mutating func member(_ key: UnsafeBufferPointer<UInt8>, in object: Int, of document: JSONDocument, depth: Int) -> Int? {
        if depth >= cursors.count { growCursors(toFit: depth) }
        return cursors[depth].member(key, in: object, of: document)
    }

    private mutating func growCursors(toFit depth: Int) {
        while cursors.count <= depth { cursors.append(MemberCursor()) }
    }

    /// The pool of `KeyedContainer<Key>` boxes for this decode.
    @inline(__always)
    mutating func pool<Key: CodingKey>(for _: Key.Type) -> Unmanaged<KeyedContainerPool> {
        pools.value(for: ObjectIdentifier(Key.self)) {
            let pool = KeyedContainerPool()
            poolList.append(pool)
            // Safety: `poolList` holds the pool until the session ends.
            return Unmanaged.passUnretained(pool)
        }
    }

    /// Takes the containers handed out in `frame` off `handouts`, detaching those still held
    /// (while `session`'s path and frame are there to be copied).
    @inline(__always)
    mutating func checkHandouts(of frame: Int, in session: DecodingSession) {
        while handouts.count > 0, handouts.last.frame == frame {
            let handout = handouts.last
            handouts.removeLast()
            // Safety: `poolList` holds every pool until the session ends.
            handout.pool._withUnsafeGuaranteedRef { $0.detachIfHeld(handout.index, session: session) }
        }
    }

    /// Empties every pool (their boxes hold the decoder, which holds the session), once
    /// every container someone still holds is detached; the decode has ended.
    mutating func release(in session: DecodingSession) {
        while handouts.count > 0 { checkHandouts(of: handouts.last.frame, in: session) }
        for pool in poolList { pool.releaseAll() }
        ended = true
    }
}

/// A keyed container handed out in a frame: the pool that holds its box, and where.
struct Handout {
    let pool: Unmanaged<KeyedContainerPool>
    let index: Int
    let frame: Int
}
