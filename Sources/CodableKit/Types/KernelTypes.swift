/// What the kernel knows about a type, in one place per type: how it is read
/// (`decode`), and the value a property without an initial value falls back to
/// (`emptyValue`): `0`, `""`, `false`, `[]`, `[:]`, `nil`. Scalars, collections,
/// `Optional`, `JSONValue`, `URL`, `Decimal` and `@AnyValue` conform, each in its
/// own file (`Scalars.swift`, `Collections.swift`, …); a type that also has a JSON
/// form of its own to write conforms to `KernelValue`.
protocol KernelDecodable: RoutedType {
    /// The value at `node`: conversions are recorded, problems go to the repair stage (`DecodingSession.fail`).
    static func decode(with decoder: DocumentDecoder, at node: Int) throws -> Self
    /// The value used when nothing usable was found and there is no initial value;
    /// nil for a type that has none.
    static var emptyValue: Self? { get }
    /// For an `Array`, the slot a planned field of it decodes through (`PlanArraySlot`); nil
    /// for any other type. Its `decode` reads an array and nothing else but JSON in a string
    /// (`jsonInString`): any other value is a `wrongKind` problem expecting `Self` (a `Set`,
    /// which names the array it reads, has none), which a planned field repairs where it is
    /// (`ObjectWalk.repairPlannedArray`).
    static var arraySlot: (any PlanSlotDecoding.Type)? { get }
}

extension KernelDecodable {
    static var emptyValue: Self? { nil }
    static var arraySlot: (any PlanSlotDecoding.Type)? { nil }
}

/// A kernel type that also writes itself: scalars, `JSONValue`, `URL`, `Decimal`.
protocol KernelValue: KernelDecodable {
    /// The value's JSON, as `encoder`'s options write it. - Throws: `EncodingError.invalidValue` for a value JSON cannot hold.
    func encoded(by encoder: TreeEncoder, at path: @autoclosure () -> [any CodingKey]) throws -> EncodedContent
}

/// The empty value of `T`, if it has one: a kernel type's, or a model's `init()`.
func emptyValue<T>(_: T.Type) -> T? {
    if let kernel = T.self as? any KernelDecodable.Type { return kernel.emptyValue as? T }
    if let model = T.self as? any DecodableModel.Type { return model.init() as? T }
    return nil
}

/// The error for a number JSON cannot hold.
func nonFinite(_ value: Any, at path: [any CodingKey]) -> EncodingError {
    EncodingError.invalidValue(value, .init(codingPath: path, debugDescription: "\(value) cannot be written as JSON: JSON numbers are finite."))
}

extension EncodingSession {
    /// A non-finite number: the strings `nonConformingFloatEncodingStrategy` names for
    /// it, or an `EncodingError.invalidValue` (`.throw`, the default).
    func nonFinite(_ value: Double, at path: [any CodingKey]) throws -> EncodedContent {
        guard case let .convertToString(positiveInfinity, negativeInfinity, nan) = options.nonConformingFloatEncodingStrategy else {
            throw CodableKit.nonFinite(value, at: path)
        }
        return .string(value.isNaN ? nan : value > 0 ? positiveInfinity : negativeInfinity)
    }
}
