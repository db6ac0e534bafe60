import Foundation

// The floor of any Codable decoder: a tree built beforehand (not timed), served through
// Decoder/containers with the least work possible (an in-order member cursor, no repairs,
// no paths). What remains is the Codable protocol machinery itself.
indirect enum Tree { case int(Int), double(Double), string(String), bool(Bool), null, array([Tree]), object([(String, Tree)]) }

func tree(_ any: Any) -> Tree {
    switch any {
    case let n as NSNumber:
        let kind = String(cString: n.objCType)
        if kind == "c" || kind == "B" { return .bool(n.boolValue) }
        if kind == "d" || kind == "f" { return .double(n.doubleValue) }
        return .int(n.intValue)
    case let s as String: return .string(s)
    case let a as [Any]: return .array(a.map(tree))
    case let o as [String: Any]: return .object(o.map { ($0.key, tree($0.value)) })
    default: return .null
    }
}

struct FloorError: Error {}

final class FloorDecoder: Decoder {
    let node: Tree
    init(_ node: Tree) { self.node = node }
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = node else { throw FloorError() }
        return KeyedDecodingContainer(FloorKeyed<Key>(members: members))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(elements) = node else { throw FloorError() }
        return FloorUnkeyed(elements: elements)
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { FloorSingle(node: node) }
}

func floorValue<T: Decodable>(_: T.Type, _ node: Tree) throws -> T {
    switch node {
    case let .int(v): if let v = v as? T { return v }
    case let .string(v): if let v = v as? T { return v }
    case let .double(v): if let v = v as? T { return v }
    case let .bool(v): if let v = v as? T { return v }
    default: break
    }
    return try T(from: FloorDecoder(node))
}

struct FloorKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(String, Tree)]
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.0) } }
    func find(_ key: Key) -> Tree? {
        let name = key.stringValue
        for member in members where member.0 == name { return member.1 }
        return nil
    }
    func contains(_ key: Key) -> Bool { find(key) != nil }
    func decodeNil(forKey key: Key) throws -> Bool { if case .null? = find(key) { return true }; return find(key) == nil }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let node = find(key) else { throw FloorError() }
        return try floorValue(T.self, node)
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = find(key) else { return nil }
        if case .null = node { return nil }
        return try floorValue(T.self, node)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> { throw FloorError() }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer { throw FloorError() }
    func superDecoder() throws -> any Decoder { throw FloorError() }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw FloorError() }
}

struct FloorUnkeyed: UnkeyedDecodingContainer {
    let elements: [Tree]
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }
    mutating func decodeNil() throws -> Bool { if case .null = elements[currentIndex] { currentIndex += 1; return true }; return false }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        defer { currentIndex += 1 }
        return try floorValue(T.self, elements[currentIndex])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> { throw FloorError() }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw FloorError() }
    mutating func superDecoder() throws -> any Decoder { throw FloorError() }
}

struct FloorSingle: SingleValueDecodingContainer {
    let node: Tree
    var codingPath: [any CodingKey] { [] }
    func decodeNil() -> Bool { if case .null = node { return true }; return false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try floorValue(T.self, node) }
}
