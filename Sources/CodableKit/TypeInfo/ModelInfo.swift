#if canImport(Observation)
import Observation
#endif
import Synchronization

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
    /// The model as an `EncodableModel` (whose `willEncode(to:)` runs before it is written).
    /// A metatype: immutable, safe to read from any thread, though Swift does not call it `Sendable`.
    nonisolated(unsafe) let encodable: (any EncodableModel.Type)?
    /// An `@Observable` class: the macro stores each property `name` as `_name`, which is
    /// what its synthesized `Codable` asks for; it is read and written as `name`.
    let isObservable: Bool
    /// Some rule, or the observable renaming, can change a property's key.
    let hasKeyRules: Bool
    /// A struct model that says its `init(from:)` is the compiler's (`SynthesizedDecodable`):
    /// its objects may be decoded by a `FieldPlan`. Any other model's `init(from:)` runs for
    /// every object and is never run against a probe (DESIGN: a model's own code runs as written).
    let mayHavePlan: Bool
    /// The model's encode plan (`EncodeFieldPlan`), for a struct that declares `SynthesizedEncodable`.
    let encodePlans = EncodePlanState()
    /// Objects decoded before the plan is learned; `Int.min` once the type has been found
    /// to have none.
    private let decodesBeforePlan = Atomic<Int>(0)
    /// The first decode (`DecodingSession.id`) that counted an object of the type, and
    /// whether a thread has set out to learn the plan (one does).
    private let firstDecode = Atomic<UInt>(0)
    private let learning = Atomic<Bool>(false)
    /// The learned plan, kept for the life of the process (as this `ModelInfo` is).
    private let plan = Atomic<Unmanaged<FieldPlan>?>(nil)
    /// The model's `init(from:)` was seen doing what a synthesized one never does (asking
    /// `contains` or `decodeNil`, a nested container, keeping its container past its
    /// decode): it is never run against a probe, which it could see, or keep. A second line
    /// behind the model's word, which is what allows a plan at all.
    private let decodesItself = Atomic<Bool>(false)
    /// The model's `didDecode(from:)` and `willEncode(to:)` are the protocols' own defaults,
    /// which say so when they run (`noteDefaultHook`): from then on they are not called. A hook
    /// the model wrote never says so, and runs for every object.
    private let defaultDecodeHook = Atomic<Bool>(false)
    private let defaultEncodeHook = Atomic<Bool>(false)

    /// Whether the model's `didDecode(from:)` was found to be the default (it does nothing).
    var decodeHookIsDefault: Bool { defaultDecodeHook.load(ordering: .relaxed) }
    /// Whether the model's `willEncode(to:)` was found to be the default (it does nothing).
    var encodeHookIsDefault: Bool { defaultEncodeHook.load(ordering: .relaxed) }
    func noteDefaultDecodeHook() { defaultDecodeHook.store(true, ordering: .relaxed) }
    /// Whether decoding an object of the model runs none of its own code: its `init(from:)` is
    /// the compiler's and its `didDecode(from:)` was found to do nothing, so a second run of its
    /// decode could not be seen (`ExactPassModels` need not keep it).
    var runsUnseen: Bool { mayHavePlan && decodeHookIsDefault }
    func noteDefaultEncodeHook() { defaultEncodeHook.store(true, ordering: .relaxed) }

    /// Notes that the model's `init(from:)` is its own (see `decodesItself`).
    func noteOwnDecoding() {
        // Read first: a hand-written `init(from:)` may ask this per key, on many threads at once.
        if !decodesItself.load(ordering: .relaxed) { decodesItself.store(true, ordering: .relaxed) }
    }

    /// The name a property is read and written under, before key rules: the declared
    /// name of an `@Observable` class's `_name` (its observation registrar, `_$…`, is no property).
    @inline(__always)
    func declaredName(_ property: String) -> String {
        guard isObservable, property.utf8.first == UInt8(ascii: "_"), !property.hasPrefix("_$") else { return property }
        return String(property.dropFirst())
    }

    /// Each entry of an `@Observable` class's rule table also under the property's other
    /// name: a rule for `CodingKeys._name` and one for `name` mean the same property.
    private static func underBothNames<Rule>(_ table: [String: Rule]) -> [String: Rule] {
        var result = table
        for (name, rule) in table {
            let other = name.hasPrefix("_") ? String(name.dropFirst()) : "_" + name
            if result[other] == nil { result[other] = rule }
        }
        return result
    }

    /// Whether `type` is an `@Observable` class.
    static func isObservable(_ type: Any.Type) -> Bool {
        #if canImport(Observation)
        if #available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *) { return type is any Observable.Type }
        #endif
        return false
    }

    /// `type`'s rules: `mappable`'s (nil for a plain `Codable` `@Observable` class, which
    /// has none but the renaming). `model` is `type` as a `DecodableModel`, if it is one:
    /// a class model's fields are learned from its `init()`. Every argument is known to the
    /// caller, so that no conformance is looked up here but an observable's, for classes.
    private init(_ type: Any.Type, mappable: (any ModelMappable.Type)?, model: (any DecodableModel.Type)?) {
        var propertyKeyRules: [String: [any KeyStrategy]] = [:]
        var modelKeyRules: [any KeyStrategy] = []
        for mapping in mappable?.mappingForKey() ?? [] {
            if let name = mapping.propertyName {
                propertyKeyRules[name, default: []].append(mapping.strategy)
            } else {
                modelKeyRules.append(mapping.strategy)
            }
        }
        var valueRules: [String: any ValueTransformable] = [:]
        for mapping in mappable?.mappingForValue() ?? [] { valueRules[mapping.propertyName] = mapping.transformer }
        // A model class's fields, learned from one instance; their own keys and transformers
        // come after the model's rules for the same name.
        isClass = type is AnyClass
        encodable = mappable?._encodableModel
        if isClass, let model {
            let (sample, made) = FieldCollector.collecting { model.init() }
            fields = FieldLayout(of: sample as AnyObject, made: made)
        } else {
            fields = (type as? AnyClass).flatMap { FieldLayout(observedIn: $0) }
        }
        for (name, rule) in fields?.keyRules ?? [:] { propertyKeyRules[name, default: []].append(rule) }
        for (name, transformer) in fields?.valueRules ?? [:] where valueRules[name] == nil { valueRules[name] = transformer }
        isObservable = isClass && Self.isObservable(type)
        if isObservable {
            propertyKeyRules = Self.underBothNames(propertyKeyRules)
            valueRules = Self.underBothNames(valueRules)
        }
        hasKeyRules = isObservable || !propertyKeyRules.isEmpty || !modelKeyRules.isEmpty
        self.propertyKeyRules = propertyKeyRules
        self.modelKeyRules = modelKeyRules
        self.valueRules = valueRules
        hasValueRules = !valueRules.isEmpty
        // Its own word, not a conformance lookup: the runtime's first one scans every
        // conformance record, which a type's first decode should not pay for.
        mayHavePlan = !isClass && model?._isSynthesizedDecodable == true
    }

    /// The model's field plan, if it has one yet: counted per object until
    /// `FieldPlan.learnAfter` objects in all (`learnInFirstDecode` within the first decode
    /// that meets the type, `decode`), then learned once, by whichever thread gets there.
    @inline(__always)
    func fieldPlan(_ model: any DecodableModel.Type, decode: UInt) -> Unmanaged<FieldPlan>? {
        if let plan = plan.load(ordering: .acquiring) { return plan }
        // Counted only until the plan is learned: a type found to have none costs a load per
        // object, not a shared read-modify-write (one being learned on another thread, once
        // its count has passed `learnInFirstDecode`).
        guard mayHavePlan, (0 ..< FieldPlan.learnInFirstDecode).contains(decodesBeforePlan.load(ordering: .relaxed)) else { return nil }
        return countTowardsPlan(model, decode: decode)
    }

    @inline(never)
    private func countTowardsPlan(_ model: any DecodableModel.Type, decode: UInt) -> Unmanaged<FieldPlan>? {
        var first = firstDecode.load(ordering: .relaxed)
        if first == 0 {
            let (exchanged, original) = firstDecode.compareExchange(expected: 0, desired: decode, ordering: .relaxed)
            first = exchanged ? decode : original
        }
        let count = decodesBeforePlan.wrappingAdd(1, ordering: .relaxed).newValue
        guard count >= (first == decode ? FieldPlan.learnInFirstDecode : FieldPlan.learnAfter),
              learning.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else { return nil }
        return learnPlan(model)
    }

    /// Whether the plan has been learned (for tests).
    var hasFieldPlan: Bool { plan.load(ordering: .acquiring) != nil }

    @inline(never)
    private func learnPlan(_ model: any DecodableModel.Type) -> Unmanaged<FieldPlan>? {
        // The only type a probe is ever run on: a struct model that declares `SynthesizedDecodable`
        // (found now, once a plan is to be learned: the lookup's first scan is paid by few types).
        guard !decodesItself.load(ordering: .relaxed), mayHavePlan, let declared = model as? any SynthesizedDecodable.Type,
              let learned = declared.learnFieldPlan(rules: (hasKeyRules, hasValueRules)) else {
            decodesBeforePlan.store(Int.min, ordering: .relaxed)
            return nil
        }
        // Safety: retained here and never released: a plan lives as long as its `ModelInfo`, the process.
        let kept = Unmanaged.passRetained(learned)
        let (stored, current) = plan.compareExchange(expected: nil, desired: kept, ordering: .acquiringAndReleasing)
        if stored { return kept }
        // Safety: `kept` was retained above and never published; another thread's plan is.
        kept.release()
        return current
    }

    /// The rules of `type`, computed on first use. The cache keeps every `ModelInfo` for
    /// the life of the process, which is what lets model frames hold them unretained.
    static func of(_ type: any ModelMappable.Type) -> ModelInfo {
        cache.value(for: type) { ModelInfo(type, mappable: type, model: type is AnyClass ? type as? any DecodableModel.Type : nil) }
    }

    /// The rules of a model, found without looking up a conformance.
    static func of(model: any DecodableModel.Type) -> ModelInfo {
        cache.value(for: model) { ModelInfo(model, mappable: model, model: model) }
    }

    /// The renaming of an `@Observable` class that is not a model (its own `Codable`,
    /// through `ModelDecoder`/`ModelEncoder`), or nil for any other type. Asked once per
    /// type, when its route is decided.
    static func observable(_ type: Any.Type) -> ModelInfo? {
        guard type is AnyClass, isObservable(type) else { return nil }  // the class check first: it is cheap
        return cache.value(for: type) {
            ModelInfo(type, mappable: type as? any ModelMappable.Type, model: type as? any DecodableModel.Type)
        }
    }

    private static let cache = TypeCache<ModelInfo>()
}
