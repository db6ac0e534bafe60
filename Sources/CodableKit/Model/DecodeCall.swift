#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where every decoding API starts: input → document → designated path →
/// value pipeline → report, delivered to `DecodingLog`.
enum DecodeCall {
    /// Parses JSON bytes. - Throws: `DecodingError.dataCorrupted` whose underlying error is the `JSONReadError`.
    static func document(_ bytes: [UInt8], options: DecodingOptions) throws -> JSONDocument {
        try parsed {
            if options.allowsJSON5 {
                return try JSON5Parser.parse(bytes, maxDepth: options.maxDepth, assumesTopLevelDictionary: options.assumesTopLevelDictionary)
            }
            return try JSONParser.parse(bytes, maxDepth: options.maxDepth, assumesTopLevelDictionary: options.assumesTopLevelDictionary)
        }
    }

    /// `body` over the document parsed from JSON bytes held in `Data`, from a copy the
    /// document owns: the bytes a `Data` wraps may change while the decode reads them
    /// (`Data(bytesNoCopy:…)` over a reused buffer, a mapped file). - Throws: as above.
    static func withDocument<R>(_ data: Data, options: DecodingOptions, _ body: (JSONDocument) throws -> R) throws -> R {
        if options.allowsJSON5 { return try body(document([UInt8](data), options: options)) }
        // Safety: the parsed document owns `copy` (`parse(owning:)`) and frees it, also when parsing throws.
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: data.count, alignment: 8)
        data.copyBytes(to: copy)
        let document = try parsed {
            try JSONParser.parse(owning: copy, maxDepth: options.maxDepth, assumesTopLevelDictionary: options.assumesTopLevelDictionary)
        }
        return try body(document)
    }

    /// `body` over the document parsed from any bytes, read where they lie: contiguous
    /// storage (an array or a slice of one, a buffer pointer, NIO's `ByteBufferView`) is lent
    /// for the call and copied only if the document outlives it (a container kept past the
    /// decode); bytes with no contiguous storage are copied once. (A `Data` goes through
    /// `withDocument(_: Data…)`: a `Data` may wrap bytes that change.) - Throws: as above.
    static func withDocument<R, Bytes: Collection>(_ bytes: Bytes, options: DecodingOptions,
                                                   _ body: (JSONDocument) throws -> R) throws -> R where Bytes.Element == UInt8 {
        if !options.allowsJSON5, let result = try bytes.withContiguousStorageIfAvailable({ buffer in
            var document = try parsed {
                try JSONParser.parse(borrowing: buffer, maxDepth: options.maxDepth, assumesTopLevelDictionary: options.assumesTopLevelDictionary)
            }
            defer { if !isKnownUniquelyReferenced(&document) { document.ownInput() } }
            return try body(document)
        }) {
            return result
        }
        return try body(document([UInt8](bytes), options: options))
    }

    /// The document parsed from JSON bytes held in `Data`, with its own copy of them. - Throws: as above.
    static func document(_ data: Data, options: DecodingOptions) throws -> JSONDocument {
        try withDocument(data, options: options) { $0 }
    }

    private static func parsed(_ parse: () throws -> JSONDocument) throws -> JSONDocument {
        do {
            return try parse()
        } catch {
            throw notValidJSON(error)
        }
    }

    /// Input that is not JSON (`error`: the reader's, which says where and what), as
    /// JSONDecoder words it; the position and what was wrong are the underlying error's,
    /// which a DecodingError prints after this (said once).
    static func notValidJSON(_ error: any Error) -> DecodingError {
        .dataCorrupted(.init(codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: error))
    }

    /// Decodes `T` from `document` (at `designatedPath`), starting from `base` in update mode;
    /// without any transformer when `appliesTransformers` is false (a plugin's conversion).
    /// When the caller drops the report (`returnsReport` false) and `DecodingLog` has no one
    /// to give it to, repairs are made but not recorded: the report is empty. `hint` says
    /// what the caller knows statically of `T` (a model, an array of models).
    /// - Throws: `DecodingError.keyNotFound` for a missing designated path; in strict mode, any problem.
    static func run<T: Decodable>(_ type: T.Type, document: JSONDocument, designatedPath: String?,
                                  options: DecodingOptions, base: T? = nil, returnsReport: Bool = true,
                                  reportsToLog: Bool = true, appliesTransformers: Bool = true,
                                  hint: RouteHint = RouteHint(), partialText: String? = nil) throws -> (T, DecodingReport) {
        var root = 0
        if let designatedPath, !designatedPath.isEmpty {
            guard let node = document.value(at: DottedPath(designatedPath)) else {
                throw DecodingError.keyNotFound(AnyCodingKey(stringValue: designatedPath), .init(
                    codingPath: [], debugDescription: "No value at the designated path \(designatedPath.debugDescription)."))
            }
            root = node
        }
        return try withDecoder(T.self, document: document, at: root, options: options, base: base, returnsReport: returnsReport,
                               reportsToLog: reportsToLog, appliesTransformers: appliesTransformers, hint: hint,
                               partialText: partialText) { decoder in
            try decodeRoot(type, with: decoder, at: root)
        }
    }

    /// One call's session and decoder, at `root`, around `decode`; the report it leaves,
    /// delivered to `DecodingLog` when `reportsToLog`.
    @inline(__always)
    private static func withDecoder<T>(_: T.Type, document: JSONDocument, at root: Int, options: DecodingOptions, base: T? = nil,
                                       returnsReport: Bool, reportsToLog: Bool, appliesTransformers: Bool = true,
                                       hint: RouteHint = RouteHint(), partialText: String? = nil,
                                       _ decode: (DocumentDecoder) throws -> T) throws -> (T, DecodingReport) {
        let session = DecodingSession(options: options, appliesTransformers: appliesTransformers,
                                      recordsIssues: returnsReport || reportsToLog && DecodingLog.isListening)
        session.pendingBase = base
        session.types.hint = hint
        if let partialText {  // the cut string stands as the document's last node (see `decodePartial`)
            session.cut = PartialCut(node: document.nodes.count - 1, document: document.serial, text: partialText)
        }
        defer { session.releaseContainers() }
        let value = try CurrentSession.with(session) { try decode(DocumentDecoder(document: document, session: session, node: root)) }
        let report = DecodingReport(pending: session.filedIssues.take(typeName: session.typeName))
        if reportsToLog { DecodingLog.deliver(report, modelType: typeName(T.self)) }
        return (value, report)
    }

    /// The root value, of the dynamic type `type` holds, as `JSONDecoder` makes it: for
    /// `let type: Person.Type = Employee.self`, an `Employee`.
    private static func decodeRoot<T: Decodable>(_ type: T.Type, with decoder: DocumentDecoder, at root: Int) throws -> T {
        if type == T.self { return try decoder.decodeRoot(T.self, at: root) }
        let dynamic: any Decodable.Type = type
        return try decodeRoot(opened: dynamic, as: T.self, with: decoder, at: root)
    }

    private static func decodeRoot<Dynamic: Decodable, T>(opened _: Dynamic.Type, as _: T.Type,
                                                          with decoder: DocumentDecoder, at root: Int) throws -> T {
        try decoder.decodeRoot(Dynamic.self, at: root) as! T  // `Dynamic` is `T` or a subclass of it
    }

    /// The value that `make` decodes from the whole document with CodableKit's decoder, as a
    /// type's own `init(from:)` is decoded (`JSONDecoder`'s answers first; see `decodeOwn`):
    /// for `init(from:configuration:)`. Its report goes to `DecodingLog`.
    static func value<T>(_: T.Type, document: JSONDocument, options: DecodingOptions,
                         make: (any Decoder) throws -> T) throws -> T {
        try withDecoder(T.self, document: document, at: 0, options: options, returnsReport: false, reportsToLog: true) { decoder in
            do {
                return try decoder.decodeOwn(T.self) { try make($0) }
            } catch {
                return try decoder.session.repairRoot(T.self, error, at: 0, document: document)
            }
        }.0
    }

    /// `run` for a call that returns the value alone: its report goes only to
    /// `DecodingLog` (`reportsToLog`), and is not made when no one listens there.
    static func value<T: Decodable>(_ type: T.Type, document: JSONDocument, designatedPath: String? = nil,
                                    options: DecodingOptions, base: T? = nil, reportsToLog: Bool = true,
                                    hint: RouteHint = RouteHint()) throws -> T {
        try run(type, document: document, designatedPath: designatedPath, options: options, base: base,
                returnsReport: false, reportsToLog: reportsToLog, hint: hint).0
    }

    /// The `deserialize` contract: the value, or nil after reporting why there is none.
    static func optional<T>(_: T.Type, _ body: () throws -> T) -> T? {
        do {
            return try body()
        } catch {
            DecodingLog.deliver(DecodingReport(failure: "\(error)"), modelType: typeName(T.self))
            return nil
        }
    }
}
