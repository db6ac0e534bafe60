/// A keyed type being decoded: what its containers need for fallbacks and reports.
struct ModelFrame {
    let type: Any.Type
    /// The model type, when the keyed type is a `DecodableModel`.
    let model: (any DecodableModel.Type)?
    /// The length of the coding path to the value: issues deeper than this are
    /// about this type's properties or elements; issues at it are about the value
    /// itself, and belong to the type holding it (see `DecodingSession.owner`).
    let depth: Int
    /// Not retained: every `ModelInfo` is made by `ModelInfo.of`, whose process-wide
    /// cache keeps it for the life of the process (holding it would cost a retain and a release per object).
    unowned(unsafe) let info: ModelInfo?
    /// `info`'s identity, compared per keyed container without loading `info` (a load of an
    /// `unowned(unsafe)` reference makes a strong one: a retain and a release).
    let infoIdentity: ObjectIdentifier?
    /// `info?.hasValueRules` and `info?.hasKeyRules`, read per property and per keyed
    /// container without touching `info` (binding it retains it, unowned or not).
    let hasValueRules: Bool
    let hasKeyRules: Bool
    /// An `@Observable` class: its properties are named in paths by their declared names.
    let isObservable: Bool
    /// Update mode: decoding into an existing value, so absent keys are expected, not repairs.
    let isUpdate: Bool
    /// The value whose properties are the initial values: set in update mode,
    /// otherwise made from `init()` the first time a fallback needs it; with its
    /// mirror. Out of line: frames are pushed per object, fallbacks are rare.
    var fallback: FallbackSource?
    /// The model's shared fallbacks, found on this object's first fallback (unretained:
    /// the session's `modelFallbacks` table keeps them).
    var modelFallbacks: Unmanaged<ModelFallbacks>?
    /// The model's `InitialNilness`, found on this object's first absent optional (unretained, as above).
    var initialNilness: Unmanaged<InitialNilness>?

    /// A frame whose flags are read from `info` once, here.
    init(type: Any.Type, model: (any DecodableModel.Type)?, depth: Int, info: ModelInfo?, isUpdate: Bool, fallback: FallbackSource?) {
        (self.type, self.model, self.depth, self.info) = (type, model, depth, info)
        infoIdentity = info.map(ObjectIdentifier.init)
        hasValueRules = info?.hasValueRules ?? false
        hasKeyRules = info?.hasKeyRules ?? false
        isObservable = info?.isObservable ?? false
        (self.isUpdate, self.fallback) = (isUpdate, fallback)
    }
}
