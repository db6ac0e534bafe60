/// A transformer mapped onto a collection property applies to each element, both
/// ways: `CodingKeys.stamps <--- DateTransformer(.secondsSince1970)` for `[Date]`,
/// `Set<Date>`, `[String: Date]`, `[Date?]`, and nested ones such as `[[Date]]`.
/// Decoding follows the collection policy: an element the transformer rejects is
/// dropped (and recorded); `null` is `nil` for an optional element.
protocol TransformedCollection {
    /// The collection at `node`, each element through `transformer`; the result is `T`, which is `Self`.
    static func transformElements<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int,
                                     transformer: any ValueTransformable) throws -> T
    /// What `transformer` writes for each element.
    func transformedElements(with transformer: any ValueTransformable, encoder: TreeEncoder,
                             at path: [any CodingKey]) throws -> EncodedContent
}

extension DocumentDecoder {
    /// Each element of the array at `node` through `transformer`, bad ones dropped.
    fileprivate func transformArray<Element>(_: Element.Type, at node: Int, with transformer: any ValueTransformable) throws -> [Element] {
        guard document.nodes[node].kind == .array else {
            throw session.fail(.wrongKind(at: node, in: document),
                               expected: [Element].self)
        }
        var result: [Element] = []
        var element = node + 1
        for index in 0 ..< document.nodes[node].count {
            try session.at(.index(index)) {
                do {
                    result.append(try transform(Element.self, at: element, with: transformer))
                } catch {
                    try session.repairElement(error)
                }
            }
            element = document.next(after: element)
        }
        return result
    }
}

extension Array: TransformedCollection {
    static func transformElements<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int,
                                     transformer: any ValueTransformable) throws -> T {
        try decoder.transformArray(Element.self, at: node, with: transformer) as! T  // T is [Element]
    }

    func transformedElements(with transformer: any ValueTransformable, encoder: TreeEncoder,
                             at path: [any CodingKey]) throws -> EncodedContent {
        .array(try enumerated().map { try encoder.transformed($1, with: transformer, at: path + [AnyCodingKey(index: $0)]) })
    }
}

extension Set: TransformedCollection {
    static func transformElements<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int,
                                     transformer: any ValueTransformable) throws -> T {
        Set(try decoder.transformArray(Element.self, at: node, with: transformer)) as! T  // T is Set<Element>
    }

    func transformedElements(with transformer: any ValueTransformable, encoder: TreeEncoder,
                             at path: [any CodingKey]) throws -> EncodedContent {
        try Array(self).transformedElements(with: transformer, encoder: encoder, at: path)
    }
}

extension Dictionary: TransformedCollection where Key == String {
    static func transformElements<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int,
                                     transformer: any ValueTransformable) throws -> T {
        let document = decoder.document
        let session = decoder.session
        guard document.nodes[node].kind == .object else {
            throw session.fail(.wrongKind(at: node, in: document),
                               expected: T.self)
        }
        var result: [String: Value] = [:]
        var member = node + 1
        while member < document.nodes[node].end {
            let key = document.string(member)
            try session.at(.key(key)) {
                do {
                    if result[key] == nil { result[key] = try decoder.transform(Value.self, at: member + 1, with: transformer) }
                } catch {
                    try session.repairElement(error)
                }
            }
            member = document.next(after: member + 1)
        }
        return result as! T  // T is [String: Value]
    }

    func transformedElements(with transformer: any ValueTransformable, encoder: TreeEncoder,
                             at path: [any CodingKey]) throws -> EncodedContent {
        .object(try map { ($0, try encoder.transformed($1, with: transformer, at: path + [AnyCodingKey(stringValue: $0)])) })
    }
}

extension Optional: TransformedCollection {
    static func transformElements<T>(as _: T.Type, with decoder: DocumentDecoder, at node: Int,
                                     transformer: any ValueTransformable) throws -> T {
        if decoder.document.nodes[node].kind == .null { return Wrapped?.none as! T }
        return Wrapped?.some(try decoder.transform(Wrapped.self, at: node, with: transformer)) as! T  // T is Wrapped?
    }

    func transformedElements(with transformer: any ValueTransformable, encoder: TreeEncoder,
                             at path: [any CodingKey]) throws -> EncodedContent {
        guard let self else { return .null }
        return try encoder.transformed(self, with: transformer, at: path)
    }
}
