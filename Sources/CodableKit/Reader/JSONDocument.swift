import Synchronization

/// A parsed JSON document: one flat array of nodes over one byte buffer.
///
/// The layout is a tape in document order. A scalar is one node; an array or
/// object is a node followed by its contents, and records where its contents
/// end, so skipping a value of any size is one index assignment:
///
///     {"a": [1, 2], "b": null}
///
///     index  kind    payload
///     0      object  count 2, end 7
///     1      string  "a"  (offset, length of its text)
///     2      array   count 2, end 5
///     3      number  "1"
///     4      number  "2"
///     5      string  "b"
///     6      null
///
/// Strings and numbers are not materialised: a node holds the offset and length
/// of their UTF-8 text in the document's text, which is the input followed by an
/// arena that holds the unescaped form of every string that contained escapes, so
/// every string node points at ready-to-use UTF-8 and keys compare as raw bytes.
///
/// A document parsed from `Data` reads a copy of the input that it owns: a caller's
/// bytes can change under a decode (a reused buffer wrapped without a copy, a file
/// mapped into memory), and a string is made only from bytes that were validated and
/// cannot change since (see `DESIGN.md`, *Shared state is keyed and owned*). Validating
/// each string again as it is made cost more than the copy (Benchmarks/README.md).
/// Numbers keep their literal text, which is enough to read any `Int64`/`UInt64`
/// exactly and any `Double` correctly rounded (see `JSONDocument+Numbers.swift`); a
/// number with a fraction or an exponent also has its `Double` when the parser could
/// convert it as it read it (`NumberValues`).
package final class JSONDocument: @unchecked Sendable {  // immutable once made; it owns `nodeStorage`
    package enum Kind: UInt8, Sendable {
        case null, `true`, `false`, number, string, array, object
    }

    package struct Node: Sendable {
        package var kind: Kind
        /// For a number: `Node.integerFlag` when it has no fraction and no exponent.
        package var flags: UInt8
        /// A number with `Node.valueFlag` or `Node.smallIntegerFlag`: the byte length of its text
        /// (`lengthOrCount` holds its value's index, or its value).
        package var textLength: UInt16 = 0
        /// String or number: byte offset of its text. Array or object: the index one past its last node.
        package var offsetOrEnd: UInt32
        /// String or number: byte length of its text (a number with `Node.valueFlag`: the
        /// index of its value in the document's numbers; with `Node.smallIntegerFlag`: its
        /// value). Array: element count. Object: member count.
        package var lengthOrCount: UInt32

        package static let integerFlag: UInt8 = 1
        /// A JSON5 `Infinity`, `-Infinity` or `NaN` (its text is that word).
        package static let nonFiniteFlag: UInt8 = 2
        /// A string whose text is all ASCII (set by `JSONParser`; without it, unknown).
        package static let asciiFlag: UInt8 = 4
        /// A number the parser converted to a `Double` as it read it (see `NumberValues`).
        package static let valueFlag: UInt8 = 8
        /// An integer of one to nine digits without a sign, which the parser read as it checked
        /// it: its value is `lengthOrCount` (so decoding does not read its digits again).
        package static let smallIntegerFlag: UInt8 = 16
        /// The flags of a number whose text's length is `textLength`.
        static let lengthInTextLength: UInt8 = valueFlag | smallIntegerFlag

        @inline(__always) package var isInteger: Bool { flags & Self.integerFlag != 0 }

        /// An array or object: the index one past its last node (`offsetOrEnd`).
        @inline(__always) package var end: Int { Int(offsetOrEnd) }
        /// An array: its element count; an object: its member count (`lengthOrCount`).
        @inline(__always) package var count: Int { Int(lengthOrCount) }
    }

    /// Inputs are limited to 2 GiB so that offsets into input + arena fit 32 bits.
    package static let maxInputSize = Int(Int32.max)

    /// Immutable once parsed; a class, so that the decoder's many references to it
    /// cost one reference count, not one per array. The nodes are the parser's own
    /// buffer, taken over rather than copied into an array (a copy of a large tape was
    /// fresh memory, and page faults, on every decode).
    private let nodeStorage: UnsafeMutablePointer<Node>
    private let nodeCount: Int
    /// The values of the numbers flagged `Node.valueFlag` (`NumberValues`); nil if none.
    private let numberValues: UnsafeMutablePointer<Double>?
    /// The input's text: a copy the document owns (`ownedInput`), or a caller's bytes lent
    /// for one call (`ownInput()` copies them if the document outlives the call); empty when
    /// all of the text is in `storage`. Changed only by `ownInput()`, once, after the call.
    @exclusivity(unchecked) private var input: UnsafeBufferPointer<UInt8>
    /// The text the document owns, at offsets from `input.count` on: the arena, or all of
    /// the text for a document made from an array.
    private let storage: [UInt8]
    /// The copy of the caller's bytes that `input` points into, freed with the document.
    @exclusivity(unchecked) private var ownedInput: UnsafeMutableRawBufferPointer?
    /// Every string's text was validated as UTF-8 by the reader that made this
    /// document, and its ASCII strings carry `Node.asciiFlag`: strings are made
    /// without validating them again (see `String(validatedUTF8:isASCII:)`).
    private let isValidatedUTF8: Bool
    /// A number no other document of this process has: what a member cursor remembers
    /// its document by, without holding a reference (see `MemberCursor`).
    package let serial = JSONDocument.serials.wrappingAdd(1, ordering: .relaxed).oldValue
    private static let serials = Atomic<Int>(0)

    /// The nodes, in document order.
    package var nodes: NodeList {
        @inline(__always) get { NodeList(base: nodeStorage, count: nodeCount) }
    }

    /// A document that is only `null`: what a decoder for an absent value reads.
    package static let null = JSONDocument(nodes: [Node(kind: .null, flags: 0, offsetOrEnd: 0, lengthOrCount: 0)], bytes: [])

    package convenience init(nodes: [Node], bytes: [UInt8]) {
        var buffer = NodeBuffer(capacity: nodes.count)
        for node in nodes { buffer.append(node) }
        self.init(nodes: buffer, bytes: bytes)
    }

    /// - Parameter isValidatedUTF8: only for a reader that validated every string's
    ///   text and flagged its ASCII strings (`JSONParser`); strings of any other
    ///   document are validated as they are made.
    package init(nodes: consuming NodeBuffer, numbers: consuming NumberValues = NumberValues(), bytes: [UInt8],
                 isValidatedUTF8: Bool = false) {
        (nodeStorage, nodeCount) = nodes.takeStorage()
        numberValues = numbers.takeStorage()
        // Safety: an empty buffer: every text of this document is in `storage`.
        input = UnsafeBufferPointer(start: nil, count: 0)
        ownedInput = nil
        storage = bytes
        self.isValidatedUTF8 = isValidatedUTF8
    }

    /// A document over `input`, a copy of the caller's bytes that it now owns (and frees),
    /// followed by `arena`: its strings were validated as UTF-8 when parsed and cannot change.
    package init(nodes: consuming NodeBuffer, numbers: consuming NumberValues, owning input: UnsafeMutableRawBufferPointer,
                 arena: [UInt8]) {
        (nodeStorage, nodeCount) = nodes.takeStorage()
        numberValues = numbers.takeStorage()
        // Safety: the copy was written as bytes (`Data.copyBytes`) and is only read as bytes.
        self.input = UnsafeBufferPointer(input.assumingMemoryBound(to: UInt8.self))
        ownedInput = input
        storage = arena
        isValidatedUTF8 = true
    }

    /// A document over `input`, a caller's contiguous bytes lent for one call, followed by
    /// `arena`: its strings were validated as UTF-8 when parsed. Whoever lent the bytes
    /// calls `ownInput()` when the call ends if the document is still held elsewhere.
    package init(nodes: consuming NodeBuffer, numbers: consuming NumberValues, borrowing input: UnsafeBufferPointer<UInt8>,
                 arena: [UInt8]) {
        (nodeStorage, nodeCount) = nodes.takeStorage()
        numberValues = numbers.takeStorage()
        self.input = input
        ownedInput = nil
        storage = arena
        isValidatedUTF8 = true
    }

    /// Copies lent input into memory the document owns, for a document that outlives the
    /// call that lent it (a container kept past its decode reads it later).
    package func ownInput() {
        guard ownedInput == nil, let base = input.baseAddress, input.count > 0 else { return }
        // Safety: (these two) the copy is as long as the lent input, which is alive during this call; `deinit` frees it.
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: input.count, alignment: 8)
        copy.copyMemory(from: UnsafeRawBufferPointer(start: base, count: input.count))
        ownedInput = copy
        // Safety: the copy was written as bytes and is only read as bytes.
        input = UnsafeBufferPointer(copy.assumingMemoryBound(to: UInt8.self))
    }

    /// Where the input's text starts: for a check that lent bytes were read in place.
    package var inputBase: UnsafeRawPointer? { input.baseAddress.map(UnsafeRawPointer.init) }

    deinit {
        // Safety: the document's last use: nothing it lent out is read after.
        ownedInput?.deallocate()
        free(nodeStorage)  // the parser's `NodeBuffer` storage, from `realloc`
        free(numberValues)  // its `NumberValues` storage, from `realloc` (or nil)
    }

    /// The value of a number node flagged `Node.valueFlag`.
    @inline(__always) package func numberValue(_ node: Node) -> Double {
        // Safety: a node flagged `valueFlag` has its value at this index of the values the parser stored.
        numberValues.unsafelyUnwrapped[Int(node.lengthOrCount)]
    }

    /// The node of the key whose member's value is `node`, a value read from `object` (its
    /// key is just before it), or nil: what a report compares with the property's name.
    @inline(__always) func keyNode(of node: Int, in object: Int) -> Int? {
        node > object && nodes[node - 1].kind == .string ? node - 1 : nil
    }

    /// The index of the node after the value at `index` (its next sibling).
    @inline(__always) package func next(after index: Int) -> Int {
        let node = nodes[index]
        switch node.kind {
        case .array, .object: return Int(node.offsetOrEnd)
        default: return index + 1
        }
    }

    /// The UTF-8 text of a string or number node.
    @inline(__always) package func withText<R>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        let node = nodes[index]
        return try withText(offset: Int(node.offsetOrEnd), count: node.flags & Node.lengthInTextLength != 0 ? Int(node.textLength) : Int(node.lengthOrCount), body)
    }

    /// The `count` bytes of text at `offset`: in the input, or in the document's own text.
    @inline(__always) private func withText<R>(offset: Int, count: Int,
                                               _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        // Safety: (these three) a node's text lies whole in the input (offset + count <= input.count) or whole in `storage` past it, as the parser wrote it; read only inside `body`.
        if offset < input.count { return try body(UnsafeBufferPointer(start: input.baseAddress! + offset, count: count)) }
        return try storage.withUnsafeBufferPointer { all in
            try body(UnsafeBufferPointer(rebasing: all[offset - input.count ..< offset - input.count + count]))
        }
    }

    /// The string value of a string node (or the literal text of a number node).
    package func string(_ index: Int) -> String {
        let node = nodes[index]
        let isASCII = node.kind == .number || node.flags & Node.asciiFlag != 0
        return withText(index) { text in
            isValidatedUTF8 ? String(validatedUTF8: text, isASCII: isASCII) : String(decoding: text, as: UTF8.self)
        }
    }

    /// Whether the text of the string node at `index`, as written (escapes and all), is `string`'s UTF-8.
    package func textEquals(_ index: Int, _ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            withText(index) { text in text.count == bytes.count && (text.isEmpty || bytesEqual(text.baseAddress!, bytes.baseAddress!, text.count)) }
        }
    }

    /// Whether the string node at `index` spells exactly `key` (compared as UTF-8 bytes).
    @inline(__always) package func stringEquals(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        let node = nodes[index]
        guard Int(node.lengthOrCount) == key.count else { return false }
        guard key.count > 0 else { return true }
        return withText(offset: Int(node.offsetOrEnd), count: key.count) { text in bytesEqual(text.baseAddress!, key.baseAddress, key.count) }
    }

    /// The value node of member `key` in the object at `object`; the first one when a key repeats.
    package func member(_ key: String, in object: Int) -> Int? {
        var key = key
        return key.withUTF8 { member($0, in: object) }
    }

    /// The value node of member `key` in the object at `object`.
    ///
    /// Duplicate keys: the first occurrence wins (`FirstOccurrence`).
    package func member(_ key: UnsafeBufferPointer<UInt8>, in object: Int) -> Int? {
        member(key, in: object, from: object + 1, before: Int(nodes[object].offsetOrEnd))
    }

    /// The value node of member `key` among the members of `object` from key node
    /// `start` up to (not including) key node `end`; the first one when a key repeats.
    package func member(_ key: UnsafeBufferPointer<UInt8>, in object: Int, from start: Int, before end: Int) -> Int? {
        var index = start
        while index < end {
            let value = index + 1
            if stringEquals(index, key) { return value }
            index = next(after: value)
        }
        return nil
    }

    /// The element node at `position` in the array at `array`.
    package func element(_ position: Int, in array: Int) -> Int? {
        guard position >= 0, position < Int(nodes[array].lengthOrCount) else { return nil }
        var index = array + 1
        for _ in 0 ..< position { index = next(after: index) }
        return index
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif
