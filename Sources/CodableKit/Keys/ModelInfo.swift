/// A model type's own rules, read from `mappingForKey()`/`mappingForValue()` once
/// per type and kept for the life of the process.
final class ModelInfo: Sendable {
    /// Key rules by property name, in the order written.
    let propertyKeyRules: [String: [any KeyStrategy]]
    /// Rules for every property without one of its own (`KeyMapping.model`).
    let modelKeyRules: [any KeyStrategy]
    /// Transformers by property name.
    let valueRules: [String: any ValueTransformable]
    /// `!valueRules.isEmpty`, asked for every property without touching the dictionary.
    let hasValueRules: Bool
    /// A model class's `@ModelField`s, if it has any.
    let fields: FieldLayout?
    /// A class: an encoded value may be of a subclass, with fields of its own.
    let isClass: Bool

    var hasKeyRules: Bool { !propertyKeyRules.isEmpty || !modelKeyRules.isEmpty }

    private init(_ type: any ModelMappable.Type) {
        var propertyKeyRules: [String: [any KeyStrategy]] = [:]
        var modelKeyRules: [any KeyStrategy] = []
        for mapping in type.mappingForKey() ?? [] {
            if let name = mapping.propertyName {
                propertyKeyRules[name, default: []].append(mapping.strategy)
            } else {
                modelKeyRules.append(mapping.strategy)
            }
        }
        var valueRules: [String: any ValueTransformable] = [:]
        for mapping in type.mappingForValue() ?? [] { valueRules[mapping.propertyName] = mapping.transformer }
        // A model class's fields, learned from one instance; their own keys and transformers
        // come after the model's rules for the same name.
        isClass = type is AnyClass
        fields = isClass ? (type as? any DecodableModel.Type).flatMap { model in
            let (sample, made) = FieldCollector.collecting { model.init() }
            return FieldLayout(of: sample as AnyObject, made: made)
        } : nil
        for (name, rule) in fields?.keyRules ?? [:] { propertyKeyRules[name, default: []].append(rule) }
        for (name, transformer) in fields?.valueRules ?? [:] where valueRules[name] == nil { valueRules[name] = transformer }
        self.propertyKeyRules = propertyKeyRules
        self.modelKeyRules = modelKeyRules
        self.valueRules = valueRules
        hasValueRules = !valueRules.isEmpty
    }

    /// The rules of `type`, computed on first use. The cache keeps every `ModelInfo` for
    /// the life of the process, which is what lets model frames hold them unretained.
    static func of(_ type: any ModelMappable.Type) -> ModelInfo {
        cache.value(for: type) { ModelInfo(type) }
    }

    private static let cache = TypeCache<ModelInfo>()
}
