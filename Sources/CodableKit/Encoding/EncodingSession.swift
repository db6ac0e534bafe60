/// What one encode call shares: options, transformers, and per-type routes.
final class EncodingSession {
    let options: EncodingOptions
    let transformers: [ObjectIdentifier: any ValueTransformable]
    /// A `keyEncodingStrategy` other than `.useDefaultKeys` converts every key written.
    let hasKeyEncodingStrategy: Bool
    /// No call strategy or `keyEncodingStrategy`: only a model's own rules change keys.
    let plainKeys: Bool
    @exclusivity(unchecked) private var routes = TypeTable<EncodeRoute>()
    /// Set by the default `willEncode(to:)` when it runs (see `ModelInfo.encodeHookIsDefault`).
    @exclusivity(unchecked) var defaultHookRan = false

    init(options: EncodingOptions) {
        self.options = options
        hasKeyEncodingStrategy = !options.keyEncodingStrategy.isDefault
        plainKeys = options.keyStrategies.isEmpty && !hasKeyEncodingStrategy
        transformers = WhichSettingWins.typeTransformers(perCall: options.transformers, configured: options.configured)
    }

    /// How values of `T` are written; decided once per type and encode.
    func route<T>(_: T.Type) -> EncodeRoute {
        routes.value(for: ObjectIdentifier(T.self)) { EncodeRoute.of(T.self) }
    }

    /// The JSON key (possibly a dotted path) `property` is written under: the key a rule
    /// gives it, converted by `keyEncodingStrategy`; nil when the property's name is the key
    /// as it is — always for an object that `keepsKeys` (a `[String: V]`, whose keys are data,
    /// not property names: decoding reads them as they are, so no rule or strategy converts them).
    @inline(__always)
    func jsonKey(for property: String, info: ModelInfo?, keepsKeys: Bool, path: @autoclosure () -> [any CodingKey]) -> String? {
        guard !keepsKeys, var key = ruledKey(for: property, info: info) else { return nil }
        if hasKeyEncodingStrategy { key = options.keyEncodingStrategy.convert(key, path: path()) }
        return key
    }

    /// The JSON key (possibly a dotted path) a rule gives a property, or nil when no
    /// rule applies and the property's name is the key, before `keyEncodingStrategy`.
    /// The model's own rules count unless the call turned them off (`usesMappedKeys`).
    @inline(__always)
    func ruledKey(for property: String, info: ModelInfo?) -> String? {
        if let info, info.hasKeyRules {
            let name = info.declaredName(property)
            if options.usesMappedKeys {
                if let rule = info.propertyKeyRules[name]?.first { return rule.encodingKey(for: name) }
                if let rule = info.modelKeyRules.first { return rule.encodingKey(for: name) }
            }
            if let strategy = options.keyStrategies.first { return strategy.encodingKey(for: name) }
            if name != property || hasKeyEncodingStrategy { return name }
        }
        if let strategy = options.keyStrategies.first { return strategy.encodingKey(for: property) }
        return hasKeyEncodingStrategy ? property : nil
    }
}

extension EncodingSession {
    /// Runs the `willEncode(to:)` of `info`'s model (`body`), unless it was found to be the
    /// default, and notes when it is (for the next value of the type).
    @inline(__always)
    func runWillEncode(_ info: ModelInfo, _ body: () throws -> Void) throws {
        guard !info.encodeHookIsDefault else { return }
        let outer = defaultHookRan
        defaultHookRan = false
        defer { defaultHookRan = outer }
        try body()
        if defaultHookRan { info.noteDefaultEncodeHook() }
    }
}
