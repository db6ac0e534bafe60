import Foundation
import Testing
@testable import CodableKit

/// Keyed container boxes are reused for the next object only when nothing else holds
/// them: never one in use further up (here), never one a model kept (`ContainerLifetimeTests`).
@Suite struct ContainerPoolTests {
    struct Leaf: Codable, CodableModel, Equatable {
        var name = ""
        var size = 0
        enum CodingKeys: String, CodingKey { case name, size }
    }

    struct Node: Codable, CodableModel, Equatable {
        var name = ""
        var children: [Node] = []
        var tag = ""  // read after the children: from the parent's object, not the last child's
        enum CodingKeys: String, CodingKey { case name, children, tag }
    }

    private func poolSize<Key: CodingKey>(_ session: DecodingSession, _: Key.Type) -> Int {
        session.containerPool(for: Key.self).takeUnretainedValue().count
    }

    @Test func theStandardLibrarysBoxesCanBeToldFree() {
        #expect(ContainerBoxes.areReusable)
    }

    @Test func siblingsShareOneBox() throws {
        let json = "[" + (0 ..< 100).map { #"{"name": "n\#($0)", "size": \#($0)}"# }.joined(separator: ",") + "]"
        let session = DecodingSession(options: .init())
        defer { session.releaseContainers() }  // the pools' boxes hold the decoder, which holds the session
        let document = try JSONParser.parse(Array(json.utf8), maxDepth: 512)
        let leaves = try DocumentDecoder(document: document, session: session, node: 0).decodeRoot([Leaf].self, at: 0)
        #expect(leaves == (0 ..< 100).map { Leaf(name: "n\($0)", size: $0) })
        #expect(poolSize(session, Leaf.CodingKeys.self) == 1)
        session.releaseContainers()
        #expect(poolSize(session, Leaf.CodingKeys.self) == 0)
    }

    /// A container still in use (the parent's, while its children decode) gets no
    /// other object: one box per level of nesting.
    @Test func nestedObjectsOfOneTypeEachHaveTheirOwn() throws {
        let json = #"""
        {"name": "a", "children": [{"name": "b", "children": [{"name": "c", "tag": "3"}, {"name": "d"}], "tag": "2"}, {"name": "e"}], "tag": "1"}
        """#
        let session = DecodingSession(options: .init())
        defer { session.releaseContainers() }
        let document = try JSONParser.parse(Array(json.utf8), maxDepth: 512)
        let tree = try DocumentDecoder(document: document, session: session, node: 0).decodeRoot(Node.self, at: 0)
        #expect(tree == Node(name: "a", children: [Node(name: "b", children: [Node(name: "c", tag: "3"), Node(name: "d")], tag: "2"),
                                                   Node(name: "e")], tag: "1"))
        #expect(poolSize(session, Node.CodingKeys.self) == 3)
    }

    /// Hand-written `init(from:)` the way users write them: a fresh container for every
    /// property (ExCodable's style), a class hierarchy whose subclass holds its container
    /// across `super.init(from:)`, nested containers, all over objects of one `Key` type
    /// nested in each other: the same values as `JSONDecoder`.
    class Shape: Decodable, Equatable {
        var id = 0
        var label = ""
        enum Keys: String, CodingKey { case id, label, inner, parts, meta }

        required init(from decoder: any Decoder) throws {
            id = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .id)
            label = try decoder.container(keyedBy: Keys.self).decodeIfPresent(String.self, forKey: .label) ?? ""
        }

        static func == (lhs: Shape, rhs: Shape) -> Bool { lhs.isEqual(to: rhs) }
        func isEqual(to other: Shape) -> Bool { id == other.id && label == other.label }
    }

    final class Group: Shape {
        var parts: [Group] = []
        var inner: Shape?
        var meta = ""

        required init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            parts = try container.decodeIfPresent([Group].self, forKey: .parts) ?? []
            inner = try container.decodeIfPresent(Shape.self, forKey: .inner)
            try super.init(from: decoder)
            if container.contains(.meta) {  // read after the children and super: still this object's
                meta = try container.nestedContainer(keyedBy: Keys.self, forKey: .meta).decode(String.self, forKey: .label)
            }
        }

        override func isEqual(to other: Shape) -> Bool {
            guard let other = other as? Group else { return false }
            return super.isEqual(to: other) && parts == other.parts && inner == other.inner && meta == other.meta
        }
    }

    @Test func handWrittenInitsAgreeWithJSONDecoder() throws {
        let json = #"""
        {"id": 1, "label": "a", "meta": {"label": "m1"}, "inner": {"id": 9, "label": "i"},
         "parts": [{"id": 2, "parts": [{"id": 3, "label": "c", "meta": {"label": "m3"}}], "meta": {"label": "m2"}},
                   {"id": 4, "label": "d", "inner": {"id": 5}}]}
        """#
        let ours = try ModelDecoder().decode(Group.self, from: Data(json.utf8))
        let theirs = try JSONDecoder().decode(Group.self, from: Data(json.utf8))
        #expect(ours == theirs)
        #expect(ours.meta == "m1" && ours.parts.map(\.meta) == ["m2", ""] && ours.parts[0].parts[0].meta == "m3")
    }
}
