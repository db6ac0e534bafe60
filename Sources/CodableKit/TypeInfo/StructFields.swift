@_spi(Reflection) import Swift

/// A struct's stored property as the runtime lays it out: the one walk of a struct's fields
/// that the decode and encode plans and a model's shape (for its initial values) read.
struct StructField {
    let name: String
    /// Its byte offset in the struct's value.
    let offset: Int
    let type: Any.Type

    /// The stored properties of the struct `type`, in declaration order (as its mirror's
    /// children); nil for a class, or where the runtime cannot list them all.
    static func of(struct type: Any.Type) -> [StructField]? {
        guard #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *), !(type is AnyClass) else { return nil }
        var properties: [StructField] = []
        let complete = _forEachField(of: type, options: _EachFieldOptions(rawValue: 0)) { name, offset, type, _ in
            properties.append(StructField(name: String(cString: name), offset: offset, type: type))
            return true
        }
        return complete ? properties : nil
    }
}
