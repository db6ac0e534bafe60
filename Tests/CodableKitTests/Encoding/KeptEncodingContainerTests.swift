import CodableKit
import Foundation
import Testing

/// Hand-written `encode(to:)` that keeps a container and writes into it out of turn — a
/// child writing into its parent's container, a parent amending a nested container it
/// has closed — and the cases of Foundation's own `JSONEncoderTests` that such code meets:
/// each writes `JSONEncoder`'s JSON value, sorted or not.
@Suite struct KeptEncodingContainerTests {
    /// Where a parent leaves its containers for its child.
    final class Slot: @unchecked Sendable {  // used by one encode at a time
        var keyed: KeyedEncodingContainer<Parent.CodingKeys>?
        var list: (any UnkeyedEncodingContainer)?
    }

    struct Child: Encodable {
        let slot: Slot
        enum CodingKeys: String, CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .a)
            try slot.keyed?.encode("from-child", forKey: .note)
            try slot.list?.encode(2)
            try container.encode(2, forKey: .a)  // the child's own object, after the parent's write
        }
    }

    struct Parent: Encodable {
        let slot = Slot()
        var amendsList = false
        enum CodingKeys: String, CodingKey { case a, b, note, list }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if amendsList {
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(1)
                slot.list = list
            } else {
                slot.keyed = container
            }
            try container.encode(Child(slot: slot), forKey: .b)
            try container.encode(1, forKey: .a)
        }
    }

    /// Both encoders' output, parsed: the same JSON value whatever the member order.
    func sameValue<T: Encodable>(_ value: @autoclosure () -> T, sorted: Bool) throws -> (ours: String, foundation: String, equal: Bool) {
        let foundation = JSONEncoder()
        let ours = ModelEncoder()
        if sorted {
            foundation.outputFormatting = .sortedKeys
            ours.outputFormatting = .sortedKeys
        }
        let expected = try foundation.encode(value())
        let written = try ours.encode(value())
        let equal = try (JSONSerialization.jsonObject(with: written) as? NSDictionary)
            == (JSONSerialization.jsonObject(with: expected) as? NSDictionary)
        return (String(decoding: written, as: UTF8.self), String(decoding: expected, as: UTF8.self), equal)
    }

    @Test(arguments: [false, true])
    func aChildWritesIntoItsParentsContainer(sorted: Bool) throws {
        let result = try sameValue(Parent(), sorted: sorted)
        #expect(result.equal, "CodableKit \(result.ours), JSONEncoder \(result.foundation)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.ours.utf8)) as? [String: Any])
        #expect(object["note"] as? String == "from-child")
        #expect((object["b"] as? [String: Any])?["note"] == nil)
    }

    @Test(arguments: [false, true])
    func aChildAmendsItsParentsClosedNestedArray(sorted: Bool) throws {
        let result = try sameValue(Parent(amendsList: true), sorted: sorted)
        #expect(result.equal, "CodableKit \(result.ours), JSONEncoder \(result.foundation)")
        let object = try #require(JSONSerialization.jsonObject(with: Data(result.ours.utf8)) as? [String: Any])
        #expect(object["list"] as? [Int] == [1, 2])
    }

    /// A child that appends to its parent's array while it is an element of it: `JSONEncoder`
    /// appends an element once its value is written, so the child's element comes after.
    final class ListSlot: @unchecked Sendable {  // used by one encode at a time
        var list: (any UnkeyedEncodingContainer)?
    }

    struct Appender: Encodable {
        let slot: ListSlot
        func encode(to encoder: any Encoder) throws {
            var own = encoder.unkeyedContainer()
            try slot.list?.encode("from-child")
            try own.encode("own")
        }
    }

    struct List: Encodable {
        let slot = ListSlot()
        var treeFirst = false
        func encode(to encoder: any Encoder) throws {
            var list = encoder.unkeyedContainer()
            slot.list = list
            try list.encode("first")
            if treeFirst { try list.encode(Double.infinity) }  // not finite: written by the tree
            try list.encode(Appender(slot: slot))
            try list.encode("last")
        }
    }

    @Test(arguments: [false, true])
    func aChildAppendsToItsParentsArray(sorted: Bool) throws {
        let foundation = JSONEncoder()
        foundation.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let ours = ModelEncoder()
        ours.nonConformingFloatEncodingStrategy = foundation.nonConformingFloatEncodingStrategy
        if sorted { (foundation.outputFormatting, ours.outputFormatting) = (.sortedKeys, .sortedKeys) }
        for treeFirst in [false, true] {
            let expected = String(decoding: try foundation.encode(List(treeFirst: treeFirst)), as: UTF8.self)
            let written = String(decoding: try ours.encode(List(treeFirst: treeFirst)), as: UTF8.self)
            #expect(written == expected)
        }
        #expect(String(decoding: try ours.encode(List()), as: UTF8.self) == #"["first","from-child",["own"],"last"]"#)
    }

    /// `JSONEncoderTests.test_redundantKeyedContainer`: a nested container asked for a key
    /// that already holds an encoded object adds to that object.
    struct EncodesTwice: Encodable {
        enum CodingKeys: String, CodingKey { case container, somethingElse }
        struct Nested: Encodable { var foo = "Test" }
        func encode(to encoder: any Encoder) throws {
            var topLevel = encoder.container(keyedBy: CodingKeys.self)
            try topLevel.encode("Foo", forKey: .somethingElse)
            try topLevel.encode(Nested(), forKey: .container)
            var again = topLevel.nestedContainer(keyedBy: CodingKeys.self, forKey: .container)
            try again.encode("SecondAgain", forKey: .somethingElse)
        }
    }

    @Test func aNestedContainerForAnEncodedObjectAddsToIt() throws {
        let encoder = ModelEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = String(decoding: try encoder.encode(EncodesTwice()), as: UTF8.self)
        #expect(written == #"{"container":{"foo":"Test","somethingElse":"SecondAgain"},"somethingElse":"Foo"}"#)
        let unsorted = try sameValue(EncodesTwice(), sorted: false)
        #expect(unsorted.equal, "CodableKit \(unsorted.ours), JSONEncoder \(unsorted.foundation)")
    }

    /// A super encoder's coding path ends with the caller's own key, its `intValue` too.
    struct IntKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(stringValue: String) { (self.stringValue, intValue) = (stringValue, nil) }
        init(intValue: Int) { (stringValue, self.intValue) = ("\(intValue)", intValue) }
    }

    final class PathProbe: Encodable, @unchecked Sendable {  // written by one encode at a time
        var paths: [[String]] = []
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: IntKey.self)
            let byKey = container.superEncoder(forKey: IntKey(intValue: 7))
            paths.append(byKey.codingPath.map { $0.intValue.map { "int \($0)" } ?? $0.stringValue })
            var nested = byKey.container(keyedBy: IntKey.self)
            try nested.encode(true, forKey: IntKey(stringValue: "x"))
            let plain = container.superEncoder()
            paths.append(plain.codingPath.map { $0.intValue.map { "int \($0)" } ?? $0.stringValue })
        }
    }

    @Test(arguments: [false, true])
    func superEncoderPathsKeepTheCallersKey(sorted: Bool) throws {
        let ours = PathProbe(), theirs = PathProbe()
        let encoder = ModelEncoder()
        if sorted { encoder.outputFormatting = .sortedKeys }
        _ = try encoder.encode(ours)
        _ = try JSONEncoder().encode(theirs)
        #expect(ours.paths == theirs.paths)
        #expect(ours.paths.first == ["int 7"])
    }
}
