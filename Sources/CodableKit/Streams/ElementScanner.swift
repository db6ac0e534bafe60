/// Finds where the elements of one array begin and end, once `StructureScanner` has found
/// the array: nothing but how deep inside an element it is and whether a string is open.
/// It keeps no keys and no per-container state, so it runs at the speed of a byte loop
/// (the general scanner, a stack of containers, took a quarter of a stream's time). It
/// does not validate: the parser does, for each batch of elements it is handed — except
/// the separator after an element handed out at the end of the bytes, which no batch holds.
///
/// An element ends at the comma or bracket after it, or, when the bytes end first, at its
/// own closing brace, bracket or quote: the last element of a chunk is handed out then, not
/// when the next chunk brings the comma, so that a server's array of events followed live
/// delivers each event as it arrives. (A number or a literal may go on in the next chunk,
/// and waits for what follows it.)
struct ElementScanner {
    /// Containers open inside the element in progress.
    private var depth = 0
    private var inString = false
    private var escaped = false
    /// Where the element in progress began, and just past its last byte so far.
    private(set) var start: Int?
    private var end = 0
    /// An element was handed out at the end of the bytes: a comma or the closing bracket
    /// must come next, after whitespace.
    private var separatorDue = false

    /// A byte the array cannot have where it is: the bytes are not JSON, and nothing after it
    /// is taken. No batch of elements holds it, so the parser never sees it.
    enum Misplaced: Equatable {
        /// Where a `,` or the closing `]` was due, after an element.
        case separator(UInt8)
        /// Where an element or the closing `]` was due (after `[` or a comma).
        case element(UInt8)
    }

    /// Scans `bytes[from...]`, calling `element` with the bounds of each element that ends;
    /// the offset after the last byte taken, whether the array closed there, and a byte found
    /// where the array cannot have it.
    mutating func scan(_ bytes: UnsafeBufferPointer<UInt8>, from: Int,
                       element: (Int, Int) -> Void) -> (offset: Int, closed: Bool, misplaced: Misplaced?) {
        var offset = from
        let count = bytes.count
        while separatorDue, offset < count {
            switch bytes[offset] {
            case 0x20, 0x0A, 0x09, 0x0D: offset += 1
            case UInt8(ascii: ","): separatorDue = false; offset += 1
            case UInt8(ascii: "]"): separatorDue = false  // the main loop closes the array
            case let found: return (offset, false, .separator(found))
            }
        }
        while offset < count {
            let byte = bytes[offset]
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { end = offset + 1 }
                } else {  // the rest of the string up to a quote or a backslash, in a tight loop
                    offset += 1
                    while offset < count, bytes[offset] != UInt8(ascii: "\""), bytes[offset] != UInt8(ascii: "\\") { offset += 1 }
                    continue
                }
                offset += 1
                continue
            }
            switch byte {
            case 0x20, 0x0A, 0x09, 0x0D:
                break
            case UInt8(ascii: "\""):
                inString = true
                if depth == 0, start == nil { start = offset }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if depth == 0, start == nil { start = offset }
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 {  // the array's own end: a bracket, or a brace that is not JSON
                    let ended = start
                    if let start { element(start, end) }
                    start = nil
                    guard byte == UInt8(ascii: "]") else { return (offset, false, ended == nil ? .element(byte) : .separator(byte)) }
                    return (offset + 1, true, nil)
                }
                depth -= 1
                if depth == 0 { end = offset + 1 }
            case UInt8(ascii: ","):
                if depth == 0 {
                    if let start { element(start, end) }
                    start = nil
                }
            default:  // a number or a literal, or bytes inside a nested container
                if depth == 0 {
                    if start == nil { start = offset }
                    end = offset + 1
                }
            }
            offset += 1
        }
        // The bytes end after a whole container or string: outside any, its last byte closes it
        // (a number or a literal ends in none of these).
        if let start, depth == 0, !inString, bytes[end - 1] == UInt8(ascii: "}") || bytes[end - 1] == UInt8(ascii: "]") || bytes[end - 1] == UInt8(ascii: "\"") {
            element(start, end)
            self.start = nil
            separatorDue = true
        }
        return (offset, false, nil)
    }

    /// After the caller drops the first `count` bytes: shifts the offsets kept.
    mutating func dropFirst(_ count: Int) {
        start = start.map { $0 - count }
        end -= count
    }
}
