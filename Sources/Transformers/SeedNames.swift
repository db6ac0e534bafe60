// SmartCodable's names for this module's transformers and wrappers (see the kernel's
// `SeedNames.swift`): the same meaning, deprecated and renamed; or refused with what to write.

/// SmartCodable's `SmartDateTransformer()`: every common form read.
@available(*, deprecated, renamed: "DateTransformer")
public typealias SmartDateTransformer = DateTransformer
/// SmartCodable's `@SmartDate`: written back in the form read.
@available(*, deprecated, renamed: "DateValue")
public typealias SmartDate = DateValue
/// SmartCodable's URL transformer.
@available(*, deprecated, renamed: "URLTransformer")
public typealias SmartURLTransformer = URLTransformer
/// SmartCodable's base64 transformer.
@available(*, deprecated, renamed: "DataTransformer")
public typealias SmartDataTransformer = DataTransformer
/// SmartCodable's hex colour transformer (its `colorFormat:` is the text's own form here).
@available(*, deprecated, renamed: "HexColorTransformer")
public typealias SmartHexColorTransformer = HexColorTransformer

/// SmartCodable's `@SmartHexColor var color: UIColor?`.
@available(*, unavailable, message: "declare the colour as `var color: HexColor?` (Codable on every platform, written back as read) and read `color?.uiColor`")
@propertyWrapper
public struct SmartHexColor<Value> {
    /// Never made.
    public var wrappedValue: Value
    /// Never made.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}
