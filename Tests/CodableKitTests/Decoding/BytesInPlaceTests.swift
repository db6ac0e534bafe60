import Foundation
import Testing
@testable import CodableKit

/// `decode(_:from:)` for any bytes: read where they lie (no copy of the input), whatever
/// contiguous collection holds them; copied only for a container that outlives the call.
@Suite struct BytesInPlaceTests {
    struct Order: Codable, Equatable {
        var id: Int
        var note: String
        var tags: [String]
        enum CodingKeys: String, CodingKey { case id, note, tags }
    }
    static let json = #"{"id": 7, "note": "caf\u00e9 \"quoted\"", "tags": ["a", "b"]}"#
    static let expected = Order(id: 7, note: #"café "quoted""#, tags: ["a", "b"])

    /// A collection with contiguous storage that is neither an array nor `Data`, as NIO's
    /// `ByteBufferView` is: it counts how its elements are reached.
    final class Counter: @unchecked Sendable { var iterations = 0; var lends = 0 }
    struct View: Collection {
        let storage: [UInt8]
        let counter: Counter
        var startIndex: Int { storage.startIndex }
        var endIndex: Int { storage.endIndex }
        subscript(position: Int) -> UInt8 { storage[position] }
        func index(after index: Int) -> Int { index + 1 }
        func makeIterator() -> IndexingIterator<[UInt8]> {
            counter.iterations += 1
            return storage.makeIterator()
        }
        func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
            counter.lends += 1
            return try storage.withUnsafeBufferPointer(body)
        }
    }

    @Test func everyContiguousCollectionDecodesAsDataDoes() throws {
        let bytes = Array(Self.json.utf8)
        let decoder = ModelDecoder()
        #expect(try decoder.decode(Order.self, from: bytes) == Self.expected)
        #expect(try decoder.decode(Order.self, from: bytes[...]) == Self.expected)
        #expect(try decoder.decode(Order.self, from: ([0x20] + bytes + [0x20])[1 ... bytes.count]) == Self.expected)
        #expect(try bytes.withUnsafeBytes { try decoder.decode(Order.self, from: $0) } == Self.expected)
        let counter = Counter()
        #expect(try decoder.decode(Order.self, from: View(storage: bytes, counter: counter)) == Self.expected)
        #expect(counter.lends == 1 && counter.iterations == 0)
        let (value, report) = try decoder.decodeWithReport(Order.self, from: Array(#"{"id": "7", "note": "", "tags": []}"#.utf8))
        #expect(value.id == 7 && report.issues.map(\.path) == ["id"])
        #expect(try decoder.decode(Order.self, from: Array(Self.json.utf8).lazy.map { $0 }) == Self.expected)  // not contiguous: copied
    }

    /// The document reads the caller's own bytes: the same address.
    @Test func theInputIsReadInPlace() throws {
        let bytes = Array(Self.json.utf8)
        let read = try bytes.withUnsafeBufferPointer { buffer in
            try DecodeCall.withDocument(buffer, options: .init()) { $0.inputBase == UnsafeRawPointer(buffer.baseAddress) }
        }
        #expect(read)
        let view = View(storage: bytes, counter: Counter())
        let base = try DecodeCall.withDocument(view, options: .init()) { $0.inputBase }
        #expect(base != nil)
    }

    /// A container kept past the call reads its own copy: the caller may free or reuse
    /// the bytes once the call returns (AddressSanitizer would see a read after).
    struct Lazy: Decodable {
        let container: KeyedDecodingContainer<Order.CodingKeys>
        init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: Order.CodingKeys.self) }
    }

    @Test func aKeptContainerOutlivesTheLentBytes() throws {
        let bytes = Array(Self.json.utf8)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        buffer.copyBytes(from: bytes)
        let lazy = try ModelDecoder().decode(Lazy.self, from: UnsafeRawBufferPointer(buffer))
        buffer.initializeMemory(as: UInt8.self, repeating: UInt8(ascii: "x"))
        buffer.deallocate()
        #expect(try lazy.container.decode(String.self, forKey: .note) == #"café "quoted""#)
        #expect(try lazy.container.decode([String].self, forKey: .tags) == ["a", "b"])
    }
}
