/// A property CodableKit neither decodes nor encodes: it keeps its initial value.
///
/// ```swift
/// struct Screen: CodableModel {
///     var title = ""
///     @IgnoredKey var cache: [String: Data] = [:]   // not read from JSON, not written
/// }
/// ```
/// Its type need not be `Codable`. With a decoder other than CodableKit's, the
/// property gets its type's empty value (`0`, `""`, `[]`, `nil`…), or decoding
/// fails for a type that has none.
@propertyWrapper
public struct IgnoredKey<Value> {
    /// The value, never read from or written to JSON.
    public var wrappedValue: Value

    /// Wraps the initial value that decoding keeps.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension IgnoredKey: Sendable where Value: Sendable {}
extension IgnoredKey: Equatable where Value: Equatable {}
extension IgnoredKey: Hashable where Value: Hashable {}

extension IgnoredKey: Decodable {
    /// With another decoder: the type's empty value. - Throws: `DecodingError.dataCorrupted` for a type without one.
    public init(from decoder: any Decoder) throws {
        guard let empty = emptyValue(Value.self) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "@IgnoredKey \(Value.self) has no initial value here"))
        }
        wrappedValue = empty
    }
}

extension IgnoredKey: Encodable {
    /// Writes nothing: CodableKit's encoder leaves the key out.
    public func encode(to encoder: any Encoder) throws {}
}

extension IgnoredKey: SlotDecodable {
    static func decode(with decoder: DocumentDecoder, at _: Int?, site: PropertySite) throws -> IgnoredKey {
        if let initial = decoder.session.initialValue(IgnoredKey.self, key: site.key, frame: site.frame) {
            return initial
        }
        return try IgnoredKey(from: decoder)
    }
}

extension IgnoredKey: EncodingWrapper {
    /// Not written: CodableKit's encoder leaves the key out.
    func encode<Container: KeyedEncodingContainerProtocol>(into _: inout Container, forKey _: Container.Key) throws {}
}
