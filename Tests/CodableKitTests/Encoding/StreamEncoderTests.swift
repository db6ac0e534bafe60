import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// `ModelEncoder` writes bytes as `encode(to:)` runs (`StreamEncoder`) unless keys are
/// sorted; every value must come out exactly as the tree writes it, in both layouts,
/// including the values the stream hands back to the tree.
@Suite struct StreamEncoderTests {
    /// What the stream writes, checked byte for byte against the tree, compact and pretty.
    @discardableResult
    private func streamed(_ value: some Encodable, options: EncodingOptions = .init(),
                          sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        var compact = ""
        for pretty in [false, true] {
            var options = options
            if pretty { options.outputFormatting.insert(.prettyPrinted) }
            let stream = String(decoding: try ModelEncoder(options: options).encode(value), as: UTF8.self)
            var writer = JSONWriter(format: options.outputFormatting)
            writer.write(try EncodeCall.tree(value, options: options))
            #expect(stream == String(decoding: writer.takeData(), as: UTF8.self), sourceLocation: sourceLocation)
            if !pretty { compact = stream }
        }
        return compact
    }

    // MARK: What synthesized code writes

    struct Runway: Codable, CodableModel, Equatable {
        var direction = ""
        var distance = 0
        var lit: Bool?
    }

    struct Airport: Codable, CodableModel, Equatable {
        var name = ""
        var coordinates: [Double] = []
        var runways: [Runway] = []
        var tags: [String: [Int]] = [:]
        var empty: [Runway] = []
        var nothing: [String: Int] = [:]
        var elevation: Int8 = 0
        var ratio: Float = 0
        var code: UInt64 = 0
    }

    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case rect(width: Int, height: Int)
        case labelled(String, [Int])
        case none
    }

    @Test func synthesizedModelsEnumsAndCollections() throws {
        let airport = Airport(name: "Zürich \"ZRH\"/\n", coordinates: [8.55, 47.46, -0.0, 1e-7, 86400], runways: [
            Runway(direction: "16", distance: 3700, lit: true), Runway(direction: "28", distance: -2500, lit: nil),
        ], tags: ["a": [1, 2], "b": []], elevation: -128, ratio: 0.1, code: .max)
        #expect(try streamed(airport).hasPrefix(#"{"name":"Zürich \"ZRH\"\/\n","coordinates":[8.55,47.46,-0,1e-07,86400],"#))
        // `nilAsNull`: synthesized code's `encodeIfPresent(Bool?)` overload writes `null` too.
        #expect(try streamed([airport, airport], options: .init(nilAsNull: true)).contains(#""distance":-2500,"lit":null}"#))
        let shapes: [Shape] = [.circle(radius: 1.5), .rect(width: 2, height: 3), .labelled("x", [1]), .none]
        #expect(try streamed(shapes) == #"[{"circle":{"radius":1.5}},{"rect":{"width":2,"height":3}},{"labelled":{"_0":"x","_1":[1]}},{"none":{}}]"#)
        try streamed(["k": shapes])
        // Top-level scalars, optionals and empty containers.
        #expect(try streamed(42) == "42")
        #expect(try streamed("a") == #""a""#)
        #expect(try streamed(Int?.none) == "null")
        #expect(try streamed([[Int]]()) == "[]")
        #expect(try streamed([[], [1], []] as [[Int]]) == "[[],[1],[]]")
        // The same JSON as JSONEncoder.
        let foundation = try JSONSerialization.jsonObject(with: JSONEncoder().encode(airport)) as? NSDictionary
        let ours = try JSONSerialization.jsonObject(with: ModelEncoder().encode(airport)) as? NSDictionary
        #expect(foundation != nil && foundation == ours)
    }

    @Test func configurationAndRules() throws {
        struct Event: CodableModel {
            var startDate = Date(timeIntervalSince1970: 86400)
            var payload = Data([1, 2, 255])
            var link = URL(string: "https://example.com/a?b=c")
            var price = Decimal(string: "12.50")!
            var extra: JSONValue = .object(["x": .array([.int(1), .null])])
            var pressure = 1.5
            var ratio = Double.infinity
            static func mappingForValue() -> [ValueMapping]? { [CodingKeys.pressure <--- PressureTransformer()] }
        }
        var options = EncodingOptions(keyStrategies: [Prefix(prefix: "p_")])
        options.dateEncodingStrategy = .iso8601
        options.dataEncodingStrategy = .deferredToData
        options.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let text = try streamed(Event(), options: options)
        #expect(text.contains(#""p_startDate":"1970-01-02T00:00:00Z","p_payload":[1,2,255]"#))
        #expect(text.contains(#""p_pressure":1001.5"#) && text.contains(#""p_ratio":"inf""#))
        options.keyStrategies = []
        options.keyEncodingStrategy = .convertToSnakeCase
        options.transformers = [PressureTransformer()]
        // A transformer whose JSON is its own type writes once (it used to call itself until the stack ran out).
        #expect(try streamed(Event(), options: options).contains(#""pressure":1001.5,"ratio":"inf""#))
        try streamed([Event(), Event()], options: options)
    }

    struct PressureTransformer: ValueTransformable {
        func transformFromJSON(_ value: JSONValue) -> Double? { value.converted(to: Double.self).map { $0 - 1000 } }
        func transformToJSON(_ value: Double) -> Double? { value + 1000 }
    }

    @Test func wrappersAndKeyRules() throws {
        struct Address: CodableModel { var city = "Leeds", zip = "LS1" }
        struct User: CodableModel {
            var name = "Ada"
            var city = "London"
            @IgnoredKey var session = "secret"
            @Required var id = 7
            @Flat var address = Address()
            static func mappingForKey() -> [KeyMapping]? {
                [CodingKeys.city <--- Sources(keys: ["location.city"]), .model(Prefix(prefix: "u_"))]
            }
        }
        struct Plain: CodableModel {
            var name = "Ada"
            @IgnoredKey var session = "secret"
            @Required var id = 7
        }
        #expect(try streamed(Plain()) == #"{"name":"Ada","id":7}"#)
        // A dotted key and `@Flat` need the whole object: the tree writes `User`, inside a streamed array.
        #expect(try streamed([User()]) == #"[{"u_name":"Ada","location":{"city":"London"},"u_id":7,"city":"Leeds","zip":"LS1"}]"#)
        try streamed(["a": [User(), User()]])
    }

    // MARK: What hand-written code can do

    private enum Key: String, CodingKey { case a, b, x, y, z }

    /// Fills two nested containers in turn, then the parent: only the tree keeps that.
    final class Interleaved: Encodable, @unchecked Sendable {
        var calls = 0
        func encode(to encoder: any Encoder) throws {
            calls += 1
            var container = encoder.container(keyedBy: Key.self)
            var a = container.nestedContainer(keyedBy: Key.self, forKey: .a)
            var b = container.nestedUnkeyedContainer(forKey: .b)
            try a.encode(1, forKey: .x)
            try b.encode(2)
            try a.encode(3, forKey: .y)  // `a` was closed when `b` began
            try container.encode("z", forKey: .z)
        }
    }

    @Test func outOfOrderContainersMoveToTheTree() throws {
        let values = [Interleaved(), Interleaved(), Interleaved()]
        #expect(try streamed(["list": values]) == #"{"list":[{"a":{"x":1,"y":3},"b":[2],"z":"z"},{"a":{"x":1,"y":3},"b":[2],"z":"z"},{"a":{"x":1,"y":3},"b":[2],"z":"z"}]}"#)
        // The first value moves to the tree as it writes out of order, the next ones start
        // there: each `encode(to:)` runs once, as with `JSONEncoder`.
        let fresh = [Interleaved(), Interleaved(), Interleaved()]
        _ = try ModelEncoder().encode(fresh)
        #expect(fresh.map(\.calls) == [1, 1, 1])
    }

    /// Nested containers filled before the parent goes on: streamed as they are written.
    struct InOrder: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(0, forKey: .z)
            var a = container.nestedContainer(keyedBy: Key.self, forKey: .a)
            var deeper = a.nestedUnkeyedContainer(forKey: .b)
            try deeper.encode("in")
            var deepest = deeper.nestedContainer(keyedBy: Key.self)
            try deepest.encode(true, forKey: .x)
            try a.encode(1, forKey: .y)  // closes `deeper`
            _ = container.nestedUnkeyedContainer(forKey: .b)  // empty
            var again = encoder.container(keyedBy: Key.self)  // the same object
            try again.encodeNil(forKey: .x)
        }
    }

    @Test func nestedContainersInOrderAreStreamed() throws {
        #expect(try streamed(InOrder()) == #"{"z":0,"a":{"b":["in",{"x":true}],"y":1},"b":[],"x":null}"#)
        try streamed([InOrder(), InOrder()])
    }

    /// Swallows the fallback's error: the value is still written by the tree.
    struct Swallowing: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var a = container.nestedContainer(keyedBy: Key.self, forKey: .a)
            try container.encode(1, forKey: .x)
            try? a.encode(2, forKey: .y)
        }
    }

    struct SuperEncoding: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .x)
            try [1, 2].encode(to: container.superEncoder())
            try "b".encode(to: container.superEncoder(forKey: .b))
        }
    }

    /// A single value, then a keyed container for the same value.
    struct Mixed: Encodable {
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(["x": 1])
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(2, forKey: .y)
        }
    }

    struct Silent: Encodable {
        func encode(to _: any Encoder) throws {}
    }

    @Test func whatOnlyTheTreeCanWrite() throws {
        #expect(try streamed(Swallowing()) == #"{"a":{"y":2},"x":1}"#)
        #expect(try streamed(SuperEncoding()) == #"{"x":1,"super":[1,2],"b":"b"}"#)
        try streamed(Mixed())
        #expect(try streamed([Silent()]) == "[{}]")  // as JSONEncoder writes it
        try streamed(["s": [Swallowing(), Swallowing()]])
        try streamed([[SuperEncoding()], [SuperEncoding()]])
    }

    /// Keeps the encoder it is given, which the stream must then not reuse for another value.
    final class Keeper: @unchecked Sendable {
        var encoders: [any Encoder] = []
    }

    struct Keeping: Encodable {
        let keeper: Keeper
        let value: Int
        func encode(to encoder: any Encoder) throws {
            keeper.encoders.append(encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode([value], forKey: .x)
        }
    }

    @Test func encodersThatCodeKeepsAreNotReused() throws {
        let keeper = Keeper()
        let text = String(decoding: try ModelEncoder().encode((1 ... 3).map { Keeping(keeper: keeper, value: $0) }), as: UTF8.self)
        #expect(text == #"[{"x":[1]},{"x":[2]},{"x":[3]}]"#)
        #expect(keeper.encoders.count == 3)
        #expect(keeper.encoders[0] as AnyObject !== keeper.encoders[1] as AnyObject)
        // Written after the call: nothing to write into, and no crash.
        var late = keeper.encoders[0].container(keyedBy: Key.self)
        #expect(throws: (any Error).self) { try late.encode(4, forKey: .y) }
    }

    /// A subclass that writes into its base class's container.
    class Animal: Encodable {
        var name = "rex"
        private enum CodingKeys: String, CodingKey { case name }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
        }
    }

    final class Dog: Animal, @unchecked Sendable {
        var breed = "collie"
        private enum CodingKeys: String, CodingKey { case breed }
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(breed, forKey: .breed)
        }
    }

    @Test func classHierarchies() throws {
        #expect(try streamed(Dog()) == #"{"name":"rex","breed":"collie"}"#)
        let animals: [Animal] = [Dog(), Animal()]
        #expect(try streamed(animals) == #"[{"name":"rex","breed":"collie"},{"name":"rex"}]"#)
    }

    /// A deep chain of nested models: one pooled encoder per level, the same bytes as the tree.
    final class Link: Encodable, @unchecked Sendable {
        let next: Link?
        init(next: Link?) { self.next = next }
    }

    @Test func deepValuesAndConcurrentCalls() async throws {
        let text = try onLargeStack {
            var chain: Link? = nil
            for _ in 0 ..< 2_000 { chain = Link(next: chain) }
            return try streamed(chain!)
        }
        #expect(text.hasPrefix(#"{"next":{"next":"#) && text.hasSuffix("{}" + String(repeating: "}", count: 1_999)))
        // Each call has its own session and pool: calls on many threads at once agree.
        let shapes: [Shape] = (0 ..< 200).map { $0.isMultiple(of: 2) ? .circle(radius: Double($0)) : .rect(width: $0, height: 1) }
        let expected = try ModelEncoder().encode(shapes)
        let encoder = ModelEncoder()
        try await withThrowingTaskGroup(of: Data.self) { group in
            for _ in 0 ..< 16 { group.addTask { try encoder.encode(shapes) } }
            for try await data in group { #expect(data == expected) }
        }
    }

    /// A migrating user's swap: `JSONEncoder()` → `ModelEncoder()`, configured the same,
    /// unsorted output (the streamed path). Same JSON as Foundation's for hand-written
    /// `encode(to:)` of every shape above, in both layouts and with strategies.
    @Test func sameJSONAsJSONEncoderUnsorted() throws {
        struct Event: Codable {
            var startDate = Date(timeIntervalSince1970: 86400)
            var eventName = "launch"
            var payload = Data([1, 2])
        }
        func agree(_ value: some Encodable, _ configure: (JSONEncoder, ModelEncoder) -> Void = { _, _ in },
                   sourceLocation: SourceLocation = #_sourceLocation) throws {
            for pretty in [false, true] {
                let foundation = JSONEncoder(), ours = ModelEncoder()
                configure(foundation, ours)
                if pretty {
                    foundation.outputFormatting.insert(.prettyPrinted)
                    ours.outputFormatting.insert(.prettyPrinted)
                }
                let expected = try JSONSerialization.jsonObject(with: foundation.encode(value), options: .fragmentsAllowed) as? NSObject
                let actual = try JSONSerialization.jsonObject(with: ours.encode(value), options: .fragmentsAllowed) as? NSObject
                #expect(expected != nil && actual == expected, sourceLocation: sourceLocation)
            }
        }
        try agree([Interleaved(), Interleaved()])
        try agree(InOrder())
        try agree(Swallowing())
        try agree(SuperEncoding())
        try agree(Mixed())
        try agree([Dog(), Animal()] as [Animal])
        try agree([Shape.circle(radius: 1.5), .rect(width: 2, height: 3), .labelled("x", [1]), .none])
        try agree(["k": [Airport(name: "A", coordinates: [1, -0.5], runways: [Runway(direction: "N", distance: 1, lit: nil)])]])
        try agree([Event(), Event()]) {
            $0.dateEncodingStrategy = .iso8601
            $0.keyEncodingStrategy = .convertToSnakeCase
            $0.dataEncodingStrategy = .deferredToData
            $1.dateEncodingStrategy = .iso8601
            $1.keyEncodingStrategy = .convertToSnakeCase
            $1.dataEncodingStrategy = .deferredToData
        }
    }

    @Test func errorsNameTheirPath() throws {
        struct Reading: Encodable {
            var values: [String: [Double]]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                var nested = container.nestedContainer(keyedBy: Key.self, forKey: .a)
                try nested.encode(values, forKey: .b)
            }
        }
        for encode in [{ try ModelEncoder().encode(Reading(values: ["r": [1, .nan]])) },
                       { try ModelEncoder(options: .init(sortedKeys: true)).encode(Reading(values: ["r": [1, .nan]])) }] {
            let error = #expect(throws: EncodingError.self) { try encode() }
            guard case let .invalidValue(_, context) = error else { Issue.record("expected invalidValue"); continue }
            #expect(context.codingPath.map(\.stringValue) == ["a", "b", "r", "Index 1"])
        }
    }
}
