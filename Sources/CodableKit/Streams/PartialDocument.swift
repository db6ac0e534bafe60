import Foundation

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
    /// `true`, and a string cut short is left out. Arrays and objects keep their complete
    /// members. One pass over the bytes: calling it on every prefix costs what decoding each
    /// prefix costs.
    /// - Throws: as `decodeWithReport`, and `DecodingError.dataCorrupted` when nothing of
    ///   the document is complete yet (a top-level string or number cut short).
    public func decodePartial<T: Decodable>(_ type: T.Type, from data: Data) throws -> (value: T, report: DecodingReport) {
        let bytes = [UInt8](data)
        var scanner = StructureScanner()
        scanner.tracksKeys = false
        _ = bytes.withUnsafeBufferPointer { scanner.take($0, from: 0, to: $0.count, ended: { _ in }) }
        let isWhole = scanner.stack.isEmpty && !scanner.endsInsideValue && scanner.topLevelEnd != nil
        if isWhole || (scanner.stack.isEmpty && Self.isWholeLiteral(bytes)) {
            return try decodeWithReport(T.self, from: bytes)  // the whole document (or a whole literal)
        }
        guard let innermost = scanner.stack.last else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription:
                "The document ended before any of it was complete (\(Self.position(of: bytes.count, in: bytes)))."))
        }
        var text = Array(bytes[..<(innermost.lastComplete ?? innermost.start + 1)])
        for open in scanner.stack.reversed() { text.append(open.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) }
        var (value, report) = try decodeWithReport(T.self, from: text)
        report.endedEarly = Self.position(of: bytes.count, in: bytes)
        return (value, report)
    }

    /// A top-level `true`, `false` or `null`, whole (a number may yet go on; these cannot).
    private static func isWholeLiteral(_ bytes: [UInt8]) -> Bool {
        let text = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        return [Array("true".utf8), Array("false".utf8), Array("null".utf8)].contains { text.elementsEqual($0) }
    }

    /// `line L, column C` of `offset`, as the reader counts them.
    private static func position(of offset: Int, in bytes: [UInt8]) -> String {
        let (line, column) = bytes.withUnsafeBufferPointer { JSONReadError.lineAndColumn(of: offset, in: $0) }
        return "line \(line), column \(column)"
    }
}
