// Lower bounds of the Codable machinery itself, tighter than Floor.swift's: what the models'
// own `init(from:)` and `encode(to:)` cost through the standard library's containers when the
// decoder or encoder does no work of its own.
//
// `ReplayDecoder` answers every call from a tape recorded once from a decode of the same
// payload (`RecordingDecoder`, over Floor.swift's tree): no lookup, no parse, no conversion;
// a model's `init(from:)` asks the same questions in the same order every time.
// `NullEncoder` takes every value and writes nothing.

/// One answer a decoder gave, in the order it was asked.
enum Answer {
    case int(Int), double(Double), string(String), bool(Bool)
    /// `contains`, `decodeNil`, `isAtEnd`, whether `decodeIfPresent` found a value.
    case flag(Bool)
    case count(Int?)
    case keys([String])
}

/// The tape: answers, and the next one to give.
final class Tape {
    @exclusivity(unchecked) var answers: [Answer] = []
    @exclusivity(unchecked) var next = 0

    func record(_ answer: Answer) { answers.append(answer) }

    @inline(__always)
    func take() -> Answer {
        defer { next &+= 1 }
        return answers[next]
    }
}

// MARK: Recording, over Floor.swift's tree

/// A scalar the models read, from its node: the value and the answer that replays it.
func recordedScalar<T>(_: T.Type, _ node: Tree) throws -> (T, Answer)? {
    switch node {
    case let .int(v) where T.self == Int.self: return (unsafeBitCast(v, to: T.self), .int(v))
    case let .int(v) where T.self == Double.self: return (unsafeBitCast(Double(v), to: T.self), .double(Double(v)))
    case let .double(v) where T.self == Double.self: return (unsafeBitCast(v, to: T.self), .double(v))
    case let .string(v) where T.self == String.self: return (unsafeBitCast(v, to: T.self), .string(v))
    case let .bool(v) where T.self == Bool.self: return (unsafeBitCast(v, to: T.self), .bool(v))
    default: return nil
    }
}

final class RecordingDecoder: Decoder {
    let node: Tree, tape: Tape
    init(_ node: Tree, _ tape: Tape) { (self.node, self.tape) = (node, tape) }
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = node else { throw FloorError() }
        return KeyedDecodingContainer(RecordingKeyed<Key>(members: members, tape: tape))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(elements) = node else { throw FloorError() }
        return RecordingUnkeyed(elements: elements, tape: tape)
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { RecordingSingle(node: node, tape: tape) }

    func value<T: Decodable>(_: T.Type, _ node: Tree) throws -> T {
        if let (value, answer) = try recordedScalar(T.self, node) { tape.record(answer); return value }
        return try T(from: RecordingDecoder(node, tape))
    }
}

struct RecordingKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(String, Tree)], tape: Tape
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] {
        tape.record(.keys(members.map(\.0)))
        return members.compactMap { Key(stringValue: $0.0) }
    }
    func find(_ key: Key) -> Tree? { members.first { $0.0 == key.stringValue }?.1 }
    func contains(_ key: Key) -> Bool { let found = find(key) != nil; tape.record(.flag(found)); return found }
    func decodeNil(forKey key: Key) throws -> Bool {
        var isNil = true
        if let node = find(key), case .null = node {} else if find(key) != nil { isNil = false }
        tape.record(.flag(isNil))
        return isNil
    }
    func decode<T: Decodable>(_: T.Type, forKey key: Key) throws -> T {
        guard let node = find(key) else { throw FloorError() }
        return try RecordingDecoder(node, tape).value(T.self, node)
    }
    func decodeIfPresent<T: Decodable>(_: T.Type, forKey key: Key) throws -> T? {
        guard let node = find(key), !{ if case .null = node { return true }; return false }() else {
            tape.record(.flag(false))
            return nil
        }
        tape.record(.flag(true))
        return try RecordingDecoder(node, tape).value(T.self, node)
    }
    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key) throws -> KeyedDecodingContainer<NestedKey> { throw FloorError() }
    func nestedUnkeyedContainer(forKey _: Key) throws -> any UnkeyedDecodingContainer { throw FloorError() }
    func superDecoder() throws -> any Decoder { throw FloorError() }
    func superDecoder(forKey _: Key) throws -> any Decoder { throw FloorError() }
}

struct RecordingUnkeyed: UnkeyedDecodingContainer {
    let elements: [Tree], tape: Tape
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { tape.record(.count(elements.count)); return elements.count }
    var isAtEnd: Bool { tape.record(.flag(currentIndex >= elements.count)); return currentIndex >= elements.count }
    mutating func decodeNil() throws -> Bool {
        let isNil: Bool
        if case .null = elements[currentIndex] { isNil = true } else { isNil = false }
        tape.record(.flag(isNil))
        if isNil { currentIndex += 1 }
        return isNil
    }
    mutating func decode<T: Decodable>(_: T.Type) throws -> T {
        defer { currentIndex += 1 }
        return try RecordingDecoder(elements[currentIndex], tape).value(T.self, elements[currentIndex])
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> { throw FloorError() }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw FloorError() }
    mutating func superDecoder() throws -> any Decoder { throw FloorError() }
}

