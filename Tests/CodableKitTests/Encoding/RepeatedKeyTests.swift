import Foundation
import Testing
@testable import CodableKit

/// A key written again: one member, the last written, as `JSONEncoder` keeps it (Foundation's
/// duplicate-key and `superEncoder` tests, and the cases around them).
@Suite struct RepeatedKeyTests {
    enum Key: String, CodingKey { case a, b, other, top, first, second, x, y, parentData }

    /// Writes `body` into a keyed container, and counts its runs.
    final class Writes: Encodable, @unchecked Sendable {
        let body: (inout KeyedEncodingContainer<Key>) throws -> Void
        var runs = 0
        init(_ body: @escaping (inout KeyedEncodingContainer<Key>) throws -> Void) { self.body = body }
        func encode(to encoder: any Encoder) throws {
            runs += 1
            var container = encoder.container(keyedBy: Key.self)
            try body(&container)
        }
    }

    static let cases: [(String, Writes)] = [
        ("a value written twice", Writes { try $0.encode(0, forKey: .a); try $0.encode(42, forKey: .a) }),
        ("a value, then another, among others", Writes {
            try $0.encode("b", forKey: .a); try $0.encode("other", forKey: .other); try $0.encode("c", forKey: .a)
        }),
        ("a nested container asked for twice", Writes {
            var first = $0.nestedContainer(keyedBy: Key.self, forKey: .top)
            try first.encode("Johnny Appleseed", forKey: .first)
            var second = $0.nestedContainer(keyedBy: Key.self, forKey: .top)
            try second.encode("Appleseed", forKey: .second)
        }),
        ("a nested unkeyed container asked for twice", Writes {
            var first = $0.nestedUnkeyedContainer(forKey: .a)
            try first.encode(1)
            var second = $0.nestedUnkeyedContainer(forKey: .a)
            try second.encode(2)
        }),
        ("a nested container, then a value", Writes {
            var nested = $0.nestedContainer(keyedBy: Key.self, forKey: .a)
            try nested.encode(1, forKey: .x)
            try $0.encode("b", forKey: .a)
        }),
        ("a nested container, then a super encoder for its key", Writes {
            var nested = $0.nestedContainer(keyedBy: Key.self, forKey: .a)
            try nested.encode(1, forKey: .x)
            var superContainer = $0.superEncoder(forKey: .a).container(keyedBy: Key.self)
            try superContainer.encode(2, forKey: .y)
        }),
        ("a value replaced through a super encoder's single value", Writes {
            try $0.encode("b", forKey: .a)
            var single = $0.superEncoder(forKey: .a).singleValueContainer()
            try single.encode("c")
            try $0.encode("foo", forKey: .other)
        }),
        ("super encoders that write nothing", Writes { _ = $0.superEncoder(forKey: .parentData); _ = $0.superEncoder() }),
        ("a member that throws, caught", Writes {
            try $0.encode(1, forKey: .x); try? $0.encode(Double.nan, forKey: .a); try $0.encode(2, forKey: .y)
        }),
        ("a nested member that throws, caught", Writes {
            try $0.encode(1, forKey: .x); try? $0.encode(["k": [1, .infinity]], forKey: .a); try $0.encode(2, forKey: .a)
        }),
    ]

    @Test(arguments: 0 ..< cases.count) func oneMemberPerKeyAsJSONEncoderWrites(_ index: Int) throws {
        let (name, value) = Self.cases[index]
        try EncoderParityTests.same(value)
        try EncoderParityTests.same([value, value])  // the second starts in the tree
        try EncoderParityTests.same(["k": [value]], snakeCase: true)
        let fresh = Self.cases[index].1
        let runs = fresh.runs
        _ = try ModelEncoder().encode(fresh)
        #expect(fresh.runs == runs + 1, "\(name): encode(to:) runs once")
    }

