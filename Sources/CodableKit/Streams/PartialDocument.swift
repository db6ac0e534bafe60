#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension ModelDecoder {
    /// What is complete of a JSON document still arriving — cut anywhere: inside a string, a
    /// number, between members — and a report that says where it ended (`endedEarly`).
    /// Call it again as more bytes arrive for the fuller value.
    ///
    /// ```swift
    /// var received = Data()
    /// for try await chunk in response { received += chunk; show(try decoder.decodePartial(Reply.self, from: received).value) }
    /// ```
    /// A value the cut interrupted counts as missing (the property keeps its initial value,
    /// the element is left out): a number is never read shorter than it is, `tr` is not
    /// `true`, and a string cut short is left out — unless `T` conforms to
    /// `PartialStringDecodable`: then a `String` property cut short gets the text that has
    /// arrived, for streaming text into a UI. Arrays and objects keep their complete
    /// members. One pass over the bytes: calling it on every prefix costs what decoding each
    /// prefix costs.
    /// - Throws: as `decodeWithReport`, and `DecodingError.dataCorrupted` when nothing of
    ///   the document is complete yet (a top-level string or number cut short).
    public func decodePartial<T: Decodable>(_ type: T.Type, from data: Data) throws -> (value: T, report: DecodingReport) {
        let (bytes, textStart) = try Self.utf8(of: [UInt8](data))
        var scanner = StructureScanner(tracksKeys: false)
        // Safety: the bytes are read only inside the closure.
        _ = bytes.withUnsafeBufferPointer { scanner.take($0, from: textStart, to: $0.count, ended: { _ in }) }
        let isWhole = scanner.stack.isEmpty && !scanner.endsInsideValue && scanner.topLevelEnd != nil
        if isWhole || (scanner.stack.isEmpty && Self.isWholeLiteral(bytes[textStart...])) {
            return try decodeWithReport(T.self, from: bytes)  // the whole document (or a whole literal)
        }
        guard let innermost = scanner.stack.last else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription:
                "The document ended before any of it was complete (\(Self.position(of: bytes.count, in: bytes)))."))
        }
        var text: [UInt8]
        var partialText: String?
        if T.self is any PartialStringDecodable.Type, innermost.isObject, scanner.endsInsideStringValue,
           let start = innermost.valueStart, let arrived = Self.arrivedText(of: bytes[(start + 1)...]) {
            // The member stands as a `null` that a `String` property reads as `arrived` (see `DecodingSession.partialNode`).
            text = Array(bytes[..<start]) + Array("null".utf8)
            partialText = arrived
        } else {
            text = Array(bytes[..<(innermost.lastComplete ?? innermost.start + 1)])
        }
        for open in scanner.stack.reversed() { text.append(open.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) }
        let options = options
        var (value, report) = try DecodeCall.withDocument(text, options: options) { document in
            try DecodeCall.run(T.self, document: document, designatedPath: nil, options: options, partialText: partialText)
        }
        report.endedEarly = Self.position(of: bytes.count, in: bytes)
        return (value, report)
    }

    /// `bytes` in UTF-8: UTF-16 and UTF-32 input (found as `decode` finds it) transcoded, so
    /// that a document `decode` reads is read here too; positions are then in its UTF-8
    /// form, as `decode`'s errors are. A surrogate pair the cut split waits for the next call.
    /// With where its text starts: after a UTF-8 byte order mark, which the reader skips too
    /// (not in transcoded text, where `decode` does not).
    /// - Throws: `DecodingError.dataCorrupted` for input that is not UTF-16 or UTF-32 after all.
    private static func utf8(of bytes: [UInt8]) throws -> (bytes: [UInt8], textStart: Int) {
        func transcoded(_ bytes: ArraySlice<UInt8>) throws(JSONReadError) -> [UInt8]? {
            // Safety: the bytes are read only inside the closure.
            try bytes.withUnsafeBufferPointer { (input) throws(JSONReadError) in try InputEncoding.utf8(from: input) }
        }
        do {
            if let utf8 = try transcoded(bytes[...]) { return (utf8, 0) }
            return (bytes, bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0)
        } catch {
            // A high surrogate whose pair has not arrived: the text up to it (UTF-16 only;
            // detected again without the last unit, the encoding is the same).
            // Safety: the bytes are read only during the call.
            if case .utf16 = bytes.withUnsafeBufferPointer(InputEncoding.of), bytes.count >= 4,
               let shorter = try? transcoded(bytes[..<(bytes.count - 2 - bytes.count % 2)]) {
                return (shorter, 0)
            }
            throw DecodeCall.notValidJSON(error)
        }
    }

    /// The text of a string cut short (`content`: its bytes after the opening quote), up to
    /// its last whole character: an escape or a UTF-8 sequence the cut split is left out.
    /// Nil when what arrived is not valid string content.
    private static func arrivedText(of content: ArraySlice<UInt8>) -> String? {
        var end = content.startIndex
        var index = content.startIndex
        while index < content.endIndex {  // whole escapes only; a high surrogate waits for its low half
            guard content[index] == UInt8(ascii: "\\") else { index += 1; end = index; continue }
            guard index + 1 < content.endIndex else { break }
            var length = content[index + 1] == UInt8(ascii: "u") ? 6 : 2
            if length == 6, index + 6 <= content.endIndex,
               let high = UInt16(String(decoding: content[(index + 2) ..< (index + 6)], as: UTF8.self), radix: 16), (0xD800 ... 0xDBFF).contains(high) {
                length = 12
            }
            guard index + length <= content.endIndex else { break }
            index += length
            end = index
        }
        var whole = content[..<end]
        // A UTF-8 sequence the cut split: drop its lead byte and the continuation bytes after it.
        var back = 0
        while back < 3, back < whole.count, whole[whole.endIndex - 1 - back] & 0xC0 == 0x80 { back += 1 }
        if back < whole.count, case let lead = whole[whole.endIndex - 1 - back], lead >= 0xC0 {
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            if back + 1 < length { whole = whole.dropLast(back + 1) }
        }
        let quoted = [UInt8(ascii: "\"")] + whole + [UInt8(ascii: "\"")]
        return try? DecodeCall.withDocument(quoted, options: DecodingOptions(mode: .strict)) { document in
            try DecodeCall.value(String.self, document: document, options: DecodingOptions(mode: .strict))
        }
    }

    /// A top-level `true`, `false` or `null`, whole (a number may yet go on; these cannot).
    private static func isWholeLiteral(_ bytes: ArraySlice<UInt8>) -> Bool {
        let text = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return [Array("true".utf8), Array("false".utf8), Array("null".utf8)].contains { text.elementsEqual($0) }
    }

    /// `line L, column C` of `offset`, as the reader counts them.
    private static func position(of offset: Int, in bytes: [UInt8]) -> String {
        // Safety: the bytes are read only inside the closure.
        let (line, column) = bytes.withUnsafeBufferPointer { JSONReadError.lineAndColumn(of: offset, in: $0) }
        return "line \(line), column \(column)"
    }
}
