/// A property without which its model is no use: when its key is absent or its value
/// `null` or unusable, the model fails instead of falling back to an initial value.
///
/// ```swift
/// struct Item: CodableModel {
///     @Required var id = 0          // [{"id": 1}, {"name": "x"}] → one item, the other dropped (recorded)
///     var name = ""
/// }
/// ```
/// Where the model fails decides what is left: an element of a collection is dropped
/// (and recorded), an optional or other property holding the model keeps its initial
/// value (recorded), and a model decoded at the top level throws. Conversions still
/// apply (`"42"` is an acceptable `id`); in `update(from:)` an absent key keeps the
/// current value. Strict mode is unchanged: every repair throws there already, and a
/// `@Required` property throws the same error as any other. Encoded like the value itself.
/// With another decoder it is just its value (`JSONDecoder` fails on a missing key anyway).
@propertyWrapper
public struct Required<Value> {
    /// The value, read from JSON only if it is there and usable.
    public var wrappedValue: Value

    /// Wraps the value the model has before decoding (and after `init()`).
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension Required: Sendable where Value: Sendable {}
extension Required: Equatable where Value: Equatable {}
extension Required: Hashable where Value: Hashable {}

extension Required: Decodable where Value: Decodable {
    /// The value, as `Value` reads it. - Throws: what `Value` throws.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try Value(from: decoder)
    }
}

extension Required: Encodable where Value: Encodable {
    /// Writes the value itself. - Throws: what `Value` throws.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension Required: SlotDecodable, RoutedType where Value: Decodable {
    static func decode(with decoder: DocumentDecoder, at node: Int?, site: PropertySite) throws -> Required {
        let session = decoder.session
        guard let node, decoder.document.nodes[node].kind != .null else {
            let reason: DecodingProblem.Reason = node == nil ? .missing : .null
            if node == nil, session.isUpdating(frame: site.frame),
               let current = session.initialValue(Required.self, key: site.key, frame: site.frame) {
                return current
            }
            throw session.failRequired(DecodingProblem(reason: reason, expected: Value.self), site: site, document: decoder.document)
        }
        return try session.at(session.pathKey(site)) {
            do {
                return Required(wrappedValue: try decoder.decodeValue(Value.self, at: node, site: site))
            } catch {
                throw session.failRequired(error, site: site, document: decoder.document, at: node)
            }
        }
    }
}

extension Required: EncodingWrapper where Value: Encodable {
    /// Written as the value itself, under the property's key and with its rules.
    func encode<Container: KeyedEncodingContainerProtocol>(into container: inout Container, forKey key: Container.Key) throws {
        try container.encode(wrappedValue, forKey: key)
    }
}
