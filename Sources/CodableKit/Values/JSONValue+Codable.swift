/// `JSONValue` as a property type: it holds whatever JSON is there.
///
/// With CodableKit's decoder the value is read straight from the document; with
/// any other decoder (such as `JSONDecoder`) it is probed as null, bool, integer,
/// double, string, array and object, in that order.
extension JSONValue: Codable {
    /// Reads whatever JSON value the decoder holds. - Throws: `DecodingError.dataCorrupted` if it holds none.
    public init(from decoder: any Decoder) throws {
        if let decoder = decoder as? DocumentDecoder {
            self = try decoder.jsonValue(at: decoder.node)
            return
        }
        if let container = try? decoder.singleValueContainer() {
            if container.decodeNil() { self = .null; return }
            if let value = try? container.decode(Bool.self) { self = .bool(value); return }
            if let value = try? container.decode(Int64.self) { self = .int(value); return }
            if let value = try? container.decode(Double.self) { self = .double(value); return }
            if let value = try? container.decode(String.self) { self = .string(value); return }
            if let value = try? container.decode([JSONValue].self) { self = .array(value); return }
            if let value = try? container.decode([String: JSONValue].self) { self = .object(value); return }
        }
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                debugDescription: "expected a JSON value"))
    }

    /// Writes the value as it is.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .int(value): try container.encode(value)
        case let .double(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case let .array(values): try container.encode(values)
        case let .object(members): try container.encode(members)
        }
    }
}
