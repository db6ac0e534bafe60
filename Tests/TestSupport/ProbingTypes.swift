import Foundation

/// Types written the way the ecosystem writes free-form JSON: an `init(from:)` that
/// probes with `try?` and reads `null` itself. Tolerance must never change what they
/// see: each probe gets `JSONDecoder`'s answer (`1` is not a `Bool`).

/// The AnyCodable shape: `decodeNil()`, then `Bool`, `Int`, `Double`, `String`,
/// `[Self]`, `[String: Self]`, through a single-value container.
public enum AnyJSON: Codable, Equatable, Sendable {
    case null, bool(Bool), int(Int), double(Double), string(String)
    case array([AnyJSON]), object([String: AnyJSON])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([AnyJSON].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: AnyJSON].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value.")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case let .bool(value): try container.encode(value)
        case let .int(value): try container.encode(value)
        case let .double(value): try container.encode(value)
        case let .string(value): try container.encode(value)
        case let .array(value): try container.encode(value)
        case let .object(value): try container.encode(value)
        }
    }
}

/// A probe that asks for containers first: a keyed container (every key), else an
/// unkeyed one, else a single value, scalars in the order `String`, `Int`, `Bool`.
public indirect enum KeyedFirstJSON: Decodable, Equatable, Sendable {
    case object([String: KeyedFirstJSON]), array([KeyedFirstJSON])
    case string(String), int(Int), bool(Bool), double(Double), null

    struct AnyKey: CodingKey {
        var stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue _: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            var object: [String: KeyedFirstJSON] = [:]
            for key in container.allKeys { object[key.stringValue] = try container.decode(KeyedFirstJSON.self, forKey: key) }
            self = .object(object)
        } else if var container = try? decoder.unkeyedContainer() {
            var array: [KeyedFirstJSON] = []
            while !container.isAtEnd { array.append(try container.decode(KeyedFirstJSON.self)) }
            self = .array(array)
        } else {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try? container.decode(Int.self) {
                self = .int(value)
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Double.self) {
                self = .double(value)
            } else if container.decodeNil() {
                self = .null
            } else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a JSON value.")
            }
        }
    }
}

/// A type that reads `null` itself: `nil` becomes `.absent`, a number `.some`.
public enum NullReader: Decodable, Equatable, Sendable {
    case absent, some(Int)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .absent : .some(try container.decode(Int.self))
    }
}

/// A single-value wrapper around another type, as property wrappers and tagged types are.
public struct Wrapped<Value: Decodable & Equatable & Sendable>: Decodable, Equatable, Sendable {
    public var value: Value

    public init(from decoder: any Decoder) throws {
        value = try decoder.singleValueContainer().decode(Value.self)
    }
}

/// A type with its own fallback code: an unusable `a` is `-1`, by its own choice.
public struct OwnFallback: Decodable, Equatable, Sendable {
    public var a: Int
    enum CodingKeys: CodingKey { case a }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        a = (try? container.decode(Int.self, forKey: .a)) ?? -1
    }
}
