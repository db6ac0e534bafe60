/// Keys in another Unicode form: `"café"` written precomposed (`é`, U+00E9) or decomposed
/// (`e` and U+0301). `JSONDecoder` finds members by comparing keys as `String`s, which compare
/// by canonical equivalence, so either form of a key finds the other; CodableKit compares
/// keys' bytes, and asks here when a key with a non-ASCII byte was not found by them (an
/// ASCII key has one form). Without this, such a member was silently not read.
extension JSONDocument {
    /// The key node of `object`'s first member with a non-ASCII key canonically equivalent to
    /// `key`, if `key` has a non-ASCII byte; nil otherwise. (The few characters equivalent to
    /// an ASCII one, such as U+212A KELVIN SIGN for `K`, are not looked for among ASCII keys.)
    /// Linear in the object's members, and asked only by a lookup its bytes missed (for a
    /// field plan, once per field and object; a hand-written `init(from:)` may ask again).
    func equivalentMember(_ key: UnsafeBufferPointer<UInt8>, in object: Int) -> Int? {
        guard key.contains(where: { $0 >= 0x80 }) else { return nil }
        let name = String(decoding: key, as: UTF8.self)
        let end = nodes[object].end
        var member = object + 1
        while member < end {
            if nodes[member].flags & Node.asciiFlag == 0, string(member) == name { return member }
            member = next(after: member + 1)
        }
        return nil
    }
}
