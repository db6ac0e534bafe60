extension String {
    /// A string of UTF-8 that a reader has already validated, made without the
    /// second validation `String(decoding:as:)` would do: through `UTF8Span`
    /// (Swift 6.2; on Apple platforms from the 26 releases), else validated again.
    ///
    /// - Parameters:
    ///   - text: valid UTF-8. Anything else breaks `String`'s own invariants: only
    ///     `JSONDocument.string(_:)` calls this, for documents that `JSONParser` read.
    ///   - isASCII: whether every byte is ASCII. Must be exact, as the string keeps
    ///     it: an ASCII string marked otherwise would compare and hash the slow way.
    @inline(__always)
    init(validatedUTF8 text: UnsafeBufferPointer<UInt8>, isASCII: Bool) {
        #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            self = unsafe String(copying: UTF8Span(unchecked: text.span, isKnownASCII: isASCII))
            return
        }
        #endif
        self = String(decoding: text, as: UTF8.self)
    }
}
