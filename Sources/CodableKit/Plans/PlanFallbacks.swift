/// The initial values a decode's repairs of a planned model's fields fall back on: the
/// decode's one `init()` value of the model, copied whole at the first repair, from which
/// a later repair of a field copies that field (`ObjectWalk.repairPlanned`): no lookup
/// by key, no cast from `Any`, no trip through the value pipeline.
///
/// Only a field whose initial value the repair stage itself reads from that very property
/// of that value is repaired from it (`known`): the one the model's shape places it at, by
/// the rule the repair stage reads it by (`ModelShape.Field.sharedStoredProperty`) — not a
/// `@ModelField` box, not one that differs between `init()` values (`UUID()`: made per
/// object) — and not a wrapper type (which says itself what a missing key gives). Any other field keeps the repair stage. Per decode, as the repair
/// stage's own `init()` value is: a default that reads app state is read afresh per decode.
final class PlanFallbacks {
    private let plan: FieldPlan
    /// The decode's `init()` value of the model, once `prepare` copied it.
    let values: ValuePlace
    /// Whether `prepare` ran (it does once, at the decode's first repair of a field).
    private(set) var isPrepared = false
    private var holdsValue = false
    /// The fields a repair takes from `values`.
    private(set) var known: UInt64 = 0

    init(plan: FieldPlan) {
        self.plan = plan
        // Safety: room for one model value, as the plan measured it; `holdsValue` says when it holds one.
        values = ValuePlace(.allocate(byteCount: max(plan.size, 1), alignment: plan.alignment), size: plan.size)
    }

    /// Copies the decode's `init()` value of the model in `frame` (the planned model's) and
    /// finds the fields whose initial value the repair stage reads from it as they are.
    func prepare(session: DecodingSession, frame: Int) {
        isPrepared = true
        guard let (value, shape) = session.sharedInitialValue(frame: frame),
              ObjectIdentifier(type(of: value)) == ObjectIdentifier(plan.model) else { return }
        func copy<Model>(_ value: Model) {
            // Safety: `values` has the size and alignment of `plan.model`, which `value` is.
            values.value(as: Model.self).initialize(to: value)
        }
        _openExistential(value, do: copy)
        holdsValue = true
        for (index, field) in plan.fields.enumerated() where !field.ifPresent && !field.isWrapper {
            guard shape.field(plan.keys[index])?.sharedStoredProperty == field.storedIndex else { continue }
            known |= 1 << UInt64(index)
        }
    }

    deinit {
        if holdsValue {
            // Every stored property is a field: deinitializing each deinitializes the value.
            let count = plan.fields.count
            plan.deinitialize(values, initialized: count == 64 ? ~0 : (1 << UInt64(count)) - 1)
        }
        values.base.deallocate()  // Safety: deinitialized above when it held a value
    }
}
