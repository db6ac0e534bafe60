/// What a decode keeps per field plan (a `DecodingSession`'s part): each plan's state in this
/// decode, and the scratch stack planned models are built on.
struct PlanCaches: ~Copyable {
    /// Per plan: its state in this decode.
    private var states = TypeTable<PlanInDecode>()
    /// The two plans asked for last: a model and the one in its array mostly alternate (an
    /// airport, its runways).
    private var recent: ((plan: ObjectIdentifier?, state: Unmanaged<PlanInDecode>?),
                         (plan: ObjectIdentifier?, state: Unmanaged<PlanInDecode>?)) = ((nil, nil), (nil, nil))
    /// Where planned decodes build their models (see `decodePlanned`).
    var scratch = ScratchStack()

    init() {}

    deinit { scratch.deallocate() }  // Safety: the decode has ended: no value is being built on it

    /// `plan`'s state in this decode, made by `make` the first time; unretained: kept here
    /// until the decode ends.
    @inline(__always)
    mutating func state(of plan: FieldPlan, make: () -> PlanInDecode) -> Unmanaged<PlanInDecode> {
        let id = ObjectIdentifier(plan)
        if recent.0.plan == id, let state = recent.0.state { return state }
        if recent.1.plan == id, let state = recent.1.state { return state }
        // Safety: `states` holds every state until the session ends.
        let state = Unmanaged.passUnretained(states.value(for: id, make: make))
        recent = ((id, state), recent.0)
        return state
    }
}

/// A field plan in one decode: what its objects share there, found once per plan and decode
/// rather than per object or field.
final class PlanInDecode {
    /// The fields' candidate keys, when keys have rules or the call has strategies (see
    /// `PlanKeyCandidates`; nil also when a candidate is a dotted path).
    let candidates: PlanKeyCandidates?
    /// Which absent optional fields are nil in this decode (see `AbsentNilness`).
    var nilness = AbsentNilness()
    /// The initial values repairs fall back on, made at the first (see `PlanFallbacks`).
    private(set) lazy var fallbacks = PlanFallbacks(plan: plan)
    private let plan: FieldPlan

    init(plan: FieldPlan, candidates: PlanKeyCandidates?) {
        self.plan = plan
        self.candidates = candidates
    }
}

/// Which of a plan's optional fields an absent key leaves nil in this decode: what
/// `absentOptional` answers (`DecodingSession.absentKeyIsNil`), asked once per field and
/// decode rather than per object (it is the same for every object of a model outside update
/// mode, where plans are not used).
struct AbsentNilness {
    private var known: UInt64 = 0
    private var isNil: UInt64 = 0

    /// Whether field `index` is known to be left nil (false where that is not known yet).
    @inline(__always)
    func knownNil(_ index: Int) -> Bool {
        isNil & (1 << UInt64(index)) != 0
    }

    /// Whether an absent key leaves field `index` nil, asked of the repair stage's rule the
    /// first time (`site`: the field's, in its object's own frame).
    mutating func isNil(_ index: Int, site: PropertySite, in session: DecodingSession) -> Bool {
        let bit: UInt64 = 1 << UInt64(index)
        if known & bit == 0 {
            known |= bit
            if session.absentKeyIsNil(site) { isNil |= bit }
        }
        return isNil & bit != 0
    }
}

extension PlanCaches {
    /// `count` node numbers, all -1, on the scratch stack: the members of a planned object
    /// found ahead of their turn (`ObjectWalk.fill`, which pops them).
    @inline(never)
    mutating func earlyMembers(_ count: Int) -> UnsafeMutablePointer<Int> {
        // Safety: on the scratch stack until `fill` pops it.
        let made = scratch.push(size: count * MemoryLayout<Int>.stride, alignment: MemoryLayout<Int>.alignment)
            .bindMemory(to: Int.self, capacity: count)
        made.initialize(repeating: -1, count: count)
        return made
    }
}
