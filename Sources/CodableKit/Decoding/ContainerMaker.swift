/// Makes the `KeyedDecodingContainer` over one object for one `Key` type: one instance
/// per `Key` for the whole process, which a session keeps at hand once it used it.
///
/// `container(keyedBy:)` runs unspecialized, so making `KeyedContainer<Key>` there asks
/// the runtime for that type's metadata and its conformance's witness table on every
/// object, two hash-table lookups. A method of this class finds both in its own
/// class's generic arguments instead: the lookups happen once, when the maker is made.
final class KeyedContainerMaker<Container: ObjectContainer>: AnyContainerMaker {
    func make(decoder: DocumentDecoder, object: Int) -> KeyedDecodingContainer<Container.Key> {
        KeyedDecodingContainer(Container(decoder: decoder, object: object))
    }
}

/// A `KeyedContainerMaker` of any `Key`: they hold nothing, so one per `Key` serves
/// the whole process.
protocol AnyContainerMaker: AnyObject, Sendable {}

/// A keyed container over one object of a document: `KeyedContainer`, named by a
/// protocol so that `KeyedContainerMaker` can make it from its generic argument alone.
protocol ObjectContainer: KeyedDecodingContainerProtocol {
    init(decoder: DocumentDecoder, object: Int)
}

extension KeyedContainer: ObjectContainer {}

extension DecodingSession {
    /// The maker of `KeyedContainer<Key>` containers (a direct-mapped table of recent ones).
    @inline(__always)
    func containerMaker<Key: CodingKey>(for _: Key.Type) -> Unmanaged<KeyedContainerMaker<KeyedContainer<Key>>> {
        let id = ObjectIdentifier(Key.self)
        if let maker = recentMakers.pointer.pointee.value(for: id) {
            return Unmanaged.passUnretained(unsafeDowncast(maker, to: KeyedContainerMaker<KeyedContainer<Key>>.self))
        }
        return newContainerMaker(for: Key.self)
    }

    /// Behind the table of recent ones, which may evict a maker: the makers this decode
    /// used, by `Key`, then the process's, so that each is made once per process.
    @inline(never)
    private func newContainerMaker<Key: CodingKey>(for _: Key.Type) -> Unmanaged<KeyedContainerMaker<KeyedContainer<Key>>> {
        let id = ObjectIdentifier(Key.self)
        let known: any AnyContainerMaker
        if let used = makers[id] {
            known = used
        } else {
            known = Self.sharedMakers.value(for: Key.self) { KeyedContainerMaker<KeyedContainer<Key>>() }
            makers[id] = known
        }
        let maker = unsafeDowncast(known, to: KeyedContainerMaker<KeyedContainer<Key>>.self)
        recentMakers.pointer.pointee.insert(maker, for: id)
        return Unmanaged.passUnretained(maker)
    }

    private static let sharedMakers = TypeCache<any AnyContainerMaker>()
}
