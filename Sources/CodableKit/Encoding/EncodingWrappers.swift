/// Property wrappers that decide how they are written as a member: `@IgnoredKey`
/// (not at all), `@Required` (as its value, with the property's rules).
protocol EncodingWrapper {
    /// Writes the wrapper as member `key` of the object `container` fills, or nothing.
    func encode<Container: KeyedEncodingContainerProtocol>(into container: inout Container, forKey key: Container.Key) throws
}

/// `@Flat`: writes its value's members into the enclosing object, which only the
/// tree can do (`StreamEncoder` falls back for it).
protocol FlatWrapper {
    /// Writes the value's members into the object `encoder` is filling.
    func encodeFlattened(into encoder: TreeEncoder) throws
}
