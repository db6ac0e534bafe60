/// Why a value could not be decoded as asked: what a producer (a scalar, a
/// collection, a special type, a wrapper, a plugin) says about a problem, and all
/// it says. What happens next — a thrown `DecodingError`, a fallback, a recorded
/// `DecodingIssue` — is decided by the repair stage (`Repair.swift`), which is the
/// only code that makes either of them from a problem.
struct DecodingProblem: Error {
    enum Reason {
        case missing
        case null
        /// `found` describes the value, such as `a string "abc"`.
        case mismatch(found: FoundValue)
        /// A number outside the range of the type, or with a fraction for an integer type.
        case outOfRange(found: FoundValue)
        /// A transformer gave nil; `found` is the value as compact JSON.
        case transformFailed(transformer: String, found: String)
        /// A plugin's own problem (`Decoder.repairError`), with the issue it is.
        case plugin(DecodingIssue.Kind, description: String)
        /// A `@Required` property of the model in frame `frame` had no usable value:
        /// the issue it would have been, and why.
        case required(DecodingIssue.Kind, key: String, frame: Int, why: String)
        /// The model in frame `frame` rejected itself: its `didDecode(from:)` threw `error`.
        case rejected(any Error, frame: Int)

        /// What is wrong with the value at `node` when it is not of the kind asked for: `null`,
        /// else a mismatch that names what was found.
        static func wrongKind(at node: Int, in document: JSONDocument) -> Reason {
            document.nodes[node].kind == .null ? .null : .mismatch(found: FoundValue(node: node, in: document))
        }
    }

    var reason: Reason
    var expected: Any.Type
    /// Where the problem is, once a recovery point could not repair it and passed it up
    /// (tolerant mode): the path of the innermost value that had no fallback. The error
    /// it becomes at the root names that path, as `JSONDecoder`'s would.
    var path: [any CodingKey]?
    /// For the report only: the type the property really is, when `expected` is what it was
    /// read as (a `Date` read as a `Double`), and a note on how it was read and what to change.
    /// The error it becomes stays `JSONDecoder`'s.
    var reading: (type: Any.Type, note: String)?

    init(reason: Reason, expected: Any.Type) {
        self.reason = reason
        self.expected = expected
    }

    /// This problem, at `path` unless a deeper recovery point placed it already.
    func placed(at path: @autoclosure () -> [any CodingKey]) -> DecodingProblem {
        guard self.path == nil else { return self }
        var placed = self
        placed.path = path()
        return placed
    }

    /// The issue it is; `typeName` names types (the session caches names: making one demangles).
    func issueKind(typeName: (Any.Type) -> String) -> DecodingIssue.Kind {
        switch reason {
        case .missing: .keyNotFound
        case .null: .valueWasNull
        case let .mismatch(found), let .outOfRange(found): .typeMismatch(expected: typeName(reading?.type ?? expected), found: found.description)
        case .transformFailed: .transformFailed
        case let .plugin(kind, _): kind
        case let .required(kind, _, _, _): kind
        case .rejected: .typeMismatch(expected: typeName(expected), found: "a value its didDecode(from:) rejected")
        }
    }

    /// The frame of the model this problem fails as a whole (a `@Required` property's, or one
    /// that rejected itself): the recovery point holding that model repairs it.
    var failedFrame: Int? {
        switch reason {
        case let .required(_, _, frame, _), let .rejected(_, frame): frame
        default: nil
        }
    }

    /// What the issue says beyond its kind: a plugin's description, the value a transformer rejected.
    var detail: String? {
        switch reason {
        case let .plugin(_, description): description
        case let .transformFailed(transformer, found): "\(transformer) could not read \(found)"
        case let .required(_, key, _, why): "the required property \(key.debugDescription): \(why)"
        case let .rejected(error, _): "didDecode(from:) threw \(error)"
        default: reading?.note
        }
    }

    /// The value is of another kind than asked (or null), as opposed to unreadable or missing.
    var isWrongKind: Bool {
        switch reason {
        case .null, .mismatch: true
        default: false
        }
    }

    /// What was wrong, in words, for an element that is left out: `expected Int, found a string "junk"`.
    var summary: String {
        switch reason {
        case .missing: "nothing there"
        case .null: "expected \(typeName(expected)), found null"
        case let .mismatch(found), let .outOfRange(found): "expected \(typeName(expected)), found \(found)"
        case .transformFailed, .plugin, .required, .rejected: detail ?? "could not be read"
        }
    }

