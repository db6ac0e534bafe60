/// A hash index of one object's keys, for objects with many members: built once
/// per object in O(members), after which each lookup costs one hash and usually
/// one comparison, instead of a scan that makes decoding wide objects quadratic.
/// The keys are the input's, so the table is a `HashSlots`: linear whatever keys
/// the input crafts.
///
/// Members are inserted in document order, and a repeated key keeps the earlier
/// entry (`FirstOccurrence`).
final class MemberIndex {
    /// Below this many members a scan ahead is cheaper than building an index.
    static let threshold = 8

    /// The most members a scan back over the members already passed reads before the
    /// object gets an index: a natural object is scanned (an index per object would cost
    /// more), a wide one asked back and forth is indexed once.
    static let scanLimit = 64

    /// The value node of each member (the key node is one before it).
    private var slots: HashSlots

    /// The key of a value node: the key node before it.
    private struct Keys: KeyBytes {
        let document: JSONDocument
        @inline(__always)
        func withKey<Result>(at position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            document.withText(position - 1, body)
        }
    }

    init(document: JSONDocument, object: Int) {
        let keys = Keys(document: document)
        slots = HashSlots(capacity: max(document.nodes[object].count, 8))
        var member = object + 1
        let end = document.nodes[object].end
        while member < end {
            document.withText(member) { text in _ = FirstOccurrence.claim(member + 1, key: text, in: &slots, keys: keys) }
            member = document.next(after: member + 1)
        }
    }

    /// The value node of `key`, if the object has that key.
    func lookup(_ key: UnsafeBufferPointer<UInt8>, in document: JSONDocument) -> Int? {
        slots.find(key, in: Keys(document: document))
    }
}
