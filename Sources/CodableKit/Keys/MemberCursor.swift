/// Finding an object's members by key, in the order a synthesized `init(from:)`
/// asks for them.
///
/// Models usually declare their keys in the order the payload writes them, so
/// the next key asked for is most often the member after the last one found: the
/// cursor checks that member with one comparison. Everything else — a key asked
/// out of order, twice, or absent — takes the exact path (`exactMember`); only a
/// wide object asked far out of order gets a `MemberIndex`.
///
/// The first occurrence of a repeated key wins (`FirstOccurrence`): a
/// filter of the keys before the cursor (`passed`) sends a key that may already
/// have occurred to the exact path. A filter of every key of the object
/// (`present`) answers most absent keys of a wide object without an index.
struct MemberCursor {
    /// The document (its `serial`) and object node this cursor is over; -1: none yet.
    /// A serial, not the document's address: a document freed during the decode (JSON
    /// found in a string) must not let a new one at its address inherit this state;
    /// nor a reference, which would cost a retain and a release per object.
    var document = -1
    var object = -1
    /// The key node the next lookup tries first.
    var next = 0
    /// The key node found last (a key is often asked twice: `decodeNil`, then `decode`), or -1.
    var last = -1
    /// Keys of every member before `next`.
    var passed = KeyFilter()
    /// Keys of every member, once a key was not found a few members ahead in a wide object.
    var present: KeyFilter?
    /// An index of a wide object's keys, once a key was asked far out of order.
    var index: MemberIndex?

    /// The value node of `key` in `object`, moving the cursor past it.
    ///
    /// Transparent (always inlined, as `HandedOutContainers.member`): a keyed container
    /// looks a key up in two places — the key itself, or its first candidate in a key
    /// table — and the optimizer inlines an `@inline(__always)` function at only one of
    /// them, calling it out of line at the other, and decodes on that path take 2–3% more
    /// instructions. `start` stays out of line: it runs once per object.
    @_transparent
    mutating func member(_ key: UnsafeBufferPointer<UInt8>, in object: Int, of document: JSONDocument) -> Int? {
        if object != self.object || document.serial != self.document {
            start(object, of: document)
        }
        let hash = KeyHash.of(key)
        if next < document.nodes[object].end, document.stringEquals(next, key), !passed.contains(hash) {
            passed.insert(hash)
            last = next
            next = document.next(after: next + 1)
            return last + 1
        }
        if last >= 0, document.stringEquals(last, key) { return last + 1 }
        return exactMember(key, hash: hash, in: object, of: document)
    }

    /// Moves the cursor to the first member of `object`, field by field (the index,
    /// the one reference, is rarely there to release).
    @inline(never)
    private mutating func start(_ object: Int, of document: JSONDocument) {
        self.document = document.serial
        self.object = object
        next = object + 1
        last = -1
        passed = KeyFilter()
        present = nil
        if index != nil { index = nil }
    }

    /// A key that is not the cursor's next member: found by its bytes, else (a non-ASCII
    /// key) in another Unicode form (`JSONDocument.equivalentMember`).
    private mutating func exactMember(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, in object: Int, of document: JSONDocument) -> Int? {
        if let found = memberByBytes(key, hash: hash, in: object, of: document) { return found }
        return document.equivalentMember(key, in: object).map { $0 + 1 }
    }

    /// `exactMember` by the key's bytes. With an index, that answers.
    /// Else, when the filter of passed keys says it may lie before the cursor, a
    /// scan up to the cursor finds it there or proves it lies ahead; ahead, it is
    /// most often a few members on (a member the model does not ask for, an
    /// optional key absent), or, for a small object, anywhere to the end. Beyond
    /// that (a wide object asked out of order): absent by the filter of all keys,
    /// else found by an index built then. No scan back goes past `MemberIndex.scanLimit`
    /// members: a filter full of keys (or of keys crafted to share its bits) says "maybe"
    /// to everything, and must not turn each lookup into a walk of the whole object.
    private mutating func memberByBytes(_ key: UnsafeBufferPointer<UInt8>, hash: UInt64, in object: Int, of document: JSONDocument) -> Int? {
        if index != nil { return indexed(key, in: object, of: document) }
        if passed.contains(hash) {
            var member = object + 1
            var looked = 0
            while member < next, looked < MemberIndex.scanLimit {
                if document.stringEquals(member, key) {
                    last = member
                    return member + 1
                }
                member = document.next(after: member + 1)
                looked += 1
            }
            if member < next { return indexed(key, in: object, of: document) }
        }
        let end = document.nodes[object].end
        let wide = document.nodes[object].count > MemberIndex.threshold
        var member = next
        var looked = 0
        while member < end, !wide || looked < MemberIndex.threshold {
            if document.stringEquals(member, key) {
                advance(through: member, in: document)
                return member + 1
            }
            member = document.next(after: member + 1)
            looked += 1
        }
        if member >= end { return nil }
        if present == nil {
            var all = passed
            all.insertKeys(of: document, from: next, before: end)
            present = all
        }
        guard present!.contains(hash) else { return nil }
        return indexed(key, in: object, of: document)
    }

    /// `key` found by the object's index, built now if it has none.
    private mutating func indexed(_ key: UnsafeBufferPointer<UInt8>, in object: Int, of document: JSONDocument) -> Int? {
        if index == nil { index = MemberIndex(document: document, object: object) }
        guard let found = index!.lookup(key, in: document) else { return nil }
        if found - 1 >= next { advance(through: found - 1, in: document) } else { last = found - 1 }
        return found
    }

    /// Moves the cursor past the key node `member` (at or after `next`), which was found.
    private mutating func advance(through member: Int, in document: JSONDocument) {
        next = passed.insertKeys(of: document, from: next, before: member + 1)
        last = member
    }
}

extension KeyFilter {
    /// Inserts the keys of the members from key node `start` up to `end` (a key node,
    /// or the object's end); returns the key node after the last one inserted.
    @discardableResult
    mutating func insertKeys(of document: JSONDocument, from start: Int, before end: Int) -> Int {
        var member = start
        while member < end {
            insert(document.withText(member, KeyHash.of))
            member = document.next(after: member + 1)
        }
        return member
    }
}
