/// A hash index of one object's keys, for objects with many members: built once
/// per object in O(members), after which each lookup costs one hash and usually
/// one comparison, instead of a scan that makes decoding wide objects quadratic.
///
/// Members are inserted in document order, and a repeated key keeps the earlier
/// slot, so the first occurrence wins, as in `JSONDocument.member`.
final class MemberIndex {
    /// Below this many members a backward scan is cheaper than building an index.
    static let threshold = 8

    /// The value node of each member, by the hash of its key (the key node is one before it).
    private var slots: HashSlots

    init(document: JSONDocument, object: Int) {
        slots = HashSlots(count: document.nodes[object].count, minimumSize: 16)
        var member = object + 1
        let end = document.nodes[object].end
        while member < end {
            document.withText(member) { text in
                _ = slots.insert(member + 1, hash: KeyHash.of(text)) { document.stringEquals($0 - 1, text) }
            }
            member = document.next(after: member + 1)
        }
    }

    /// The value node of `key`, if the object has that key.
    func lookup(_ key: UnsafeBufferPointer<UInt8>, in document: JSONDocument) -> Int? {
        slots.find(KeyHash.of(key)) { document.stringEquals($0 - 1, key) }
    }
}
