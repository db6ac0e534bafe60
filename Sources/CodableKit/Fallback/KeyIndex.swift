/// Keys by their position, found by their `KeyHash`: a model's fallbacks are asked by key
/// for every absent key of every object, and a `Dictionary`'s `String` hashing would be
/// paid each time.
struct KeyIndex: Sendable {
    let keys: [String]
    private let slots: HashSlots

    init(_ keys: [String]) {
        self.keys = keys
        var slots = HashSlots(count: keys.count)
        for (position, key) in keys.enumerated() {
            slots.insert(position, hash: KeyHash.of(key)) { _ in false }  // the keys are distinct
        }
        self.slots = slots
    }

    /// The position of `key`, if it is one.
    @inline(__always)
    func index(of key: String) -> Int? {
        slots.find(KeyHash.of(key)) { keys[$0] == key }
    }
}
