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
    /// The maker of `KeyedContainer<Key>` containers: the session's, else the process's.
    @inline(__always)
    func containerMaker<Key: CodingKey>(for _: Key.Type) -> Unmanaged<KeyedContainerMaker<KeyedContainer<Key>>> {
        let maker = makers.pointer.pointee.value(for: ObjectIdentifier(Key.self)) {
            Self.sharedMakers.value(for: Key.self) { KeyedContainerMaker<KeyedContainer<Key>>() }
        }
        return Unmanaged.passUnretained(unsafeDowncast(maker, to: KeyedContainerMaker<KeyedContainer<Key>>.self))
    }

    private static let sharedMakers = TypeCache<any AnyContainerMaker>()
}
