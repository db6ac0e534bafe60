import CodableKit
import Foundation
import FuzzSupport

/// Hand-written `encode(to:)` shapes read from the fuzzer's bytes, against `JSONEncoder`:
/// members and elements, nested containers (asked for again under the same key), child
/// values, super encoders — and children that write into containers their ancestors
/// opened and handed down (kept containers, written out of turn). `ModelEncoder` writes
/// the JSON value `JSONEncoder` writes, streamed (unsorted) and through its tree (sorted).
/// Only what `JSONEncoder` accepts without trapping is generated: one kind of container
/// per value, and separate keys for members, objects, arrays and children.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    var reader = ByteReader(Array(UnsafeBufferPointer(start: bytes, count: count)))
    let shape = Shape.read(from: &reader, depth: 0)
    guard let expected = try? JSONEncoder().encode(shape),
          let theirs = try? JSONSerialization.jsonObject(with: expected, options: .fragmentsAllowed) as? NSObject else { return 0 }
    for sorted in [false, true] {
        let encoder = ModelEncoder()
        if sorted { encoder.outputFormatting = .sortedKeys }
        let written: Data
        do {
            written = try encoder.encode(shape)
        } catch {
            fatalError("JSONEncoder writes \(String(decoding: expected, as: UTF8.self)), CodableKit throws \(error)")
        }
        guard let ours = try? JSONSerialization.jsonObject(with: written, options: .fragmentsAllowed) as? NSObject, ours == theirs else {
            fatalError("\(shape.summary)\nsorted: \(sorted)\nJSONEncoder \(String(decoding: expected, as: UTF8.self))\nCodableKit  \(String(decoding: written, as: UTF8.self))")
        }
    }
    return 0
}

struct ByteReader {
    let bytes: [UInt8]
    var position = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
    mutating func next() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }
}

struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue _: Int) { nil }
}

/// A container an ancestor opened and handed down to its children.
enum Handle {
    case keyed(KeyedEncodingContainer<Key>)
    case unkeyed(any UnkeyedEncodingContainer)
}

/// Where a value's containers go, shared with its children (they may write into them).
final class Handles: @unchecked Sendable {  // used by one encode, on one thread
    var all: [Handle] = []
}

/// One value: a root container kind and the operations its `encode(to:)` performs.
struct Shape: Encodable, @unchecked Sendable {  // immutable; `inherited` is one encode's
    enum Operation {
        case member(String, Int)            // into the innermost keyed container
        case element(Int)                   // into the innermost unkeyed container
        case object(String)                 // a nested keyed container, under a key of its own alphabet
        case array(String)                  // a nested unkeyed container
        case child(String, Shape)           // a child value: a member or an element
        case intoAncestor(Int, Int)         // write into a container an ancestor handed down
        case superMember(String, Int)       // a super encoder under a key, one value through it
    }

    var keyedRoot = true
    var operations: [Operation] = []
    /// Containers of the ancestors, set for each encode by the parent.
    var inherited = Handles()

    /// The operations, for a failure's message.
    var summary: String {
        (keyedRoot ? "{" : "[") + operations.map { operation in
            switch operation {
            case let .member(key, value): "\(key)=\(value)"
            case let .element(value): "+\(value)"
            case let .object(key): "obj \(key)"
            case let .array(key): "arr \(key)"
            case let .child(key, shape): "\(key): \(shape.summary)"
            case let .intoAncestor(which, value): "ancestor#\(which) <- \(value)"
            case let .superMember(key, value): "super \(key)=\(value)"
            }
        }.joined(separator: ", ") + (keyedRoot ? "}" : "]")
    }

    static func read(from reader: inout ByteReader, depth: Int) -> Shape {
        var shape = Shape()
        shape.keyedRoot = (reader.next() ?? 0) & 1 == 0
        var budget = 12
        while budget > 0, let byte = reader.next() {
            budget -= 1
            let value = Int(byte >> 4)
            let letter = String(UnicodeScalar(UInt8(ascii: "a") + byte % 3))
            switch byte % 8 {
            case 0, 1: shape.operations.append(.member("m" + letter, value))
            case 2: shape.operations.append(.element(value))
            case 3: shape.operations.append(.object("o" + letter))
            case 4: shape.operations.append(.array("u" + letter))
            case 5 where depth < 4: shape.operations.append(.child("c" + letter, read(from: &reader, depth: depth + 1)))
            case 6: shape.operations.append(.intoAncestor(Int(byte >> 3), value))
            case 7: shape.operations.append(.superMember("s" + letter, value))
            default: break
            }
        }
        return shape
    }

    func encode(to encoder: any Encoder) throws {
        // This value's own containers, innermost last; what it hands to its children: its
        // ancestors' and its own.
        var keyed: [KeyedEncodingContainer<Key>] = []
        var unkeyed: [any UnkeyedEncodingContainer] = []
        if keyedRoot { keyed.append(encoder.container(keyedBy: Key.self)) } else { unkeyed.append(encoder.unkeyedContainer()) }
        let handles = Handles()
        handles.all = inherited.all
        func handDown() {
            handles.all = inherited.all + keyed.map(Handle.keyed) + unkeyed.map(Handle.unkeyed)
        }
        for operation in operations {
            switch operation {
            case let .member(key, value):
                guard !keyed.isEmpty else { continue }
                try keyed[keyed.count - 1].encode(value, forKey: Key(stringValue: key))
            case let .element(value):
                guard !unkeyed.isEmpty else { continue }
                try unkeyed[unkeyed.count - 1].encode(value)
            case let .object(key):
                if !keyed.isEmpty {
                    keyed.append(keyed[keyed.count - 1].nestedContainer(keyedBy: Key.self, forKey: Key(stringValue: key)))
                } else if !unkeyed.isEmpty {
                    keyed.append(unkeyed[unkeyed.count - 1].nestedContainer(keyedBy: Key.self))
                }
            case let .array(key):
                if !keyed.isEmpty {
                    unkeyed.append(keyed[keyed.count - 1].nestedUnkeyedContainer(forKey: Key(stringValue: key)))
                } else if !unkeyed.isEmpty {
                    unkeyed.append(unkeyed[unkeyed.count - 1].nestedUnkeyedContainer())
                }
            case let .child(key, shape):
                handDown()
                var child = shape
                child.inherited = handles
                if !keyed.isEmpty {
                    try keyed[keyed.count - 1].encode(child, forKey: Key(stringValue: key))
                } else if !unkeyed.isEmpty {
                    try unkeyed[unkeyed.count - 1].encode(child)
                }
            case let .intoAncestor(which, value):
                guard !inherited.all.isEmpty else { continue }
                switch inherited.all[which % inherited.all.count] {
                case var .keyed(container): try container.encode(value, forKey: Key(stringValue: "late"))
                case var .unkeyed(container): try container.encode(value)
                }
            case let .superMember(key, value):
                guard !keyed.isEmpty else { continue }
                var single = keyed[keyed.count - 1].superEncoder(forKey: Key(stringValue: key)).singleValueContainer()
                try single.encode(value)
            }
        }
    }
}
