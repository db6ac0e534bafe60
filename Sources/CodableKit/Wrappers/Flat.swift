/// A property decoded from (and encoded into) the enclosing object itself.
///
/// ```swift
/// struct Address: CodableModel { var city = ""; var zip = "" }
/// struct User: CodableModel {
///     var name = ""
///     @Flat var address = Address()      // {"name": "Ada", "city": "London", "zip": "N1"}
/// }
/// ```
/// When a member's key is also a property of the enclosing model, that property
/// wins: its value is decoded and written, and the flat value's member is not
/// written again. Only CodableKit flattens; with another decoder or encoder the
/// property is read from and written under its own key, like any nested value.
@propertyWrapper
public struct Flat<Value> {
    /// The value whose members live in the enclosing object.
    public var wrappedValue: Value

    /// Wraps an initial value.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension Flat: Sendable where Value: Sendable {}
extension Flat: Equatable where Value: Equatable {}
extension Flat: Hashable where Value: Hashable {}

extension Flat: Decodable where Value: Decodable {
    /// With another decoder: the value at the property's own key. - Throws: what `Value` throws.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try Value(from: decoder)
    }
}

extension Flat: Encodable where Value: Encodable {
    /// With another encoder: the value under the property's own key.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension Flat: SlotDecodable, RoutedType where Value: Decodable {
    static func decode(with decoder: DocumentDecoder, at _: Int?, site: PropertySite) throws -> Flat {
        do {
            return Flat(wrappedValue: try decoder.decodeValue(Value.self, at: site.object, site: nil))
        } catch {
            return try decoder.session.repairProperty(Flat.self, error, at: site.object, site: site, document: decoder.document)
        }
    }
}

extension Flat: FlatWrapper where Value: Encodable {
    /// Writes the value's own members into the enclosing object.
    func encodeFlattened(into encoder: TreeEncoder) throws {
        let nested = TreeEncoder(session: encoder.session, codingPath: encoder.codingPath,
                                 info: (Value.self as? any ModelMappable.Type).map(ModelInfo.of))
        try wrappedValue.encode(to: nested)
        guard case let .object(members) = nested.finishedContent() else { return }
        for member in members { encoder.appendFlattened(member.key, member.value) }
    }
}
