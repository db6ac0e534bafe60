/// `Int128` and `UInt128` in CodableKit's encoding containers, as any other integer.
///
/// The standard library's default for every other integer's `encode` calls the container's
/// generic `encode`; for these two (added in Swift 6) the default throws "Encoder has not
/// implemented support for Int128", so a model with such a property could not be encoded,
/// though `JSONEncoder` writes it and CodableKit decodes it. Here each goes through the
/// container's generic `encode`, which writes it as a kernel value, by its digits
/// (`ScalarValue`); `encodeIfPresent` likewise, so that `nilAsNull` writes its `null`.
protocol WideIntegerKeyedEncoding: KeyedEncodingContainerProtocol {}
protocol WideIntegerUnkeyedEncoding: UnkeyedEncodingContainer {}
protocol WideIntegerSingleValueEncoding: SingleValueEncodingContainer {}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension WideIntegerKeyedEncoding {
    mutating func encode(_ value: Int128, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try generic(value, forKey: key) }
    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws { try genericIfPresent(value, forKey: key) }
    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws { try genericIfPresent(value, forKey: key) }

    // In a generic context the call can only be the generic requirement's (the concrete
    // overloads above would call themselves).
    private mutating func generic<T: Encodable>(_ value: T, forKey key: Key) throws { try encode(value, forKey: key) }
    private mutating func genericIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws { try encodeIfPresent(value, forKey: key) }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension WideIntegerUnkeyedEncoding {
    mutating func encode(_ value: Int128) throws { try generic(value) }
    mutating func encode(_ value: UInt128) throws { try generic(value) }

    private mutating func generic<T: Encodable>(_ value: T) throws { try encode(value) }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension WideIntegerSingleValueEncoding {
    mutating func encode(_ value: Int128) throws { try generic(value) }
    mutating func encode(_ value: UInt128) throws { try generic(value) }

    private mutating func generic<T: Encodable>(_ value: T) throws { try encode(value) }
}
