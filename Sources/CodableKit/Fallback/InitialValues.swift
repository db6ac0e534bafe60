/// The initial value of a property: what the model's `init()` gives it, or in
/// update mode, what the model being updated holds — found by the property's
/// coding key, whatever the property is called.
///
/// A model's keys are learned through its `encode(to:)` (see `KeyRecorder`) when it
/// is `Encodable`, and by property name through its mirror otherwise (and for
/// properties its `encode(to:)` does not write); whether an absent optional key is nil,
/// without it where every optional property starts nil (`OptionalFields`). `init()` runs only
/// once a fallback is needed, and reflection is kept off the per-object path:
/// - a model's *shape* (its keys, and which differ between two `init()` values,
///   such as `UUID()` or `Date()`, or are not `Hashable`, or hold references) is
///   learned once per process;
/// - the other keys' initial values come from one `init()` per model type and
///   decode call, so a default that reads app state is read afresh for each decode;
/// - keys that differ come from a fresh `init()` of each object that needs one,
///   the first time it does; in update mode, from the model being updated.
extension DecodingSession {
    /// The initial value for `key` in frame `frame`, if the frame is a model that has
    /// one of type `T` (`whyNoInitialValue` says why there is none, for a report).
    func initialValue<T>(_: T.Type, key: String, frame: Int) -> T? {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model else { return nil }
        // Safety: the session's `modelFallbacks` table owns these until it ends.
        let fallbacks = modelFallbacks(frame: frame, model: model).takeUnretainedValue()
        guard let field = fallbacks.shape.field(key) else { return nil }
        if frames[frame].isUpdate || !field.isShared {
            if frames[frame].fallback == nil { frames[frame].fallback = FallbackSource(base: model.init(), shape: fallbacks.shape) }
            return frames[frame].fallback!.value(field).flatMap { $0 as? T }
        }
        return fallbacks.reference.value(field, as: T.self)
    }

    /// The decode's one `init()` value of the model in `frame`, which `initialValue` reads
    /// (made now if it was not), with the model's shape; nil in update mode or outside a model.
    func sharedInitialValue(frame: Int) -> (value: Any, shape: ModelShape)? {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model, !frames[frame].isUpdate else { return nil }
        // Safety: the session's `modelFallbacks` table owns these until it ends.
        return modelFallbacks(frame: frame, model: model)._withUnsafeGuaranteedRef { ($0.reference.base, $0.shape) }
    }

    /// Why `initialValue` found nothing for `key` where the model may well have one: a
    /// decode-only model's initial values are found by property name only. Nil otherwise
    /// (the outcome says the empty value was used).
    func whyNoInitialValue(key: String, frame: Int) -> String? {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model, !(model is any Encodable.Type),
              // Safety: the session's `modelFallbacks` table owns these until it ends.
              modelFallbacks(frame: frame, model: model).takeUnretainedValue().shape.field(key) == nil else { return nil }
        return "no initial value found for key \(key.debugDescription): a decode-only model is read by property name; make it Encodable too"
    }

    /// The value a nested model starts from in update mode: the current value for
    /// that key in the model being updated.
    func baseForNestedModel(key: String, frame: Int) -> Any? {
        guard frame >= 0, frame < frames.count, frames[frame].isUpdate else { return nil }
        return initialValue(Any.self, key: key, frame: frame)
    }

    /// Whether the initial value for `key` is nil, so that an absent optional
    /// needs no value of its own.
    func initialIsNil(_ key: String, frame: Int) -> Bool {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model else { return true }
        if frames[frame].isUpdate { return false }
        // One `init()` value's nilness answers most absent optionals (an optional whose initial
        // value is nil) without the model's shape, whose reflection is most of a type's first decode.
        // Safety: the session's `initialNilness` table owns these until it ends.
        if let known = initialNilness(frame: frame, model: model)._withUnsafeGuaranteedRef({ $0.isNil(key) }) { return known }
        // Borrowed, not taken: taking it would retain it for every absent optional; in
        // the generic `initialValue` the closure costs more than the retain.
        // Safety: the session's `modelFallbacks` table owns these until it ends.
        return modelFallbacks(frame: frame, model: model)._withUnsafeGuaranteedRef { fallbacks in
            guard let field = fallbacks.shape.field(key), field.isShared else { return false }
            return fallbacks.reference.isNil(field)
        }
    }

