/// The `KeyedEncodingContainerProtocol` overloads of `encodeIfPresent` for scalars
/// (`Bool?`, `String?`, `Int?`…) would skip nil even when `nilAsNull` asks for `null`:
/// in CodableKit's keyed containers each goes through the generic `encodeIfPresent`.
protocol NilAsNullForOptionalScalars: KeyedEncodingContainerProtocol {}

extension NilAsNullForOptionalScalars {
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try generic(value, forKey: key) }

    private mutating func generic<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try encodeIfPresent(value, forKey: key)
    }
}
