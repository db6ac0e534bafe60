/// Keys by their position, in a `HashSlots`: a model's fallbacks are asked by key for every
/// absent key of every object, and a `Dictionary`'s `String` hashing would be paid each time.
struct KeyIndex: Sendable {
    let keys: [String]
    private let slots: HashSlots

    init(_ keys: [String]) {
        self.keys = keys
        let strings = StringKeys(strings: keys)
        var slots = HashSlots(capacity: keys.count)
        for position in keys.indices {
            strings.withKey(at: position) { _ = slots.insert(position, key: $0, in: strings) }
        }
        self.slots = slots
    }

    /// The position of `key`, if it is one.
    @inline(__always)
    func index(of key: String) -> Int? {
        // Compared as strings: a model asks with its own key literals, which `==` finds
        // identical without reading them.
        withUTF8(of: key) { slots.find($0) { keys[$0] == key } }
    }
}
