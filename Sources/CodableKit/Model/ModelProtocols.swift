/// Per-model key and value rules, shared by decoding and encoding.
///
/// ```swift
/// struct User: CodableModel {
///     var firstName = ""
///     var birthday: Date?
///     static func mappingForKey() -> [KeyMapping]? { [.model(.snakeCase)] }
///     static func mappingForValue() -> [ValueMapping]? { [CodingKeys.birthday <--- DateTransformer(.iso8601)] }
/// }
/// ```
public protocol ModelMappable {
    /// Key rules: per property (`CodingKeys.x <--- rule`) and model-wide (`.model(rule)`). Default nil.
    static func mappingForKey() -> [KeyMapping]?
    /// Transformers per property (`CodingKeys.x <--- transformer`). Default nil.
    static func mappingForValue() -> [ValueMapping]?
    /// CodableKit's own, supplied for every model: the type as an ``EncodableModel``, if it is
    /// one, known without asking the runtime for the conformance. Do not implement it.
    static var _encodableModel: (any EncodableModel.Type)? { get }
}

extension ModelMappable {
    /// No key rules unless the model declares some.
    public static func mappingForKey() -> [KeyMapping]? { nil }
    /// No value rules unless the model declares some.
    public static func mappingForValue() -> [ValueMapping]? { nil }
    /// Not an `EncodableModel`.
    public static var _encodableModel: (any EncodableModel.Type)? { nil }
}

extension ModelMappable where Self: EncodableModel {
    /// The model itself.
    public static var _encodableModel: (any EncodableModel.Type)? { Self.self }
}

/// A model that CodableKit decodes tolerantly: its `init(from:)` — the compiler's, or one
/// written by hand — runs as written, once per object, against CodableKit's `Decoder`, and
/// `init()` supplies the initial value of every property that the JSON leaves missing, null
/// or unusable. (A model whose `init(from:)` is the compiler's may say so, for speed:
/// ``SynthesizedDecodable``.)
///
/// ```swift
/// struct Profile: DecodableModel {
///     var name = "anonymous"
///     var age = 18
/// }
/// let profile = Profile.deserialize(from: #"{"age": "27"}"#)   // name "anonymous", age 27
/// ```
public protocol DecodableModel: Decodable, ModelMappable {
    /// The model with every property at its initial value: the source of fallbacks.
    init()
    /// Called after the model is decoded, inner models first. Default: nothing.
    mutating func didFinishMapping()
    /// ReerCodable's hook: called after `didFinishMapping()`, with a decoder at the model's
    /// object (to read what no property holds). A throw rejects the model: a top-level decode
    /// throws the error, an element of a collection is dropped, and a property holding the model
    /// keeps its initial value (both recorded); strict mode throws it. CodableKit's decoding
    /// calls it; `JSONDecoder` does not (it knows nothing of it). Default: nothing.
    mutating func didDecode(from decoder: any Decoder) throws
    /// CodableKit's own, supplied for every model: writes `value` (a `Self`) to `encoder`
    /// and returns true when the model is also `Encodable` (that is how initial values are
    /// read by coding key); false for a decode-only model. Stated here so that it is known
    /// without asking the runtime for the conformance, a scan of every conformance record
    /// the first time. Do not implement it.
    static func _writeInitialValue(_ value: Any, to encoder: any Encoder) throws -> Bool
    /// CodableKit's own, supplied for every model: an array of `count` models made in place
    /// by `initialize` (given the elements' storage and the count initialized so far, which it
    /// keeps up to date), as its storage object, the array's one stored reference. Its body is
    /// compiled into the model's own module, where `[Self]` is a concrete type: CodableKit's
    /// generic code would ask the runtime for the array's metadata at every array it makes.
    /// (Not `[Self]`: a class could not state that.) Do not implement it.
    static func _makeArray(count: Int, initialize: (UnsafeMutableRawPointer, inout Int) throws -> Void) rethrows -> AnyObject
    /// CodableKit's own, supplied for every model: whether the model declares
    /// ``SynthesizedDecodable`` in its own module (a conformance added from another module
    /// does not count, and the model's `init(from:)` then always runs). Stated here so that
    /// the first decode of a model asks no conformance of the runtime. Do not implement it.
    static var _isSynthesizedDecodable: Bool { get }
}

extension DecodableModel {
    /// Does nothing unless the model implements it.
    public mutating func didFinishMapping() {}

    /// Does nothing unless the model implements it. (It tells CodableKit's decoder that it ran, so
    /// that it is not called again for the type: `ModelInfo.decodeHookIsDefault`.)
    public mutating func didDecode(from decoder: any Decoder) throws {
        (decoder as? DocumentDecoder)?.defaultHookRan = true
    }