    /// The error `JSONDecoder` throws for the same input. `path` leads to the value;
    /// for a missing key, its last component is the key.
    func decodingError(path: [any CodingKey]) -> DecodingError {
        switch reason {
        case .missing:
            let key = path.last ?? AnyCodingKey(stringValue: "")
            return .keyNotFound(key, .init(codingPath: Array(path.dropLast()),
                                           debugDescription: "No value associated with key \(key.stringValue.debugDescription)."))
        case .null where expected == Bool.self:  // JSONDecoder's own choice for a null Bool
            return .typeMismatch(expected, .init(codingPath: path, debugDescription: "Expected to decode Bool but found null instead."))
        case .null:
            return .valueNotFound(expected, .init(codingPath: path,
                                                  debugDescription: "Expected \(typeName(expected)) value but found null instead."))
        case let .mismatch(found):
            return .typeMismatch(expected, .init(codingPath: path,
                                                 debugDescription: "Expected to decode \(typeName(expected)) but found \(found) instead."))
        case let .outOfRange(found):
            return .dataCorrupted(.init(codingPath: path,
                                        debugDescription: "Expected \(typeName(expected)) but found \(found), which does not fit."))
        case let .transformFailed(transformer, found):
            return .dataCorrupted(.init(codingPath: path,
                                        debugDescription: "\(transformer) could not read \(found) as \(typeName(expected))."))
        case let .plugin(_, description):
            return .dataCorrupted(.init(codingPath: path, debugDescription: description))
        case .required:
            return .dataCorrupted(.init(codingPath: path, debugDescription: "The model cannot be used without \(detail ?? "a required property")."))
        case let .rejected(error, _):
            return .dataCorrupted(.init(codingPath: path, debugDescription: "\(typeName(expected)).didDecode(from:) threw \(error).", underlyingError: error))
        }
    }
}

/// What was found where a value could not be used, described only when words are
/// needed (a report, an error): describing a string escapes it and counts its
/// characters, work that a repair no one records does not need.
struct FoundValue: CustomStringConvertible {
    private let text: String?
    private let document: JSONDocument?
    private let node: Int

    /// Already in words: `nothing`, `a number`.
    init(_ text: String) {
        self.text = text
        document = nil
        node = 0
    }

    /// The value at `node` of `document`, or `nothing` when there is none.
    init(node: Int?, in document: JSONDocument) {
        text = node == nil ? "nothing" : nil
        self.document = document
        self.node = node ?? 0
    }

    var description: String { text ?? document?.summary(of: node) ?? "nothing" }

    /// The node this is the value at, when it is one of `document` (not words already).
    func node(in document: JSONDocument) -> Int? {
        text == nil && self.document === document ? node : nil
    }
}

/// A type's name as a person writes it: `Int`, `[String]`, `User`.
func typeName(_ type: Any.Type) -> String {
    String(describing: type)
}

extension JSONDocument {
    /// What a value is, for messages: `a string "abc"`, `the number 12.5`, `null`, `an object`.
    func summary(of index: Int) -> String {
        switch nodes[index].kind {
        case .null: return "null"
        case .true: return "true"
        case .false: return "false"
        case .number:
            let text = string(index)
            return "the number " + (isLong(text) ? String(text.prefix(40)) + "… (\(text.count) characters)" : text)
        case .string:
            let text = string(index)
            return "a string " + quoted(isLong(text) ? String(text.prefix(40)) + "…" : text)
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// More than 40 characters; counted only past 40 bytes (counting characters walks
    /// the grapheme breaks).
    private func isLong(_ text: String) -> Bool {
        text.utf8.count > 40 && text.count > 40
    }

    /// `text` in quotes, escaped as `debugDescription` escapes it; printable ASCII
    /// without quotes or backslashes needs no escaping, and `debugDescription` walks
    /// every scalar.
    private func quoted(_ text: String) -> String {
        let plain = text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        return plain ? "\"" + text + "\"" : text.debugDescription
    }

    /// The value as compact JSON, cut short after about 80 characters, for reports.
    func compactJSON(of index: Int) -> String {
        guard let text = (try? value(at: index))?.description else { return "arrays and objects nested deeper than \(JSONValue.maximumDepth) levels" }
        return text.count > 80 ? String(text.prefix(80)) + "…" : text
    }

    /// The JSON kind of a value, for conversion records: `string`, `number`, `bool`.
    func kindName(of index: Int) -> String {
        switch nodes[index].kind {
        case .null: "null"
        case .true, .false: "bool"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}
