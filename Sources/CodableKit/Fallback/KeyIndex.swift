/// Keys by their position, found by open addressing over `keyHash` of their UTF-8: a
/// model's fallbacks are asked by key for every absent key of every object, and a
/// `Dictionary`'s `String` hashing would be paid each time.
struct KeyIndex: Sendable {
    let keys: [String]
    /// Position + 1 of the key in each slot; 0: empty.
    private let slots: [Int32]

    init(_ keys: [String]) {
        self.keys = keys
        var size = 8
        while size < keys.count * 2 { size <<= 1 }
        var slots = [Int32](repeating: 0, count: size)
        for (position, key) in keys.enumerated() {
            var slot = key.hashedSlot(mask: size - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(position + 1)
        }
        self.slots = slots
    }

    /// The position of `key`, if it is one.
    @inline(__always)
    func index(of key: String) -> Int? {
        let mask = slots.count - 1
        var slot = key.hashedSlot(mask: mask)
        while slots[slot] != 0 {
            let position = Int(slots[slot]) - 1
            if keys[position] == key { return position }
            slot = (slot + 1) & mask
        }
        return nil
    }
}

extension String {
    /// A slot in a power-of-two table for this key (`keyHash` of its UTF-8).
    @inline(__always)
    fileprivate func hashedSlot(mask: Int) -> Int {
        // In place when the text is contiguous UTF-8 (a copy to call `withUTF8` retains it).
        if let hash = utf8.withContiguousStorageIfAvailable(keyHash) { return Int(truncatingIfNeeded: hash) & mask }
        var key = self
        return key.withUTF8 { Int(truncatingIfNeeded: keyHash($0)) & mask }
    }
}