    /// Whether the property of `key` is an `Optional` (true where that is not known): a
    /// synthesized `init(from:)` asks `decodeIfPresent` for optional properties only.
    func initialIsOptional(_ key: String, frame: Int) -> Bool {
        guard frame >= 0, frame < frames.count, let model = frames[frame].model, !frames[frame].isUpdate else { return true }
        // Safety: the session's `modelFallbacks` table owns these until it ends.
        return modelFallbacks(frame: frame, model: model)._withUnsafeGuaranteedRef { $0.shape.field(key)?.isOptional ?? true }
    }

    /// Whether the current frame decodes in update mode (absent keys are expected, not repairs).
    func isUpdating(frame: Int) -> Bool {
        frame >= 0 && frame < frames.count && frames[frame].isUpdate
    }

    /// The one `init()` value of `model` that this decode's fallbacks read, made on first need.
    private func referenceValue(of model: any DecodableModel.Type) -> Any {
        let id = ObjectIdentifier(model)
        if let nilness = types.initialNilness.existing(id) { return nilness.base }
        if let fallbacks = types.modelFallbacks.existing(id) { return fallbacks.reference.base }
        return model.init()
    }

    /// Whether each key's initial value is nil, from one `init()` value, found once per
    /// object (unretained: the session's table keeps it). For a struct whose stored
    /// properties the runtime lists (`OptionalFields`): every key's, where every optional
    /// property of that value is nil; else each key's own property, read through the model's
    /// shape (`initialIsNil`), so that no decode runs the model's `encode(to:)` for it. For
    /// any other model, from what the value's `encode(to:)` writes under each key.
    private func initialNilness(frame: Int, model: any DecodableModel.Type) -> Unmanaged<InitialNilness> {
        if let known = frames[frame].initialNilness { return known }
        let nilness = types.initialNilness.value(for: ObjectIdentifier(model)) {
            let base = referenceValue(of: model)
            if let optionals = OptionalFields.of(model) {
                return InitialNilness(base: base, known: optionals.allNone(in: base) ? .everyKey : .byShape)
            }
            return InitialNilness(base: base, known: .perKey(KeyRecorder.nilness(of: base, model: model)))
        }
        // Safety: stored in `initialNilness` below, which owns it until the session ends.
        let unretained = Unmanaged.passUnretained(nilness)
        frames[frame].initialNilness = unretained
        return unretained
    }

    /// The model's shape and its one `init()` for this decode, found once per object;
    /// unretained (holding them costs a retain and a release per repair): the session's table keeps
    /// every one until the decode ends.
    private func modelFallbacks(frame: Int, model: any DecodableModel.Type) -> Unmanaged<ModelFallbacks> {
        if let known = frames[frame].modelFallbacks { return known }
        let fallbacks = types.modelFallbacks.value(for: ObjectIdentifier(model)) {
            let shape = ModelShape.of(model)
            return ModelFallbacks(shape: shape, reference: FallbackSource(base: referenceValue(of: model), shape: shape))
        }
        // Safety: stored in `modelFallbacks` below, which owns it until the session ends.
        let unretained = Unmanaged.passUnretained(fallbacks)
        frames[frame].modelFallbacks = unretained
        return unretained
    }
}

/// Whether the initial value under each key is nil, for a decode's objects of one model (a
/// default that reads app state is read afresh per decode).
final class InitialNilness {
    /// What is known of the keys' initial values.
    enum Known {
        /// Every key's is nil.
        case everyKey
        /// Whether the value written under each key is nil (what `encode(to:)` wrote).
        case perKey([String: Bool])
        /// Each key's property says, through the model's shape.
        case byShape
    }

    /// The `init()` value (shared with the model's `FallbackSource`).
    let base: Any
    private let everyKey: Bool
    /// Per key, whether the value written under it is nil (`perKey`); nil otherwise.
    private let keys: KeyIndex?
    private let nilness: [Bool]

    init(base: Any, known: Known) {
        self.base = base
        switch known {
        case .everyKey: (everyKey, keys, nilness) = (true, nil, [])
        case .byShape: (everyKey, keys, nilness) = (false, nil, [])
        case let .perKey(isNil):
            let keys = KeyIndex(Array(isNil.keys))
            (everyKey, self.keys, nilness) = (false, keys, keys.keys.map { isNil[$0]! })
        }
    }

    /// Whether the initial value under `key` is nil; nil when that is not known here.
    @inline(__always)
    func isNil(_ key: String) -> Bool? {
        if everyKey { return true }
        return keys?.index(of: key).map { nilness[$0] }
    }
}

/// A model's shape with one `init()` value, shared by a decode's objects of that model.
final class ModelFallbacks {
    let shape: ModelShape
    let reference: FallbackSource

    init(shape: ModelShape, reference: FallbackSource) {
        self.shape = shape
        self.reference = reference
    }
}

