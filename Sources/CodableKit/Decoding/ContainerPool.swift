/// The `KeyedDecodingContainer`s of one `Key` type in one decode, each reused for
/// the next object once nothing else holds it.
///
/// The standard library wraps every keyed container in a box of its own, a heap
/// object whose generic class the runtime looks up by `Key` (a hash-table search)
/// before allocating it: for small objects, a visible share of each object's cost. A box's container reads its object from `KeyedContainerFields` behind a
/// pointer, so a box that only this pool holds can be pointed at the next object
/// instead. A box anyone else holds — a container still in use further up, or one a
/// hand-written `init(from:)` kept — is never touched again: its object stays its own.
///
/// Whether a box is held elsewhere is its reference count. The box reference is the
/// whole of a `KeyedDecodingContainer`, which `ContainerBoxes.areReusable` verifies
/// once per process (its size, and a reference count that follows copies); where it
/// is not, every object gets a new box.
final class KeyedContainerPool {
    /// The boxes, as references of a stand-in class (see `ContainerBoxes.Box`), and
    /// the fields each one's container reads. Nothing here depends on `Key`: code
    /// that does runs unspecialized, and asks the runtime for the type's metadata.
    private struct Entries: ~Copyable {
        /// On a `Stack`, whose elements are reached in place: asking whether a box is free
        /// takes no uniqueness check of an array's buffer first.
        var boxes = Stack<ContainerBoxes.Box>(capacity: 4)
        var fields = Stack<CellReference<KeyedContainerFields>>(capacity: 4)
    }

    /// Read per object, without the runtime's access check (see `DecodingSession`).
    @exclusivity(unchecked) private var entries = Entries()

    /// A container over `object`: a free box pointed at it, else a new one.
    func make<Key: CodingKey>(decoder: DocumentDecoder, object: Int, keyedBy _: Key.Type) -> KeyedDecodingContainer<Key> {
        if ContainerBoxes.areReusable, let free = firstFree() {
            entries.fields[free].value.point(at: object, of: decoder, keyedBy: Key.self)
            handOut(free, in: decoder.session)
            // Safety: box `free` was made as a `KeyedDecodingContainer<Key>` (this pool is `Key`'s), which is one reference (`areReusable`).
            return unsafeBitCast(entries.boxes[free], to: KeyedDecodingContainer<Key>.self)
        }
        let state = KeyedContainerState(KeyedContainerFields(decoder: decoder, object: object, keyedBy: Key.self))
        let container = KeyedDecodingContainer(KeyedContainer<Key>(state))
        guard ContainerBoxes.areReusable else { return container }
        // Safety: `areReusable` checked the container is exactly one strong reference to its box.
        entries.boxes.append(unsafeBitCast(container, to: ContainerBoxes.Box.self))
        entries.fields.append(state.fields)
        handOut(entries.boxes.count - 1, in: decoder.session)
        return container
    }

    /// Records box `index` as handed out in the session's current frame.
    @inline(__always)
    private func handOut(_ index: Int, in session: DecodingSession) {
        // Safety: the session's `poolList` holds this pool for as long as the handout is on its stack.
        session.containers.handouts.append(Handout(pool: Unmanaged.passUnretained(self), index: index, frame: session.frames.count - 1))
    }

    /// Detaches box `index`'s container if anyone but this pool holds it (see `DetachedContext`),
    /// unless it is detached already (a box reused by a frame that ended first).
    @inline(__always)
    func detachIfHeld(_ index: Int, session: DecodingSession) {
        guard index < entries.boxes.count, !isKnownUniquelyReferenced(&entries.boxes[index]) else { return }
        detach(index, session: session)
    }

    @inline(never)  // rare: a container someone kept
    private func detach(_ index: Int, session: DecodingSession) {
        session.noteOwnDecoding(frame: entries.fields[index].value.frame)
        if !entries.fields[index].value.isDetached { entries.fields[index].value.detach(in: session) }
    }

    /// The index of the first box that nothing else holds.
    @inline(__always)
    private func firstFree() -> Int? {
        for index in 0 ..< entries.boxes.count where isKnownUniquelyReferenced(&entries.boxes[index]) { return index }
        return nil
    }

    /// How many boxes the pool holds.
    var count: Int { entries.boxes.count }

    /// Lets go of every box: a free one is freed; one held elsewhere lives on, its own.
    func releaseAll() {
        entries = Entries()
    }
}

/// Whether the standard library's keyed container boxes can be told free.
enum ContainerBoxes {
    /// `KeyedDecodingContainer` is one reference, to its box: checked on a probe
    /// container, whose one word must be a strong reference held by it alone, and no
    /// longer once the container is copied. (Not through its reflection: a mirror costs
    /// more than the rest of a short payload's first decode.)
    static let areReusable = probe(AnyCodingKey.self)

    /// Generic, and kept from being specialized, so that the probe's container type is
    /// made from the key's metadata and conformance as every other container is: named
    /// concretely, it is made from its mangled name, and the runtime searches every
    /// conformance record for `AnyCodingKey: CodingKey` in every process's first decode.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    private static func probe<Key: CodingKey>(_: Key.Type) -> Bool {
        typealias Probe = KeyedDecodingContainer<Key>
        guard MemoryLayout<Probe>.size == MemoryLayout<AnyObject>.size,
              MemoryLayout<Probe>.alignment == MemoryLayout<AnyObject>.alignment else { return false }
        let decoder = DocumentDecoder(document: .null, session: DecodingSession(options: .init(), recordsIssues: false), node: 0)
        var probe = Probe(KeyedContainer<Key>(KeyedContainerState(
            KeyedContainerFields(decoder: decoder, object: 0, keyedBy: Key.self))))
        // Safety: `Probe` is one reference wide and aligned (checked above): its bytes are one word.
        guard withUnsafeBytes(of: probe, { $0.load(as: UInt.self) }) != 0, isFree(&probe) else { return false }
        let copy = probe
        return withExtendedLifetime(copy) { !isFree(&probe) }
    }

    /// Whether `container`'s box is held by `container` alone.
    static func isFree<Key>(_ container: inout KeyedDecodingContainer<Key>) -> Bool {
        // Safety: `areReusable` (checked before any box is pooled) found the container to be
        // exactly one strong reference to its box, so its memory is a `Box` reference.
        withUnsafeMutablePointer(to: &container) { pointer in
            pointer.withMemoryRebound(to: Box.self, capacity: 1) { isFree($0) }
        }
    }

    /// Whether the box `reference` points to is held by that reference alone: only its
    /// reference count is looked at. (As `AnyObject`, Swift 6 opens the existential into
    /// a copy, a second reference, before asking.)
    @inline(__always)
    static func isFree(_ reference: UnsafeMutablePointer<Box>) -> Bool {
        // Safety: `reference` is the caller's live, initialized container, rebound above.
        isKnownUniquelyReferenced(&reference.pointee)
    }

    /// Stands for the standard library's box class, which cannot be named: a reference
    /// to a box is held as one to this class, whose members are never used.
    final class Box {}
}
