import Synchronization

/// What one decode call asked for, fixed when it starts: the options, and what follows
/// from them that every value asks (a `DecodingSession`'s first part, read-only).
struct CallSettings {
    /// The call's options, for what is read rarely (strategies, `userInfo`).
    let options: DecodingOptions
    /// This decode among the process's, from 1 (`ModelInfo.fieldPlan` tells a type's first
    /// decode from later ones by it).
    let id = nextDecodeID.wrappingAdd(1, ordering: .relaxed).oldValue
    /// The mode the call asked for, which a type's own `init(from:)`'s exact pass does not
    /// change (`DecodingSession.strict` is the mode in force).
    let callIsStrict: Bool
    let maxDepth: Int
    let keyStrategies: [any KeyStrategy]
    /// `!keyStrategies.isEmpty`, asked per keyed container without loading (and retaining) the array.
    let hasKeyStrategies: Bool
    /// Per-call transformers over the app-wide ones, by the type they produce.
    let typeTransformers: [ObjectIdentifier: any ValueTransformable]
    let hasTypeTransformers: Bool
    /// Whether transformers apply at all (not in a plugin's own conversion).
    let appliesTransformers: Bool
    /// The stack addresses decoding may use on this thread (see `StackGuard`).
    let stackRange: ClosedRange<UInt>? = StackGuard.usableRange()
    /// Whether repairs are recorded: only when someone will read the report (the
    /// caller, or a `DecodingLog` handler or level). Unread, each record — its
    /// path, its type names, its words — would be much of a repair's cost for nothing.
    let recordsIssues: Bool
    /// A `keyDecodingStrategy` other than `.useDefaultKeys` converts the keys of each object.
    let convertsKeys: Bool
    /// Models that declare `SynthesizedDecodable` may be decoded by their field plans
    /// (`FieldPlan`): not when `keyDecodingStrategy` converts keys, nor when the options turn plans off.
    let usesPlans: Bool

    init(options: DecodingOptions, appliesTransformers: Bool, recordsIssues: Bool) {
        self.options = options
        self.recordsIssues = recordsIssues
        if case .useDefaultKeys = options.keyDecodingStrategy { convertsKeys = false } else { convertsKeys = true }
        callIsStrict = options.mode == .strict
        maxDepth = options.maxDepth
        keyStrategies = options.keyStrategies
        hasKeyStrategies = !keyStrategies.isEmpty
        usesPlans = !convertsKeys && options.usesFieldPlans
        let transformers = appliesTransformers
            ? WhichSettingWins.typeTransformers(perCall: options.transformers, configured: options.configured) : [:]
        typeTransformers = transformers
        hasTypeTransformers = !transformers.isEmpty
        self.appliesTransformers = appliesTransformers
    }
}

/// The next `CallSettings.id`.
private let nextDecodeID = Atomic<UInt>(1)
