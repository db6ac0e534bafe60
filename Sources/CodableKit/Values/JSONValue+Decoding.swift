/// Decoding a `JSONValue` with the kernel's rules: for plugins that hold a value
/// and want it as a Swift type with the same conversions a model gets. The value
/// is read node for node (no Foundation objects in between).
extension JSONValue {
    /// The value decoded as `T`, with CodableKit's conversions and fallbacks
    /// (tolerant mode unless `options` say otherwise), and with the transformers of
    /// `options` and the app-wide ones. A transformer converting its own JSON side
    /// uses `converted(to:)`, which applies none.
    ///
    /// ```swift
    /// let id = try JSONValue.string("42").decode(Int.self)         // 42
    /// let tags = try JSONValue(parsing: #"["a", 1]"#).decode([String].self)   // ["a", "1"]
    /// ```
    /// - Throws: `DecodingError` when the value cannot be decoded as `T` at all (such as
    ///   an object for an `Int` with no fallback to give), or in strict mode when it
    ///   would need a repair.
    public func decode<T: Decodable>(_ type: T.Type = T.self, options: DecodingOptions = .init()) throws -> T {
        let document = try JSONDocument(foundationObject: self, maxDepth: options.maxDepth)
        return try DecodeCall.value(type, document: document, options: options, reportsToLog: false)
    }

    /// The value decoded as `T` only if it needs no repair: the value itself, or a
    /// conversion (`"42"` → 42); nil for anything that would fall back. Only the
    /// kernel's rules apply — no transformer, not even an app-wide one for `T` —
    /// so a transformer may call it for its own type.
    ///
    /// ```swift
    /// JSONValue.string("42").converted(to: Int.self)    // 42
    /// JSONValue.string("x").converted(to: Int.self)     // nil
    /// ```
    public func converted<T: Decodable>(to type: T.Type) -> T? {
        guard let (value, report) = try? DecodeCall.run(type, document: JSONDocument(foundationObject: self),
                                                          designatedPath: nil, options: .init(), reportsToLog: false,
                                                          appliesTransformers: false),
              report.issues.allSatisfy({ if case .converted = $0.kind { true } else { false } }) else { return nil }
        return value
    }
}
