/// Why a value could not be decoded as asked. Thrown inside the decoder and
/// caught at the nearest recovery point (a property, a collection element, the
/// root), which either repairs it and records a `DecodingIssue` (tolerant mode)
/// or throws the matching `DecodingError` with its coding path (strict mode).
/// Every issue and every error is made here, from one description of the problem.
struct DecodingProblem: Error {
    enum Reason {
        case missing
        case null
        /// `found` describes the value, such as `a string "abc"`.
        case mismatch(found: String)
        /// A number outside the range of the type, or with a fraction for an integer type.
        case outOfRange(found: String)
        case transformFailed(found: String)
        /// A plugin's own problem (`Decoder.repairError`), with the issue it is.
        case plugin(DecodingIssue.Kind, description: String)
    }

    var reason: Reason
    var expected: Any.Type

    func issueKind(typeName: (Any.Type) -> String) -> DecodingIssue.Kind {
        switch reason {
        case .missing: .keyNotFound
        case .null: .valueWasNull
        case let .mismatch(found): .typeMismatch(expected: typeName(expected), found: found)
        case let .outOfRange(found): .typeMismatch(expected: typeName(expected), found: found)
        case .transformFailed: .transformFailed
        case let .plugin(kind, _): kind
        }
    }

    /// What a plugin said about its problem, for the issue.
    var detail: String? {
        if case let .plugin(_, description) = reason { return description }
        return nil
    }

    /// The error `JSONDecoder` throws for the same input. `path` leads to the value;
    /// for a missing key, its last component is the key.
    func decodingError(path: [any CodingKey]) -> DecodingError {
        switch reason {
        case .missing:
            let key = path.last ?? AnyCodingKey(stringValue: "")
            return .keyNotFound(key, .init(codingPath: Array(path.dropLast()),
                                           debugDescription: "No value associated with key \(key.stringValue.debugDescription)."))
        case .null:
            return .valueNotFound(expected, .init(codingPath: path,
                                                  debugDescription: "Expected \(typeName(expected)) value but found null instead."))
        case let .mismatch(found):
            return .typeMismatch(expected, .init(codingPath: path,
                                                 debugDescription: "Expected to decode \(typeName(expected)) but found \(found) instead."))
        case let .outOfRange(found):
            return .dataCorrupted(.init(codingPath: path,
                                        debugDescription: "Expected \(typeName(expected)) but found \(found), which does not fit."))
        case let .transformFailed(found):
            return .dataCorrupted(.init(codingPath: path,
                                        debugDescription: "The transformer for \(typeName(expected)) returned nil for \(found)."))
        case let .plugin(_, description):
            return .dataCorrupted(.init(codingPath: path, debugDescription: description))
        }
    }
}

/// A type's name as a person writes it: `Int`, `[String]`, `User`.
func typeName(_ type: Any.Type) -> String {
    String(describing: type)
}

extension DecodingSession {
    /// A problem at the value under the path of depth `depth` (plus `key`).
    /// Tolerant mode gets the problem itself, to be repaired where it is caught;
    /// strict mode gets the `DecodingError`.
    func error(_ reason: DecodingProblem.Reason, expected: Any.Type, depth: Int, key: PathComponent? = nil) -> any Error {
        let problem = DecodingProblem(reason: reason, expected: expected)
        return strict ? problem.decodingError(path: codingPath(depth: depth, appending: key)) : problem
    }

    /// Records a repair of `problem` at the path of depth `depth` plus `key`, made in `owner`.
    func record(_ kind: DecodingIssue.Kind, depth: Int, key: PathComponent?, owner: Any.Type?, detail: String? = nil) {
        issues.append(DecodingIssue(components: pathComponents(depth: depth, appending: key), kind: kind,
                                    modelType: owner.map { typeName($0) } ?? "(root)", detail: detail))
    }

    /// A value converted to the type asked for: recorded in tolerant mode, an error in strict mode.
    func convert(from: String, to expected: String, expected type: Any.Type, depth: Int, key: PathComponent? = nil) throws {
        if strict {
            throw DecodingProblem(reason: .mismatch(found: "a " + from), expected: type)
                .decodingError(path: codingPath(depth: depth, appending: key))
        }
        record(.converted(from: from, to: expected), depth: depth, key: key, owner: frames.last?.type)
    }
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
            return "the number " + (text.count > 40 ? String(text.prefix(40)) + "… (\(text.count) characters)" : text)
        case .string:
            let text = string(index)
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return "a string \(shown.debugDescription)"
        case .array: return "an array"
        case .object: return "an object"
        }
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
