// The floor of any Codable encoder, as Floor.swift is of decoders: bytes written through
// Encoder/containers with the least work possible (escapes byte by byte, no key checks, no
// paths, no rules, numbers by their `description`). What remains is the Codable machinery
// a model's own `encode(to:)` calls, the standard library's container boxes among it.
final class FloorEncoder: Encoder {
    @exclusivity(unchecked) var out: [UInt8] = []  // without the runtime's access check per write
    /// The closing byte of each container the current value opened, and whether it has a member yet.
    @exclusivity(unchecked) var closers: [(byte: UInt8, empty: Bool)] = []
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func open(_ byte: UInt8, _ closer: UInt8) {
        out.append(byte)
        closers.append((closer, true))
    }

    func separate() {
        if closers[closers.count - 1].empty { closers[closers.count - 1].empty = false } else { out.append(UInt8(ascii: ",")) }
    }

    func string(_ text: String) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            } else if byte < 0x20 {
                out.append(contentsOf: "\\u00".utf8)
                out.append(contentsOf: [byte >> 4, byte & 0xF].map { $0 < 10 ? $0 + 48 : $0 + 87 })
            } else {
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    func integer(_ number: Int) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude, digits: (UInt64, Int) = (0, 0)
        repeat {  // the digits, reversed, a byte each in one word (at most 20: two words' worth is not needed here)
            digits.0 = digits.0 << 8 | UInt64(48 + magnitude % 10)
            digits.1 += 1
            magnitude /= 10
        } while magnitude > 0 && digits.1 < 8
        if magnitude > 0 { return out.append(contentsOf: String(number.magnitude).utf8) }
        for _ in 0 ..< digits.1 { out.append(UInt8(truncatingIfNeeded: digits.0)); digits.0 >>= 8 }
    }

    func value<T: Encodable>(_ value: T) throws {
        // By identity, as the encoders under test tell their scalars: a dynamic cast costs more.
        if T.self == Int.self { return integer(unsafeBitCast(value, to: Int.self)) }
        if T.self == String.self { return string(unsafeBitCast(value, to: String.self)) }
        if T.self == Double.self { return out.append(contentsOf: unsafeBitCast(value, to: Double.self).description.utf8) }
        if T.self == Bool.self { return out.append(contentsOf: (unsafeBitCast(value, to: Bool.self) ? "true" : "false").utf8) }
        let depth = closers.count
        try value.encode(to: self)
        while closers.count > depth { out.append(closers.removeLast().byte) }
    }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        open(UInt8(ascii: "{"), UInt8(ascii: "}"))
        return KeyedEncodingContainer(FloorKeyedEncoding<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        open(UInt8(ascii: "["), UInt8(ascii: "]"))
        return FloorUnkeyedEncoding(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { FloorSingleEncoding(encoder: self) }
}

struct FloorKeyedEncoding<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: FloorEncoder
    var codingPath: [any CodingKey] { [] }
    func member(_ key: Key) {
        encoder.separate()
        encoder.string(key.stringValue)
        encoder.out.append(UInt8(ascii: ":"))
    }
    func encodeNil(forKey key: Key) { member(key); encoder.out.append(contentsOf: "null".utf8) }
    func encode<T: Encodable>(_ value: T, forKey key: Key) throws { member(key); try encoder.value(value) }
    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key) -> KeyedEncodingContainer<NestedKey> { fatalError("not in the floor") }
    func nestedUnkeyedContainer(forKey _: Key) -> any UnkeyedEncodingContainer { fatalError("not in the floor") }
    func superEncoder() -> any Encoder { fatalError("not in the floor") }
    func superEncoder(forKey _: Key) -> any Encoder { fatalError("not in the floor") }
}

struct FloorUnkeyedEncoding: UnkeyedEncodingContainer {
    let encoder: FloorEncoder
    var count = 0
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() { encoder.separate(); encoder.out.append(contentsOf: "null".utf8); count += 1 }
    mutating func encode<T: Encodable>(_ value: T) throws { encoder.separate(); try encoder.value(value); count += 1 }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> { fatalError("not in the floor") }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { fatalError("not in the floor") }
    mutating func superEncoder() -> any Encoder { fatalError("not in the floor") }
}

struct FloorSingleEncoding: SingleValueEncodingContainer {
    let encoder: FloorEncoder
    var codingPath: [any CodingKey] { [] }
    mutating func encodeNil() { encoder.out.append(contentsOf: "null".utf8) }
    mutating func encode<T: Encodable>(_ value: T) throws { try encoder.value(value) }
}
