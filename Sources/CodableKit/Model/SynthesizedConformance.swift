/// A model's word that its `init(from:)` is the one the compiler synthesizes, which lets
/// CodableKit decode it without running it: a field plan reads each property's member and
/// stores the value at the property's place, about twice as fast on large payloads.
///
/// ```swift
/// struct Airport: CodableModel, SynthesizedDecodable {   // or SynthesizedCodable
///     var code = ""
///     var runways: [Runway] = []
/// }
/// ```
///
/// What the word promises: the model declares no `init(from:)` of its own — not in its
/// declaration, not in an extension, not through a protocol it adopts — so that decoding it
/// is exactly what the compiler's code does with its `CodingKeys` (renames and omissions
/// included). Values, repairs, the report and errors are then the same with a plan as
/// through `init(from:)`; the tests decode the same payloads both ways.
///
/// Declare it in the model's own module (in its declaration or an extension there): a
/// conformance added from another module is not seen, and the model's `init(from:)` runs.
///
/// What it does not do: check the promise. CodableKit still watches for what only
/// hand-written code does — a second container, `contains`, `decodeNil`, a key asked twice,
/// a value that is not the one it was given — and keeps such a model's own `init(from:)`,
/// but no check can see what code does with the values it reads (a sort, a scale, a branch
/// on a value the check never sends, a record kept elsewhere). A model with a hand-written
/// `init(from:)` must not declare it: its code would silently not run.
///
/// Without the word a model's `init(from:)` runs for every object, as `JSONDecoder` runs it
/// (see the README's performance section for both, measured). Classes are always decoded
/// through `init(from:)`: the word has no effect on them.
public protocol SynthesizedDecodable: DecodableModel {}

extension SynthesizedDecodable {
    /// A model that declares `SynthesizedDecodable` (in its own module: see `DecodableModel._isSynthesizedDecodable`).
    public static var _isSynthesizedDecodable: Bool { true }
}

/// A model's word that its `encode(to:)` is the one the compiler synthesizes, which lets
/// `ModelEncoder` write it without running it: an encode plan reads each property at its
/// place and writes it straight into the output, several times faster on large payloads.
///
/// ```swift
/// struct Airport: CodableModel, SynthesizedCodable {   // both words
///     var code = ""
///     var runways: [Runway] = []
/// }
/// ```
///
/// What the word promises: the model declares no `encode(to:)` of its own (not in its
/// declaration, an extension or a protocol it adopts), so that encoding it is exactly what the
/// compiler's code does with its `CodingKeys`. The bytes are then the same with a plan as
/// through `encode(to:)`; the tests encode the same values both ways. Declare it in the
/// model's own module; classes are always encoded through `encode(to:)`.
///
/// What it does not do: check the promise. The first value of the type is written once
/// through `encode(to:)` against a probe, and a model that shows something else there (a
/// nested container, a key written twice, a scalar that is not its property's value) keeps
/// its code — but no check can see what code does with values it was not shown. A model with
/// a hand-written `encode(to:)` must not declare it: its code would silently not run.
public protocol SynthesizedEncodable: EncodableModel {}

extension SynthesizedEncodable {
    /// A model that declares `SynthesizedEncodable` (in its own module: see `EncodableModel._isSynthesizedEncodable`).
    public static var _isSynthesizedEncodable: Bool { true }
}

/// Both words: the model's `init(from:)` and `encode(to:)` are the compiler's.
public typealias SynthesizedCodable = SynthesizedDecodable & SynthesizedEncodable
