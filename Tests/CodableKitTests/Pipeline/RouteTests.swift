import Foundation
import Testing
@testable import CodableKit

/// Routes found without a conformance check (the known kernel types, models named by
/// the caller) are the routes the checks find.
@Suite struct RouteTests {
    struct Inner: CodableModel, Equatable { var a = 0 }
    struct Outer: CodableModel, Equatable {
        var one = Inner()
        var list: [Inner] = []
        var maybe: Inner?
        var maybeList: [Inner]?
        var byName: [String: Inner] = [:]
        var maybeByName: [String: Inner]?
    }

    /// The case and payload type of a route, to compare two.
    private func shape(_ route: Route) -> String {
        switch route {
        case let .wrapper(type): "wrapper \(type)"
        case let .scalar(type): "scalar \(type)"
        case let .kernel(type): "kernel \(type)"
        case let .model(type, _): "model \(type)"
        case .observable: "observable"
        case .plain: "plain"
        }
    }

    @Test func knownRoutesAreTheCheckedOnes() {
        let types: [Any.Type] = [String.self, Int.self, Double.self, Bool.self, Int64.self, Float.self, JSONValue.self,
                                 String?.self, [Int].self, [String: Double].self, JSONValue?.self, [JSONValue].self,
                                 [String: JSONValue].self, Inner.self, [Inner].self, URL.self, Date.self]
        for type in types {
            #expect(shape(Route.of(type)) == shape(Route(type)), "\(type)")
        }
        #expect(shape(Route.of(model: Inner.self)) == shape(Route(Inner.self)))
        for hint in [RouteHint.model(Inner.self), .array(of: Inner.self), .dictionary(of: Inner.self)] {
            for type in [Inner.self, [Inner].self, [String: Inner].self] as [Any.Type] {
                if let known = hint.route(for: type) { #expect(shape(known) == shape(Route(type)), "\(type)") }
            }
        }
    }

    /// The model overloads that synthesized `init(from:)`s pick forward to the standard
    /// methods: `JSONDecoder` and CodableKit (strict and tolerant) read the same values.
    @Test func modelOverloadsDecodeAsTheGenericMethods() throws {
        let json = Data(#"{"one": {"a": 1}, "list": [{"a": 2}], "maybe": {"a": 3}, "maybeList": [{"a": 4}], "byName": {"x": {"a": 5}}, "maybeByName": {"y": {"a": 6}}}"#.utf8)
        let expected = try JSONDecoder().decode(Outer.self, from: json)
        #expect(expected.maybeByName?["y"]?.a == 6 && expected.list == [Inner(a: 2)])
        #expect(try ModelDecoder().decode(Outer.self, from: json) == expected)
        #expect(try ModelDecoder(options: .init(mode: .strict)).decode(Outer.self, from: json) == expected)
        #expect(try ModelDecoder().decode([Outer].self, from: Data("[".utf8) + json + Data("]".utf8)) == [expected])
        let absent = Data(#"{"one": {"a": 1}, "list": [], "byName": {}}"#.utf8)
        #expect(try JSONDecoder().decode(Outer.self, from: absent) == ModelDecoder().decode(Outer.self, from: absent))
    }

    /// A hand-written `init(from:)` that probes a model property with `try?` (it reaches the
    /// model overload too) sees `JSONDecoder`'s answers: tolerance acts only where it throws.
    @Test func aProbingInitFromSeesJSONDecodersAnswers() throws {
        struct Probe: Decodable, Equatable {
            var inner: Inner?
            var list: [Inner]?
            enum CodingKeys: String, CodingKey { case inner, list }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                inner = try? container.decode(Inner.self, forKey: .inner)
                list = try? container.decode([Inner].self, forKey: .list)
            }
        }
        for json in [#"{"inner": 5, "list": [{"a": 1}, 2]}"#, #"{"inner": {"a": "7"}, "list": null}"#, #"{"inner": {"a": 3}, "list": [{"a": 4}]}"#] {
            let data = Data(json.utf8)
            #expect(try ModelDecoder().decode(Probe.self, from: data) == JSONDecoder().decode(Probe.self, from: data), "\(json)")
        }
    }

    /// A decode started inside another (a transformer decoding a model of its own) gives
    /// the outer one back its session when it ends.
    @Test func aNestedDecodeRestoresTheOuterSession() throws {
        struct Nested: ValueTransformable {
            func transformFromJSON(_ value: JSONValue) -> Inner? {
                try? Inner.decode(from: #"{"a": 9}"#)
            }
            func transformToJSON(_ value: Inner) -> JSONValue? { nil }
        }
        struct Holder: CodableModel {
            var first = Inner()
            var second = Outer()
            static func mappingForValue() -> [ValueMapping]? { [CodingKeys.first <--- Nested()] }
        }
        let holder = try Holder.decode(from: #"{"first": 1, "second": {"one": {"a": 2}, "list": [{"a": 3}]}}"#)
        #expect(holder.first.a == 9 && holder.second.one.a == 2 && holder.second.list == [Inner(a: 3)])
    }
}
