/// What an encode plan needs of a type it knows only as a metatype: the type's kind of
/// value (`PlannedKind`, decided once), and a value of it, seen in place (`ValueView`), written
/// through the container path (`StreamEncoder.encodeValue`) where the plan does not write it.
protocol EncodeSlotting {
    static var valueType: Any.Type { get }
    static var size: Int { get }
    /// `Optional` of the type.
    static var optionalType: Any.Type { get }
    /// The encode plan of `value`, a struct model described by `info`: learned from it if the
    /// type has not been met (`EncodePlanState`).
    static func encodePlan(of value: ValueView, info: ModelInfo) -> Unmanaged<EncodeFieldPlan>?
    /// Writes `value` as the value just begun: the member or element `key` of what `prefix`
    /// leads to in `encoder`'s value, with `rule`, the property's transformer.
    static func encode(_ value: ValueView, through encoder: StreamEncoder, key: PathComponent,
                       prefix: [any CodingKey], depth: Int, rule: (any ValueTransformable)?) throws
    /// Runs the value's own `encode(to:)` into `tree` (a planned model whose `willEncode(to:)`
    /// wrote there: `PlannedModelHook`).
    static func encode(_ value: ValueView, into tree: TreeEncoder) throws
}

/// The slot of `T`.
enum EncodeSlot<T: Encodable>: EncodeSlotting {
    static var valueType: Any.Type { T.self }
    static var size: Int { MemoryLayout<T>.size }
    static var optionalType: Any.Type { T?.self }

    static func encodePlan(of value: ValueView, info: ModelInfo) -> Unmanaged<EncodeFieldPlan>? {
        info.encodePlans.plan(learningFrom: value[as: T.self], info: info)
    }

    static func encode(_ value: ValueView, through encoder: StreamEncoder, key: PathComponent,
                       prefix: [any CodingKey], depth: Int, rule: (any ValueTransformable)?) throws {
        try encoder.encodeValue(value[as: T.self], key: key, prefix: prefix, depth: depth, rule: rule)
    }

    static func encode(_ value: ValueView, into tree: TreeEncoder) throws {
        try value[as: T.self].encode(to: tree)
    }
}

/// `Optional<Wrapped>`: whether a value is nil. A present value's payload is at the optional's
/// own address (a single-payload enum keeps its tag past the payload, or in the payload's
/// spare bits), so the wrapped kind reads the same view.
protocol PlannedOptional {
    static var wrappedSlot: any EncodeSlotting.Type { get }
    /// Whether this optional is nil (read in place by `isNil(_:)`).
    var isNone: Bool { get }
}

extension PlannedOptional {
    /// Whether the optional at `value` is nil. Here rather than in `Optional`'s extension: there,
    /// naming `Self` asked the runtime for `Wrapped?`'s metadata on every call (7% of a planned
    /// encode of twitter); in a protocol extension `Self` is the metadata the call was given.
    @inline(__always)
    static func isNil(_ value: ValueView) -> Bool {
        value[as: Self.self].isNone
    }
}

extension Optional: PlannedOptional where Wrapped: Encodable {
    static var wrappedSlot: any EncodeSlotting.Type { EncodeSlot<Wrapped>.self }

    var isNone: Bool { self == nil }
}

/// `Array<Element>`: its elements, in place.
protocol PlannedArray {
    static var elementSlot: any EncodeSlotting.Type { get }
    /// `body` with the array's elements, in place.
    static func withElements(of value: ValueView, _ body: (ElementsView) throws -> Void) rethrows
}

extension Array: PlannedArray where Element: Encodable {
    static var elementSlot: any EncodeSlotting.Type { EncodeSlot<Element>.self }

    static func withElements(of value: ValueView, _ body: (ElementsView) throws -> Void) rethrows {
        try ElementsView.with(value, as: Self.self, body)
    }
}

/// `[String: Value]`: its entries, in the dictionary's order (as `JSONEncoder` writes them
/// unsorted), each value in place.
protocol PlannedStringDictionary {
    static var valueSlot: any EncodeSlotting.Type { get }
    static func forEachEntry(of value: ValueView, _ body: (String, ValueView) throws -> Void) rethrows
}

extension Dictionary: PlannedStringDictionary where Key == String, Value: Encodable {
    static var valueSlot: any EncodeSlotting.Type { EncodeSlot<Value>.self }

    static func forEachEntry(of value: ValueView, _ body: (String, ValueView) throws -> Void) rethrows {
        for (key, entry) in value[as: Self.self] {
            try ValueView.with(entry) { try body(key, $0) }
        }
    }
}

/// The fixed-width integers other than `Int`, written in place.
protocol PlannedInteger {
    static func write(_ value: ValueView, into writer: inout JSONWriter)
}

extension PlannedInteger where Self: FixedWidthInteger {
    static func write(_ value: ValueView, into writer: inout JSONWriter) {
        writer.writeInteger(value[as: Self.self])
    }
}

extension Int8: PlannedInteger {}
extension Int16: PlannedInteger {}
extension Int32: PlannedInteger {}
extension Int64: PlannedInteger {}
extension UInt: PlannedInteger {}
extension UInt8: PlannedInteger {}
extension UInt16: PlannedInteger {}
extension UInt32: PlannedInteger {}
extension UInt64: PlannedInteger {}

/// How a plan writes a value of one type: a node of plain references (an indirect enum's
/// boxes are held by tagged pointers, which leak checkers cannot follow from the plan).
final class PlannedKind: @unchecked Sendable {  // immutable once made
    enum Shape {
        case string, int, bool, double, float, integer, optional
        case array
        /// The commonest arrays, read as their own types.
        case intArray, doubleArray, stringArray
        /// An array of struct models: the element's plan found once per array.
        case modelArray
        case stringDictionary, dictionary
        /// A struct model: by its own plan once it has one, else through the container path.
        case model
        /// Through the container path: kernel types (`Date`, `Data`, `URL`, `Decimal`,
        /// `JSONValue`), classes, enums, anything else.
        case other
    }

