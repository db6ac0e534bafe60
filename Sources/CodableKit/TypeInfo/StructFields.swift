@_spi(Reflection) import Swift

/// A struct's stored property as the runtime lays it out: the one walk of a struct's fields
/// that the decode and encode plans and a model's shape (for its initial values) read.
struct StructField {
    let name: String
    /// Its byte offset in the struct's value.
    let offset: Int
    let type: Any.Type
    /// Its type is an `Optional`, as the runtime's metadata kind says: a conformance check
    /// (`is any OptionalValue.Type`) that fails scans every conformance record the first time,
    /// which a process's first decode would pay per property.
    let isOptional: Bool

    /// The stored properties of the struct `type`, in declaration order (as its mirror's
    /// children); nil for a class, or where the runtime cannot list them all.
    static func of(struct type: Any.Type) -> [StructField]? {
        guard #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *), !(type is AnyClass) else { return nil }
        var properties: [StructField] = []
        let complete = _forEachField(of: type, options: _EachFieldOptions(rawValue: 0)) { name, offset, type, kind in
            properties.append(StructField(name: String(cString: name), offset: offset, type: type, isOptional: kind == .optional))
            return true
        }
        return complete ? properties : nil
    }

    /// The stored property of type `T` at byte `offset` of `value`, a struct of the type the
    /// offset was listed for (`of(struct:)`), copied. Nil for a struct of no size.
    static func read<T>(_: T.Type, at offset: Int, of value: Any) -> T? {
        func read<Model>(_ model: Model) -> T? {
            // Safety (the closure): see inside; the bytes are read only while it runs.
            withUnsafeBytes(of: model) { bytes in
                guard let start = bytes.baseAddress else { return nil }
                // Safety: the caller's `offset` and `T` are a stored property of `Model` as the
                // runtime lists it: initialized and aligned for as long as `bytes` is.
                return start.advanced(by: offset).assumingMemoryBound(to: T.self).pointee
            }
        }
        return _openExistential(value, do: read)
    }
}
