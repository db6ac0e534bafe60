/// Makes the `KeyedDecodingContainer` over one object for one `Key` type, from a
/// generic class whose instances a session keeps per `Key`.
///
/// `container(keyedBy:)` runs unspecialized, so making `KeyedContainer<Key>` there asks
/// the runtime for that type's metadata and its conformance's witness table on every
/// object, two hash-table lookups. A method of this class finds both in its own
/// class's generic arguments instead: the lookups happen once, when the maker is made.
final class KeyedContainerMaker<Container: ObjectContainer>: Sendable {
    func make(decoder: DocumentDecoder, object: Int) -> KeyedDecodingContainer<Container.Key> {
        KeyedDecodingContainer(Container(decoder: decoder, object: object))
    }
}

/// A keyed container over one object of a document: `KeyedContainer`, named by a
/// protocol so that `KeyedContainerMaker` can make it from its generic argument alone.
protocol ObjectContainer: KeyedDecodingContainerProtocol {
    init(decoder: DocumentDecoder, object: Int)
}

extension KeyedContainer: ObjectContainer {}

extension DecodingSession {
    /// The maker of `KeyedContainer<Key>` containers, made once per `Key` in a decode.
    @inline(__always)
    func containerMaker<Key: CodingKey>(for _: Key.Type) -> Unmanaged<KeyedContainerMaker<KeyedContainer<Key>>> {
        let id = ObjectIdentifier(Key.self)
        if let maker = recentMakers.pointer.pointee.value(for: id) {
            return Unmanaged.passUnretained(unsafeDowncast(maker, to: KeyedContainerMaker<KeyedContainer<Key>>.self))
        }
        return newContainerMaker(for: Key.self)
    }

    @inline(never)
    private func newContainerMaker<Key: CodingKey>(for _: Key.Type) -> Unmanaged<KeyedContainerMaker<KeyedContainer<Key>>> {
        let maker = KeyedContainerMaker<KeyedContainer<Key>>()
        makers.append(maker)  // kept until the decode ends: the table of recent ones may evict it
        recentMakers.pointer.pointee.insert(maker, for: ObjectIdentifier(Key.self))
        return Unmanaged.passUnretained(maker)
    }
}
