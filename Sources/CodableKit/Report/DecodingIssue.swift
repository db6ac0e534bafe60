/// One repair the decoder made: where, what, and in which model.
///
/// ```swift
/// let (user, report) = try User.decodeWithReport(from: data)
/// for issue in report.issues { print(issue) }
/// // [0].age (User): expected Int, found a string "twenty"; kept the initial value
/// ```
public struct DecodingIssue: Sendable, CustomStringConvertible {
    /// What kind of repair was made.
    public enum Kind: Sendable, Equatable {
        /// The key was absent; the property kept its initial (or empty) value (`outcome` says which).
        case keyNotFound
        /// The value was `null` for a non-optional property; it kept its initial (or empty) value.
        case valueWasNull
        /// The value could not be read as the property's type; it kept its initial (or empty) value.
        case typeMismatch(expected: String, found: String)
        /// The value was converted (`"27"` → `Int`); the property got the converted value.
        case converted(from: String, to: String)
        /// A transformer returned nil; the property kept its initial (or empty) value.
        case transformFailed
        /// A collection element could not be decoded (or was `null`) and was left out.
        case elementDropped
        /// An enum's raw value matched no case.
        case caseNotMatched
    }

    /// Where the repair happened, such as `[0].runways[1].distance`.
    public var path: String {
        get { writtenPath ?? PathComponent.text(components) }
        set { writtenPath = newValue }
    }
    /// What was repaired, and how.
    public var kind: Kind
    /// The model (or other type) whose property was repaired.
    public var modelType: String
    /// What a plugin said about the repair, such as `"nokia" matches no case of Phone`.
    public var detail: String?
    /// What the property got instead, when the kind does not say it: `kept the initial
    /// value` (the model's own), or `used the empty value ""` (the model had none for it).
    public var outcome: String?
    /// The JSON key the value was read from — for a key not found, the key it was looked for
    /// under first — when it is not the property's name in `path` (a key strategy or a mapping
    /// renamed it), such as `order_id` for `orderId`.
    public var jsonKey: String?

    /// The path as the decoder recorded it (a slice of the decode's `FiledIssues`); made
    /// into text only when read, since most reports are never read.
    var components: ArraySlice<PathComponent>
    private var writtenPath: String?

    /// `path (Model): what happened; what the property got (what a plugin said)`.
    public var description: String {
        "\(place) (\(modelType)): \(summary)"
    }

    /// The path, with the JSON key when it differs: `orderId ("order_id")`.
    var place: String {
        (path.isEmpty ? "(root)" : path) + (jsonKey.map { " (\($0.debugDescription))" } ?? "")
    }

    /// `what happened; what the property got (what a plugin said)`, as a report's lines show it.
    public var summary: String {
        "\(kind)" + (outcome.map { "; \($0)" } ?? "") + (detail.map { " (\($0))" } ?? "")
    }
}

extension DecodingIssue {
    /// An issue, as a plugin or a test might build one.
    public init(path: String, kind: Kind, modelType: String, outcome: String? = nil) {
        self.init(kind: kind, modelType: modelType, detail: nil, outcome: outcome, jsonKey: nil, components: [], writtenPath: path)
    }

    /// An issue as the decoder records it. Through the memberwise initializer: an
    /// initializer of its own made each issue in a temporary, then copied it out.
    init(components: ArraySlice<PathComponent>, kind: Kind, modelType: String, detail: String? = nil, outcome: String? = nil,
         jsonKey: String? = nil) {
        self.init(kind: kind, modelType: modelType, detail: detail, outcome: outcome, jsonKey: jsonKey,
                  components: components, writtenPath: nil)
    }
}

extension DecodingIssue.Kind: CustomStringConvertible {
    /// What happened, in words.
    public var description: String {
        switch self {
        case .keyNotFound: "key not found"
        case .valueWasNull: "value was null"
        case let .typeMismatch(expected, found): "expected \(expected), found \(found)"
        case let .converted(from, to): "converted \(from) to \(to)"
        case .transformFailed: "the transformer returned nil"
        case .elementDropped: "element could not be decoded; left out of the collection"
        case .caseNotMatched: "the value matched no case"
        }
    }
}
