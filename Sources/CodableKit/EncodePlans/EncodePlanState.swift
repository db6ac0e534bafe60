import Synchronization

/// A model type's encode plan, learned once for the life of the process by whichever thread
/// first encodes a value of it (others meanwhile write through `encode(to:)`), or found not to be.
final class EncodePlanState: Sendable {
    private let plan = Atomic<Unmanaged<EncodeFieldPlan>?>(nil)
    /// A thread has set out to learn the plan, or the type was found to have none.
    private let settled = Atomic<Bool>(false)

    /// The plan, if learned.
    @inline(__always)
    var learned: Unmanaged<EncodeFieldPlan>? { plan.load(ordering: .acquiring) }

    /// The plan, learned from `value` if the type has not been met.
    func plan<T: Encodable>(learningFrom value: T, info: ModelInfo) -> Unmanaged<EncodeFieldPlan>? {
        if let plan = learned { return plan }
        guard !settled.load(ordering: .relaxed),
              settled.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged,
              let made = EncodeFieldPlan.learn(from: value, info: info) else { return nil }
        // Safety: retained here and never released: a plan lives as long as its `ModelInfo`, the process.
        let kept = Unmanaged.passRetained(made)
        plan.store(kept, ordering: .releasing)
        return kept
    }

    /// Whether the plan has been learned (for tests).
    var hasPlan: Bool { learned != nil }
}
