/// The initial values a decode's repairs of a planned model's fields fall back on, each kept
/// typed at its field's offset once the repair stage first gives it, so that the next repair
/// of that field copies it: no lookup by key, no cast from `Any`, no trip through the value
/// pipeline (`DocumentDecoder.repairPlanned`).
///
/// Only a value that is the same for every object of the decode is kept: the one `init()`
/// value's (`DecodingSession.fallbackIsShared`). A field whose fallback is made per object
/// (`UUID()`), is the type's empty value, or is a wrapper's own is refused, and keeps the
/// repair stage. Per decode, as the repair stage's own `init()` value is: a default that
/// reads app state is read afresh for each decode.
final class PlanFallbacks {
    private let plan: FieldPlan
    /// A value of the model's layout, of which only the `known` fields are initialized.
    let values: UnsafeMutableRawPointer
    /// The fields whose fallback is kept in `values`.
    var known: UInt64 = 0
    /// The fields whose fallback the repair stage makes each time.
    var refused: UInt64 = 0

    init(plan: FieldPlan) {
        self.plan = plan
        values = .allocate(byteCount: max(plan.size, 1), alignment: plan.alignment)
    }

    deinit {
        plan.deinitialize(values, initialized: known)
        values.deallocate()
    }
}

extension DecodingSession {
    /// The decode's `PlanFallbacks` of `plan`.
    func fallbacks(of plan: FieldPlan) -> PlanFallbacks {
        planFallbacks.value(for: ObjectIdentifier(plan)) { PlanFallbacks(plan: plan) }
    }
}
