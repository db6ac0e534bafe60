/// `decodePartial` for a `PartialStringDecodable` model: the node standing for the member
/// string the document was cut inside (a `null`), its document's serial (JSON found in a
/// string makes documents with node numbers of their own), and the text that arrived of it.
/// A `String` property reads the text, any other reader finds the member missing: checked
/// where a member's value is read (`partialProperty`, `partialValue`, `decodeDictionary`),
/// before any type can see the `null`. (A `DecodingSession`'s part; no cut: node -1.)
struct PartialCut {
    var node = -1
    var document = -1
    var text = ""

    /// Whether `node` of `document` is the string the document was cut inside.
    @inline(__always)
    func contains(_ node: Int, in document: JSONDocument?) -> Bool {
        node == self.node && document?.serial == self.document
    }
}