    /// Writes `a` and `b` (`reversed`: `b` first), then `a` again when `again`; `fails` throws between.
    struct Conditional: Encodable {
        var again = false
        var reversed = false
        var fails = false
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            if reversed { try container.encode(2, forKey: .b) }
            try container.encode(1, forKey: .a)
            if !reversed { try container.encode(2, forKey: .b) }
            if fails { try container.encode(Double.nan, forKey: .x) }
            if again { try container.encode(3, forKey: .a) }
        }
    }

    /// A recursive type whose values repeat a key at some depths.
    struct Node: Encodable {
        var name: String
        var repeats = false
        var children: [Node] = []
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(name, forKey: .a)
            try container.encode(children, forKey: .other)
            if repeats { try container.encode(name + "!", forKey: .a) }
        }
    }

    struct Catching: Encodable {
        let values: [Conditional]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for value in values { try? container.encode(value) }
        }
    }

    /// Values of one type that write different keys, in a different order, or a key again,
    /// among values that do not, at any depth: each object written with its last members.
    @Test func valuesOfOneTypeThatWriteDifferentKeys() throws {
        try EncoderParityTests.same([Conditional(), Conditional(again: true), Conditional(), Conditional(again: true)])
        try EncoderParityTests.same([Conditional(), Conditional(reversed: true), Conditional(again: true, reversed: true)])
        try EncoderParityTests.same([Conditional(again: true), Conditional(), Conditional(again: true)])
        let tree = Node(name: "root", children: [
            Node(name: "a", children: [Node(name: "a1", repeats: true), Node(name: "a2")]),
            Node(name: "b", repeats: true, children: [Node(name: "b1")]),
        ])
        try EncoderParityTests.same([tree, tree])
        // A value that throws, caught: the values after it are written as if it had not been there.
        try EncoderParityTests.same(Catching(values: [Conditional(fails: true), Conditional(), Conditional(again: true)]))
        #expect(String(decoding: try ModelEncoder().encode(Catching(values: [Conditional(fails: true), Conditional(again: true)])),
                       as: UTF8.self) == #"[{"b":2,"a":3}]"#)
    }

    struct TwoOntoOne: Encodable { var fooBar = 1; var foo_bar = 2 }

    @Test func aKeyStrategyThatMapsTwoKeysOntoOneKeepsTheLast() throws {
        try EncoderParityTests.same(TwoOntoOne(), snakeCase: true)
        try EncoderParityTests.same([TwoOntoOne(), TwoOntoOne()], snakeCase: true)
        let encoder = ModelEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(String(decoding: try encoder.encode(TwoOntoOne()), as: UTF8.self) == #"{"foo_bar":2}"#)
    }

    @Test func anUnkeyedMemberThatThrowsLeavesNothing() throws {
        struct List: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(1)
                try? container.encode([1, Double.nan])
                try container.encode(2)
            }
        }
        try EncoderParityTests.same(List())
        #expect(String(decoding: try ModelEncoder().encode([List()]), as: UTF8.self) == "[[1,2]]")
    }

    /// Foundation's `superEncoder` shape: a subclass writes its own keys and its base class
    /// under a key of its own, which the key strategy converts.
    class Parent: Encodable {
        var someValue = 1
    }

    final class Child: Parent, @unchecked Sendable {
        var childValue = 2
        var paths: [[String]] = []
        var runs = 0
        enum CodingKeys: String, CodingKey { case childValue, parentData }
        override func encode(to encoder: any Encoder) throws {
            runs += 1
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(childValue, forKey: .childValue)
            let superEncoder = container.superEncoder(forKey: .parentData)
            paths.append(superEncoder.codingPath.map(\.stringValue))
            paths.append(superEncoder.container(keyedBy: CodingKeys.self).codingPath.map(\.stringValue))
            try super.encode(to: superEncoder)
        }
    }

    @Test func superEncoderForKeyHasItsPathAndTheConvertedKey() throws {
        try EncoderParityTests.same(Child(), snakeCase: true)
        try EncoderParityTests.same([Child(), Child()])
        let child = Child()
        let encoder = ModelEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(String(decoding: try encoder.encode(child), as: UTF8.self) == #"{"child_value":2,"parent_data":{"some_value":1}}"#)
        #expect(child.runs == 1)
        #expect(child.paths == [["parentData"], ["parentData"]])
        let sorted = Child()
        _ = try ModelEncoder(options: .init(sortedKeys: true)).encode(sorted)
        #expect(sorted.runs == 1 && sorted.paths == [["parentData"], ["parentData"]])
    }

    /// Foundation's `EnhancedBool`: `nil` through the type's own single value container, at the top.
    enum EnhancedBool: Encodable {
        case yes, no, fileNotFound
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .yes: try container.encode(true)
            case .no: try container.encode(false)
            case .fileNotFound: try container.encodeNil()
            }
        }
    }

    @Test func topLevelNilThroughOwnEncode() throws {
        for value in [EnhancedBool.yes, .no, .fileNotFound] { try EncoderParityTests.same(value) }
        #expect(String(decoding: try ModelEncoder().encode(EnhancedBool.fileNotFound), as: UTF8.self) == "null")
    }
}