/// A model value whose initial values are read one key at a time, each at most once.
final class FallbackSource {
    let base: Any
    private let shape: ModelShape
    private lazy var mirror = Mirror(reflecting: base)
    /// What `encode(to:)` writes, for keys the mirror cannot place; made on first need.
    private lazy var recorded = KeyRecorder.values(of: base, model: shape.model)
    /// The values read so far, and per field whether the value is nil (0 not known yet,
    /// 1 nil, 2 not: the question every absent optional asks, answered once, not by a
    /// cast each time). Behind a pointer: read per repair, where a class property's
    /// access check would be paid each time.
    private struct Known {
        var values: [Any?]
        var nilness: [UInt8]
        /// Each field's value as the type last asked for (`value(_:as:)`).
        var typed: [TypedFallbackBase?]
    }

    private let known: UncheckedStorage<Known>

    init(base: Any, shape: ModelShape) {
        self.base = base
        self.shape = shape
        known = UncheckedStorage(Known(values: Array(repeating: nil, count: shape.count),
                                       nilness: Array(repeating: 0, count: shape.count),
                                       typed: Array(repeating: nil, count: shape.count)))
    }

    /// Whether the initial value of `field` is nil (or absent): read from its stored property
    /// where the shape knows it (no `encode(to:)` of the value, which `value(_:)` may record).
    func isNil(_ field: ModelShape.Field) -> Bool {
        if known.value.nilness[field.index] == 0 {
            let none: Bool
            if let storage = field.storage {
                func read<T>(_: T.Type) -> Bool { stored(T.self, at: storage.offset).map { isNone($0) } ?? true }
                none = _openExistential(storage.type, do: read)
            } else {
                none = isNone(value(field))
            }
            known.value.nilness[field.index] = none ? 1 : 2
        }
        return known.value.nilness[field.index] == 1
    }

    /// The value of `field` as a `T`, or nil when the model has none or it is not a `T`: cast
    /// once per field and type, then kept as a `T` (a dynamic cast per repair was most of a
    /// repair's cost).
    func value<T>(_ field: ModelShape.Field, as _: T.Type) -> T? {
        if let typed = known.value.typed[field.index], typed.type == ObjectIdentifier(T.self) {
            // Safety: a `TypedFallback` made below for this field holds the type it names.
            return unsafeDowncast(typed, to: TypedFallback<T>.self).value
        }
        let value: T?
        if let storage = field.storage, storage.type == T.self, let found = stored(T.self, at: storage.offset) {
            value = found
        } else {
            // Unwrapped first: casting the `Any?` itself asks the runtime to unwrap it, a second cast.
            value = self.value(field).flatMap { $0 as? T }
        }
        known.value.typed[field.index] = TypedFallback(value)
        return value
    }

    /// The stored property of type `T` at byte `offset` of the model value (a struct's: see
    /// `ModelShape.Field.storage`, which checked both), copied: the value the mirror's child
    /// there, or what a synthesized `encode(to:)` writes for it, would give.
    private func stored<T>(_: T.Type, at offset: Int) -> T? {
        StructField.read(T.self, at: offset, of: base)
    }

    /// The value of `field`, or nil when the model has none (an `Optional` that holds
    /// nothing is a value: `.some(nil)`).
    func value(_ field: ModelShape.Field) -> Any? {
        if let value = known.value.values[field.index] { return value }
        let value: Any?
        if let place = field.place, !field.isRecorded {
            var mirror = mirror
            for _ in 0 ..< place.level {
                guard let superclass = mirror.superclassMirror else { return nil }
                mirror = superclass
            }
            let children = mirror.children
            guard place.offset < children.count else { return nil }
            let child = children[children.index(children.startIndex, offsetBy: place.offset)].value
            // Only a property wrapper's value is cast to find its box (a cast per read costs).
            value = field.isWrapped ? unboxed(child) : child
        } else {
            // What encode(to:) wrote: as it is where that is exactly the stored value.
            let written = recorded[shape.key(of: field)]
            value = field.isRecorded ? written : written.map(unboxed)
        }
        known.value.values[field.index] = value
        return value
    }
}

/// A `@ModelField`'s value rather than its box.
func unboxed(_ value: Any) -> Any {
    (value as? any AnyModelField)?.anyValue ?? value
}

/// A field's initial value kept as the type a repair asked for (`FallbackSource.value(_:as:)`).
class TypedFallbackBase {
    let type: ObjectIdentifier

    init(type: ObjectIdentifier) {
        self.type = type
    }
}

final class TypedFallback<T>: TypedFallbackBase {
    let value: T?

    init(_ value: T?) {
        self.value = value
        super.init(type: ObjectIdentifier(T.self))
    }
}
