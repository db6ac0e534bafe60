/// One step of a coding path.
enum PathComponent: Sendable {
    case key(String)
    case index(Int)

    var codingKey: AnyCodingKey {
        switch self {
        case let .key(key): AnyCodingKey(stringValue: key)
        case let .index(index): AnyCodingKey(index: index)
        }
    }

    /// `a.b[0].c`: keys joined by dots, indices in brackets.
    static func text(_ components: some Collection<PathComponent>) -> String {
        var text = ""
        for component in components { component.append(to: &text) }
        return text
    }

    func append(to text: inout String) {
        switch self {
        case let .key(key):
            if !text.isEmpty { text += "." }
            text += key
        case let .index(index):
            text += "[\(index)]"
        }
    }
}
