/// App-wide transformers, by the type they produce.
///
/// ```swift
/// GlobalTransformers.register(DateTransformer(.iso8601))   // every Date and Date? property
/// ```
/// A per-call transformer (`DecodingOptions.transformers`) for the same type beats a
/// registered one, and so does a `dateDecodingStrategy` (or `dataDecodingStrategy`, or a
/// non-finite number strategy, or their encoding twins) set in code for the call; a
/// model's `mappingForValue()` beats them all (<doc:DecodingPipeline#Which-setting-wins>).
/// Registering again for a type replaces the earlier transformer.
///
/// Thread-safe: each decode reads the registry once, when it starts (no lock is
/// taken while nothing is registered, on Linux; one otherwise), never per value;
/// a change made while a decode runs applies from the next decode on.
public enum GlobalTransformers {
    /// Applies `transformer` to every property of its `Object` type, in every decode and encode from now on.
    public static func register(_ transformer: some ValueTransformable) {
        registry.update { $0.byType[transformer.objectType] = transformer }
    }

    /// Removes the transformer registered for `type`, if any.
    public static func unregister<Object>(_ type: Object.Type) {
        registry.update { _ = $0.byType.removeValue(forKey: ObjectIdentifier(type)) }
    }

    /// Removes every registered transformer.
    public static func removeAll() {
        registry.update { $0.byType.removeAll() }
    }

    /// The registered transformers, as they are now.
    package static var current: [ObjectIdentifier: any ValueTransformable] {
        registry.read(orIfEmpty: Registered()).byType
    }

    /// The registry's value, a struct of its own: as the registry's generic argument,
    /// `[ObjectIdentifier: any ValueTransformable]` would be made from its mangled name,
    /// and the runtime would find `ObjectIdentifier: Hashable` by a scan of every
    /// conformance record in each process's first decode, transformers or not.
    private struct Registered {
        var byType: [ObjectIdentifier: any ValueTransformable] = [:]
    }

    private static let registry = LockedRegistry(Registered(), isEmpty: { $0.byType.isEmpty })
}