struct RecordingSingle: SingleValueDecodingContainer {
    let node: Tree, tape: Tape
    var codingPath: [any CodingKey] { [] }
    func decodeNil() -> Bool {
        let isNil: Bool
        if case .null = node { isNil = true } else { isNil = false }
        tape.record(.flag(isNil))
        return isNil
    }
    func decode<T: Decodable>(_: T.Type) throws -> T { try RecordingDecoder(node, tape).value(T.self, node) }
}

// MARK: Replaying

final class ReplayDecoder: Decoder {
    let tape: Tape
    init(_ tape: Tape) { self.tape = tape }
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(ReplayKeyed<Key>(decoder: self))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { ReplayUnkeyed(decoder: self) }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { ReplaySingle(decoder: self) }

    @inline(__always)
    func flag() -> Bool { if case let .flag(flag) = tape.take() { return flag }; fatalError("the tape is out of step") }

    /// The next value: a scalar from the tape, anything else by its own `init(from:)`.
    @inline(__always)
    func value<T: Decodable>(_: T.Type) throws -> T {
        if T.self == Int.self || T.self == Double.self || T.self == String.self || T.self == Bool.self {
            switch tape.take() {
            case let .int(v): return unsafeBitCast(v, to: T.self)
            case let .double(v): return unsafeBitCast(v, to: T.self)
            case let .string(v): return unsafeBitCast(v, to: T.self)
            case let .bool(v): return unsafeBitCast(v, to: T.self)
            default: fatalError("the tape is out of step")
            }
        }
        return try T(from: self)
    }
}

struct ReplayKeyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: ReplayDecoder
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] {
        guard case let .keys(keys) = decoder.tape.take() else { fatalError("the tape is out of step") }
        return keys.compactMap { Key(stringValue: $0) }
    }
    func contains(_: Key) -> Bool { decoder.flag() }
    func decodeNil(forKey _: Key) throws -> Bool { decoder.flag() }
    func decode<T: Decodable>(_: T.Type, forKey _: Key) throws -> T { try decoder.value(T.self) }
    func decodeIfPresent<T: Decodable>(_: T.Type, forKey _: Key) throws -> T? { decoder.flag() ? try decoder.value(T.self) : nil }
    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key) throws -> KeyedDecodingContainer<NestedKey> { throw FloorError() }
    func nestedUnkeyedContainer(forKey _: Key) throws -> any UnkeyedDecodingContainer { throw FloorError() }
    func superDecoder() throws -> any Decoder { throw FloorError() }
    func superDecoder(forKey _: Key) throws -> any Decoder { throw FloorError() }
}

struct ReplayUnkeyed: UnkeyedDecodingContainer {
    let decoder: ReplayDecoder
    var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var count: Int? { guard case let .count(count) = decoder.tape.take() else { fatalError("the tape is out of step") }; return count }
    var isAtEnd: Bool { decoder.flag() }
    mutating func decodeNil() throws -> Bool {
        let isNil = decoder.flag()
        if isNil { currentIndex += 1 }
        return isNil
    }
    mutating func decode<T: Decodable>(_: T.Type) throws -> T {
        defer { currentIndex += 1 }
        return try decoder.value(T.self)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> { throw FloorError() }
    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw FloorError() }
    mutating func superDecoder() throws -> any Decoder { throw FloorError() }
}

struct ReplaySingle: SingleValueDecodingContainer {
    let decoder: ReplayDecoder
    var codingPath: [any CodingKey] { [] }
    func decodeNil() -> Bool { decoder.flag() }
    func decode<T: Decodable>(_: T.Type) throws -> T { try decoder.value(T.self) }
}

// MARK: Writing nothing

/// Takes every value a model's `encode(to:)` gives and writes nothing: scalars by identity,
/// anything else by its own `encode(to:)`.
final class NullEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    @exclusivity(unchecked) var scalars = 0

    @inline(__always)
    func value<T: Encodable>(_ value: T) throws {
        if T.self == Int.self || T.self == Double.self || T.self == String.self || T.self == Bool.self { scalars &+= 1; return }
        try value.encode(to: self)
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> { KeyedEncodingContainer(NullKeyed<Key>(encoder: self)) }
    func unkeyedContainer() -> any UnkeyedEncodingContainer { NullUnkeyed(encoder: self) }
    func singleValueContainer() -> any SingleValueEncodingContainer { NullSingle(encoder: self) }
}

struct NullKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: NullEncoder
    var codingPath: [any CodingKey] { [] }
    func encodeNil(forKey _: Key) { encoder.scalars &+= 1 }
    func encode<T: Encodable>(_ value: T, forKey _: Key) throws { try encoder.value(value) }
    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key) -> KeyedEncodingContainer<NestedKey> { fatalError("not in the floor") }
    func nestedUnkeyedContainer(forKey _: Key) -> any UnkeyedEncodingContainer { fatalError("not in the floor") }
    func superEncoder() -> any Encoder { fatalError("not in the floor") }
    func superEncoder(forKey _: Key) -> any Encoder { fatalError("not in the floor") }
}

struct NullUnkeyed: UnkeyedEncodingContainer {
    let encoder: NullEncoder
    var count = 0
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() { count += 1 }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.value(value); count += 1 }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> { fatalError("not in the floor") }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("not in the floor") }
    mutating func superEncoder() -> any Encoder { fatalError("not in the floor") }
}

struct NullSingle: SingleValueEncodingContainer {
    let encoder: NullEncoder
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() { encoder.scalars &+= 1 }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.value(value) }
}
