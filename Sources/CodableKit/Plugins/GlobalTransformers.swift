/// App-wide transformers, by the type they produce.
///
/// ```swift
/// GlobalTransformers.register(DateTransformer(.iso8601))   // every Date and Date? property
/// ```
/// A per-call transformer (`DecodingOptions.transformers`) for the same type beats
/// a registered one, and a model's `mappingForValue()` beats both. Registering
/// again for a type replaces the earlier transformer.
///
/// Thread-safe: each decode reads the registry once, under a lock, when it
/// starts; a change made while a decode runs applies from the next decode on.
public enum GlobalTransformers {
    public static func register(_ transformer: some ValueTransformable) {
        registry.withLock { $0[transformer.objectType] = transformer }
    }

    public static func unregister<Object>(_ type: Object.Type) {
        registry.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(type)) }
    }

    public static func removeAll() {
        registry.withLock { $0.removeAll() }
    }

    /// The registered transformers, as they are now.
    package static var current: [ObjectIdentifier: any ValueTransformable] {
        registry.withLock { $0 }
    }

    private static let registry = Locked([ObjectIdentifier: any ValueTransformable]())
}
