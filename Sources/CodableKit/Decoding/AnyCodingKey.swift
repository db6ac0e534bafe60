/// A coding key for any string or array position, for coding paths and
/// containers whose keys are not known at compile time.
package struct AnyCodingKey: CodingKey, Hashable, Sendable {
    package var stringValue: String
    package var intValue: Int?

    package init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    package init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }

    /// An array position, named as Foundation names it (`"Index 3"`).
    package init(index: Int) {
        stringValue = "Index \(index)"
        intValue = index
    }

    package init(_ key: some CodingKey) {
        stringValue = key.stringValue
        intValue = key.intValue
    }
}
