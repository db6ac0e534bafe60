/// Something learned once per type for the life of the process (a route, a
/// model's rules or shape, a type's name). The value is made outside the lock —
/// making it may run the type's own code — and the first writer wins, so every
/// caller sees one value per type.
final class TypeCache<Value>: Sendable where Value: Sendable {
    private let storage: Locked<TypeTable<Value>>

    /// A cache that knows `known` from the start.
    init(known: TypeTable<Value> = TypeTable()) {
        storage = Locked(known)
    }

    func value(for type: Any.Type, make: () -> Value) -> Value {
        let id = ObjectIdentifier(type)
        if let known = storage.withLock({ $0.existing(id) }) { return known }
        let made = make()
        return storage.withLock { $0.add(made, for: id) }
    }
}
