/// Reporting a repair from a type's own `init(from:)`: how plugins (such as enum
/// default cases) take part in the report and in strict mode.
extension Decoder {
    /// Records that the value being decoded was repaired, with this decoder's coding path.
    ///
    /// ```swift
    /// init(from decoder: Decoder) throws {
    ///     guard let value = Self(rawValue: raw) else {
    ///         try decoder.recordRepair(.caseNotMatched, description: "\(raw) matched no case")
    ///         self = .unknown
    ///         return
    ///     }
    /// }
    /// ```
    /// With CodableKit's decoder in tolerant mode the repair joins the report; in
    /// strict mode it throws `DecodingError.dataCorrupted` with the coding path and
    /// `description`. With any other decoder it does nothing.
    /// - Throws: `DecodingError.dataCorrupted` in strict mode.
    public func recordRepair(_ kind: DecodingIssue.Kind, description: String) throws {
        guard let decoder = self as? DocumentDecoder else { return }
        try decoder.session.recordPluginRepair(kind, description: description, codingPath: codingPath)
    }

    /// An error that makes the value being decoded fall back as a repair of `kind`:
    /// throw it from `init(from:)` when the value cannot be decoded at all.
    ///
    /// ```swift
    /// throw decoder.repairError(.caseNotMatched, description: "\(json) matches no case of Phone")
    /// ```
    /// With CodableKit's decoder the enclosing property keeps its initial value (an
    /// element is dropped), like any unusable value, and the report records `kind` at this
    /// path; strict mode throws `DecodingError.dataCorrupted` with `description`.
    /// With any other decoder it is `DecodingError.dataCorrupted`.
    public func repairError(_ kind: DecodingIssue.Kind, description: String) -> any Error {
        guard let decoder = self as? DocumentDecoder else {
            return DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: description))
        }
        return decoder.fail(.plugin(kind, description: description), expected: Any.self)
    }
}