    let shape: Shape
    /// An optional's wrapped kind, an array's element kind, a dictionary's value kind.
    let inner: PlannedKind?
    let integer: (any PlannedInteger.Type)?
    let optional: (any PlannedOptional.Type)?
    let array: (any PlannedArray.Type)?
    let dictionary: (any PlannedStringDictionary.Type)?
    /// A model's (or a model array's element's) rules, where its plan is kept.
    let info: ModelInfo?
    /// The type's slot (for a model array, the element's), for the container path.
    let slot: (any EncodeSlotting.Type)?
    /// `.other`'s kernel type (`Date`, `URL`, `JSONValue`, …), which writes itself as the
    /// container path would, without the container path's coding path (made only for an error).
    let kernel: (any KernelValue.Type)?

    private init(_ shape: Shape, inner: PlannedKind? = nil, integer: (any PlannedInteger.Type)? = nil,
                 optional: (any PlannedOptional.Type)? = nil, array: (any PlannedArray.Type)? = nil,
                 dictionary: (any PlannedStringDictionary.Type)? = nil, info: ModelInfo? = nil, slot: (any EncodeSlotting.Type)? = nil,
                 kernel: (any KernelValue.Type)? = nil) {
        (self.shape, self.inner, self.integer, self.optional) = (shape, inner, integer, optional)
        (self.array, self.dictionary, self.info, self.slot, self.kernel) = (array, dictionary, info, slot, kernel)
    }

    static func optional(_ wrapped: PlannedKind, _ type: any PlannedOptional.Type) -> PlannedKind {
        PlannedKind(.optional, inner: wrapped, optional: type)
    }

    static func other(_ slot: any EncodeSlotting.Type, kernel: (any KernelValue.Type)? = nil) -> PlannedKind {
        PlannedKind(.other, slot: slot, kernel: kernel)
    }

    /// The kind of `T` when it is an array or a `[String: Value]` (`.array`, `.intArray`,
    /// `.modelArray`, `.dictionary`, …), else nil: found once per type for the process (a failed
    /// conformance check costs thousands of instructions). The standard library's collections
    /// run no code of the user's own: the plan writes them in place, each element it does not
    /// write itself through the container path (a model's own `encode(to:)` among them).
    static func collection<T: Encodable>(_: T.Type) -> PlannedKind? {
        collections.value(for: T.self) { of(EncodeSlot<T>.self).flatMap { $0.isCollection ? $0 : nil } }
    }

    private static let collections = TypeCache<PlannedKind?>()

    /// `inner`, for a loop over elements or entries to hold without a retain and release per
    /// element (this kind holds it).
    var innerUnretained: Unmanaged<PlannedKind> { .passUnretained(inner!) }

    /// `info`, for a model or model array's plan to be looked up without a retain and release
    /// per value (this kind holds it).
    var infoUnretained: Unmanaged<ModelInfo> { .passUnretained(info!) }

    /// Whether the plan writes this array's elements itself. Not an array of models without
    /// a plan, nor of classes or enums: each element goes through the container path, whose
    /// place a plan makes an array of keys for, where `Array.encode(to:)` gives it for nothing.
    var writesElements: Bool {
        switch shape {
        case .modelArray: info!.encodePlans.learned != nil
        case .array: inner!.shape != .other || inner!.kernel != nil
        default: true
        }
    }

    /// An array or a string-keyed dictionary.
    var isCollection: Bool {
        switch shape {
        case .array, .intArray, .doubleArray, .stringArray, .modelArray, .stringDictionary, .dictionary: true
        case .string, .int, .bool, .double, .float, .integer, .optional, .model, .other: false
        }
    }

    /// The kind of `slot`'s type, or nil for a type no plan can hold (a property wrapper,
    /// which decides for itself how it is written, or a type that is never written).
    static func of(_ slot: any EncodeSlotting.Type) -> PlannedKind? {
        let type = slot.valueType
        if type == String.self { return PlannedKind(.string) }
        if type == Int.self { return PlannedKind(.int) }
        if type == Bool.self { return PlannedKind(.bool) }
        if type == Double.self { return PlannedKind(.double) }
        if type == Float.self { return PlannedKind(.float) }
        if let integer = type as? any PlannedInteger.Type { return PlannedKind(.integer, integer: integer) }
        if let optional = type as? any PlannedOptional.Type {
            return of(optional.wrappedSlot).map { .optional($0, optional) }
        }
        switch EncodeRoute.of(type) {
        case .wrapper, .ignored: return nil
        case let .kernel(kernel): return .other(slot, kernel: kernel)
        case let .model(info): return info.isClass ? .other(slot) : PlannedKind(.model, info: info, slot: slot)
        case .stringKeyedDictionary:
            if type == [String: String].self { return PlannedKind(.stringDictionary, slot: slot) }
            guard let dictionary = type as? any PlannedStringDictionary.Type, let value = of(dictionary.valueSlot) else { return .other(slot) }
            return PlannedKind(.dictionary, inner: value, dictionary: dictionary, slot: slot)
        case .other:
            if type == [Int].self { return PlannedKind(.intArray) }
            if type == [Double].self { return PlannedKind(.doubleArray) }
            if type == [String].self { return PlannedKind(.stringArray) }
            guard let array = type as? any PlannedArray.Type, let element = of(array.elementSlot) else { return .other(slot) }
            if element.shape == .model { return PlannedKind(.modelArray, array: array, info: element.info, slot: element.slot) }
            return PlannedKind(.array, inner: element, array: array)
        }
    }
}
