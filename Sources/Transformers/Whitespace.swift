// `trimmingCharacters(in:)` and `CharacterSet` belong to Foundation proper, which this
// module does without (a server's static executable then links no ICU); so the
// transformers trim text with this, which treats the same characters as space.

extension String {
    /// The text without the space around it: what `CharacterSet.whitespaces` holds (general
    /// category Zs, the tab, and U+200B, the zero-width space that was Zs once), and with
    /// `newlines` also what `.whitespacesAndNewlines` adds (categories Zl and Zp, U+000A to
    /// U+000D, U+0085). Checked against Foundation for every scalar.
    func trimmingSpace(andNewlines newlines: Bool = false) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .spaceSeparator: return true
            case .lineSeparator, .paragraphSeparator: return newlines
            default:
                return scalar == "\t" || scalar == "\u{200B}"
                    || newlines && ((0x0A ... 0x0D).contains(scalar.value) || scalar.value == 0x85)
            }
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(Substring(scalars[first ... last]))
    }
}