    /// `[Self](unsafeUninitializedCapacity:initializingWith:)`, for the generic code that
    /// cannot name `[Self]` cheaply (`DocumentDecoder.decodePlannedElements`, which takes the
    /// array back from its storage object). Made with `reserveCapacity` and filled in its
    /// spare capacity (`ElementsInitializedInPlace`): `unsafeUninitializedCapacity` allocates
    /// through a standard library function that is never specialized, which asks the runtime
    /// for the array's metadata (a hash lookup) at every array.
    @inlinable
    public static func _makeArray(count: Int, initialize: (UnsafeMutableRawPointer, inout Int) throws -> Void) rethrows -> AnyObject {
        var array = [Self]()
        if count > 0 {
            array.reserveCapacity(count)
            var initialized = 0
            // The elements initialized, also when `initialize` throws: the array owns them from here.
            defer { array.append(contentsOf: ElementsInitializedInPlace<Self>(count: initialized)) }
            // Safety: an empty array's buffer starts where its first element goes; `reserveCapacity`
            // made room there for `count` elements, which `initialize` does not exceed, and the
            // array is not touched until `append` above takes the `initialized` ones as its own.
            try array.withUnsafeMutableBufferPointer { spare in try initialize(UnsafeMutableRawPointer(spare.baseAddress!), &initialized) }
        }
        // Safety: an array's one stored property is its storage's reference (native, made just
        // above, so with no flag bits where Objective-C interop keeps any): the same bits.
        return unsafeBitCast(array, to: AnyObject.self)
    }

    /// A decode-only model writes nothing.
    public static func _writeInitialValue(_: Any, to _: any Encoder) throws -> Bool { false }

    /// A model that does not declare `SynthesizedDecodable`.
    public static var _isSynthesizedDecodable: Bool { false }
}

extension DecodableModel where Self: Encodable {
    /// An `Encodable` model writes `value` with its own `encode(to:)`.
    public static func _writeInitialValue(_ value: Any, to encoder: any Encoder) throws -> Bool {
        guard let model = value as? Self else { return false }  // a cast to the type itself: no conformance lookup
        try model.encode(to: encoder)
        return true
    }
}

/// A model that CodableKit encodes through the same key and value rules.
public protocol EncodableModel: Encodable, ModelMappable {
    /// ReerCodable's hook: called before the model is written, with the encoder it is written
    /// to (for `userInfo` and `codingPath`; what it writes there joins what the model's
    /// `encode(to:)` writes). A throw fails the encode: `ModelEncoder` throws the error,
    /// `toJSONString()` gives nil. CodableKit's encoding calls it; `JSONEncoder` does not.
    /// Default: nothing.
    func willEncode(to encoder: any Encoder) throws
    /// CodableKit's own, supplied for every model: whether the model declares
    /// ``SynthesizedEncodable`` in its own module (a conformance added from another module
    /// does not count, and the model's `encode(to:)` then always runs). Do not implement it.
    static var _isSynthesizedEncodable: Bool { get }
    /// CodableKit's own, supplied for every model: the address of the first element, the count
    /// and the stride of the `[Self]` at `array` (a struct model's array, read by a planned encode). Its
    /// body is compiled into the model's own module, where `[Self]` is a concrete type:
    /// CodableKit's generic code would retain the array's storage around an unspecialized call
    /// for its elements, at every array. Do not implement it.
    static func _elements(ofArrayAt array: UnsafeRawPointer) -> (first: UnsafeRawPointer?, count: Int, stride: Int)
}

extension EncodableModel {
    /// Does nothing unless the model implements it. (It tells CodableKit's encoder that it ran, so
    /// that it is not called again for the type: `ModelInfo.encodeHookIsDefault`.)
    public func willEncode(to encoder: any Encoder) throws {
        let session = (encoder as? StreamEncoder)?.session.tree ?? (encoder as? TreeEncoder)?.session
            ?? (encoder as? PlannedModelHook)?.session
        session?.defaultHookRan = true
    }

    /// A model that does not declare `SynthesizedEncodable`.
    public static var _isSynthesizedEncodable: Bool { false }

    /// The elements of the `[Self]` at `array`, read where they lie (`ElementsView.with`'s
    /// reasoning, here specialized): the array's elements are its own storage, which lives
    /// and stays as it is while the value holding the array does. Called for struct models
    /// only: a struct's array is never an `NSArray` lending a copy of its elements.
    @inlinable
    public static func _elements(ofArrayAt array: UnsafeRawPointer) -> (first: UnsafeRawPointer?, count: Int, stride: Int) {
        // Safety: `array` points at a live `[Self]` (the caller's contract).
        let (first, count) = array.assumingMemoryBound(to: [Self].self).pointee.withUnsafeBufferPointer { (UnsafeRawPointer($0.baseAddress), $0.count) }
        return (first, count, MemoryLayout<Self>.stride)
    }

    /// `willEncode(to:)` of the `Self` that `view` sees.
    static func willEncode(_ view: ValueView, to encoder: any Encoder) throws {
        try view[as: Self.self].willEncode(to: encoder)
    }
}

/// A model CodableKit decodes and encodes.
public typealias CodableModel = DecodableModel & EncodableModel
