/// A hash index of one object's keys, for objects with many members: built once
/// per object in O(members), after which each lookup costs one hash and usually
/// one comparison, instead of a scan that makes decoding wide objects quadratic.
///
/// Open addressing over a power-of-two table at most half full. Members are
/// inserted in document order, and a repeated key keeps the earlier slot, so
/// the first occurrence wins, as in `JSONDocument.member`.
final class MemberIndex {
    /// Below this many members a backward scan is cheaper than building an index.
    static let threshold = 8

    /// Value node + 1 of each slot's member (0: empty); the key node is one before it.
    private var slots: [Int32]
    private let mask: Int

    init(document: JSONDocument, object: Int) {
        let count = document.nodes[object].count
        var size = 16
        while size < count * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        mask = size - 1
        var member = object + 1
        let end = document.nodes[object].end
        while member < end {
            document.withText(member) { text in
                var slot = Int(truncatingIfNeeded: keyHash(text)) & mask
                while slots[slot] != 0, !document.stringEquals(Int(slots[slot]) - 2, text) {
                    slot = (slot + 1) & mask
                }
                if slots[slot] == 0 { slots[slot] = Int32(member + 2) }
            }
            member = document.next(after: member + 1)
        }
    }

    /// The value node of `key`, if the object has that key.
    func lookup(_ key: UnsafeBufferPointer<UInt8>, in document: JSONDocument) -> Int? {
        var slot = Int(truncatingIfNeeded: keyHash(key)) & mask
        while slots[slot] != 0 {
            let value = Int(slots[slot]) - 1
            if document.stringEquals(value - 1, key) { return value }
            slot = (slot + 1) & mask
        }
        return nil
    }
}

/// A fast, well-mixed hash of a short byte string (not for adversarial use:
/// a collision only costs extra comparisons, and the table is per object).
@inline(__always)
func keyHash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(bytes.count)
    var index = 0
    let base = UnsafeRawPointer(bytes.baseAddress)
    while index + 8 <= bytes.count {
        // Safety: the loop reads whole words only while `index + 8 <= count`.
        hash = (hash ^ base!.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
        hash ^= hash >> 31
        index += 8
    }
    if index < bytes.count {
        var tail: UInt64 = 0
        for offset in index ..< bytes.count { tail |= UInt64(bytes[offset]) << (8 * UInt64(offset - index)) }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
        hash ^= hash >> 29
    }
    return hash
}
