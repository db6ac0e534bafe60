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
}
