/// The names each naming convention has converted, so that a name is split into
/// words once per process, not once per decode: a decode builds its key tables
/// afresh, and splitting a name (`Words`) costs far more than a lookup. Conventions
/// hold no settings, so the convention's type and the name decide the result.
/// Thread-safe; holds at most `limit` names (a convention asked for names without
/// end, such as a dictionary's keys, converts the rest each time).
final class ConvertedNames: Sendable {
    static let shared = ConvertedNames()
    static let limit = 4_096

    private struct Key: Hashable {
        let convention: ObjectIdentifier
        let name: String
    }

    private let converted = Locked<[Key: String]>([:])

    /// `name` in `convention`, converted the first time it is asked.
    func name<Convention: NamingConvention>(_ name: String, in convention: Convention) -> String {
        let key = Key(convention: ObjectIdentifier(Convention.self), name: name)
        if let known = converted.withLock({ $0[key] }) { return known }
        let result = convention.convert(name)
        converted.withLock { converted in
            if converted.count < Self.limit { converted[key] = result }
        }
        return result
    }
}
