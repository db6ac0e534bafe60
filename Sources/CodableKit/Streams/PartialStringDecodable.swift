/// A model whose `String` properties may show text still arriving: when
/// `ModelDecoder.decodePartial` finds the document cut inside such a property's string,
/// the property gets the text that has arrived so far instead of its initial value.
///
/// ```swift
/// struct Reply: CodableModel, PartialStringDecodable { var title = ""; var text = "" }
///
/// try decoder.decodePartial(Reply.self, from: Data(#"{"title": "Hi", "text": "Once upon a ti"#.utf8)).value.text
/// // "Once upon a ti"
/// ```
/// Conform the type you pass to `decodePartial`; its `String` and `String?` properties and
/// `String` dictionary values, at any depth, then read a string cut short as far as it
/// arrived (an escape or a character the cut split is left out until the rest comes). A
/// string cut short anywhere else stays missing as it is without the conformance: a
/// number, date, URL or enum written as a string, an array element, a key.
public protocol PartialStringDecodable {}
