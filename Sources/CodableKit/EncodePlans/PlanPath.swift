/// Where a planned value is, from the value the plan began at: a chain on the stack, read only
/// when a value falls back to the container path (which needs its coding path).
struct PlanPath {
    let parent: StackLink<PlanPath>?
    let step: Step

    enum Step {
        /// The planned value itself: what its encoder's container path gave it.
        case root([any CodingKey], PathComponent?)
        case field(Unmanaged<EncodeFieldPlan>, Int)
        case index(Int)
        /// A `[String: V]` entry's key (on the stack of the loop that writes it).
        case entry(StackLink<String>)
    }

    /// Whether the value is a field with a value rule of its model's (which the container path applies).
    var hasRule: Bool {
        // Safety: a plan lives as long as the process (`EncodePlanState`).
        if case let .field(plan, index) = step { return plan._withUnsafeGuaranteedRef { $0.fields[index].hasRule } }
        return false
    }

    /// The value's place for the container path: the keys of the containers it is in, below
    /// the encoder the plan began in, and its own key.
    func place() -> (prefix: [any CodingKey], key: PathComponent) {
        var components: [PathComponent] = []
        var link: PlanPath? = self
        var prefix: [any CodingKey] = []
        while let current = link {
            switch current.step {
            case let .root(rootPrefix, rootKey):
                prefix = rootPrefix
                if let rootKey { components.append(rootKey) }
            // Safety: a plan lives as long as the process (`EncodePlanState`), its keys as long as it or the session.
            case let .field(plan, index): components.append(.key(plan._withUnsafeGuaranteedRef { $0.fields[index].name }))
            case let .index(index): components.append(.index(index))
            case let .entry(key): components.append(.key(key.value))
            }
            link = current.parent?.value
        }
        let key = components.removeFirst()
        return (prefix + components.reversed().map(\.codingKey), key)
    }
}
