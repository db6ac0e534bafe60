import Foundation
import Testing
@testable import CodableKit

/// `ModelEncoder` writes what `JSONEncoder` writes for every `Encodable`, side by side on
/// the same values, sorted (the tree) and unsorted (the stream).
@Suite struct EncoderParityTests {
    struct Nothing: Encodable { func encode(to _: any Encoder) throws {} }
    struct NilTop: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        }
    }
    struct Holder: Encodable { var a = Nothing(); var b = [Nothing()]; var c: Nothing? = Nothing(); var d = ["k": Nothing()] }

    /// The same bytes as `JSONEncoder` with sorted keys (the tree), and the same JSON unsorted
    /// (the stream) — of the same length, so with no key written twice.
    static func same<T: Encodable>(_ value: T, snakeCase: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let sorted = ModelEncoder(options: .init(sortedKeys: true)), unsorted = ModelEncoder()
        if snakeCase {
            foundation.keyEncodingStrategy = .convertToSnakeCase
            sorted.keyEncodingStrategy = .convertToSnakeCase
            unsorted.keyEncodingStrategy = .convertToSnakeCase
        }
        let expected = try foundation.encode(value)
        #expect(String(decoding: try sorted.encode(value), as: UTF8.self) == String(decoding: expected, as: UTF8.self),
                sourceLocation: sourceLocation)
        let streamed = try unsorted.encode(value)
        #expect(try JSONValue(parsing: streamed) == JSONValue(parsing: expected), sourceLocation: sourceLocation)
        #expect(streamed.count == expected.count, "\(String(decoding: streamed, as: UTF8.self))", sourceLocation: sourceLocation)
    }

    enum Color: String, Codable, CodingKeyRepresentable { case red, green }

    /// Shapes the standard library and Foundation decide for themselves: a dictionary keyed by
    /// `Int` or by a `CodingKeyRepresentable` enum is an object, one keyed by `Bool` or `Double`
    /// an array of keys and values; sets, ranges, nested optionals, `Float16`, `CGFloat`, a
    /// relative URL (its absolute string).
    @Test func standardLibraryAndFoundationShapes() throws {
        try Self.same([3: "c", 1: "a", -2: "b"])
        try Self.same([true: 1, false: 0])
        try Self.same([1.5: "x", -0.5: "y"])
        try Self.same([Color.red: 1, .green: 2])
        try Self.same(["k": [Color.green: [1]]])
        try Self.same(Set([1, 2, 3]))
        try Self.same(1 ..< 5)
        try Self.same(1 ... 5)
        try Self.same([Optional(Optional(1)), Optional(Optional<Int>.none), nil] as [Int??])
        try Self.same([Float16(1.5), Float16(0.1), -Float16.greatestFiniteMagnitude])
        try Self.same([CGFloat(1.5), CGFloat(0.1)])
        try Self.same([URL(string: "rel/path?q=1", relativeTo: URL(string: "https://x.y/base/"))!])
    }

    @Test func aTypeThatEncodesNothingIsAnEmptyObjectInsideAContainer() throws {
        try Self.same(Holder())
        try Self.same([Nothing(), Nothing()])
        try Self.same(NilTop())
        try Self.same([NilTop()])
    }

    @Test func aTypeThatEncodesNothingAtTheTopIsAnError() {
        #expect(throws: EncodingError.self) { try JSONEncoder().encode(Nothing()) }
        for encoder in [ModelEncoder(), ModelEncoder(options: .init(sortedKeys: true))] {
            let error = #expect(throws: EncodingError.self) { try encoder.encode(Nothing()) }
            guard case let .invalidValue(_, context)? = error else { Issue.record("\(String(describing: error))"); continue }
            #expect(context.codingPath.isEmpty)
            #expect(context.debugDescription == "Top-level Nothing did not encode any values.")
        }
    }
}
