/// Overloads that Swift's synthesized `init(from:)` picks for a property whose type is
/// a model (or an array, an optional or a string-keyed dictionary of one): they tell
/// CodableKit's decoder that the type is a model, which it would otherwise learn from
/// the runtime's conformance lookup — the dominant cost of a type's first decode — and
/// then decode exactly as the generic methods do. With any other decoder (`JSONDecoder`)
/// they only forward. Inlinable, so that they are specialized where the model is
/// declared: unspecialized, each call of the array and dictionary ones would ask the
/// runtime for `[Model]`'s metadata and its `Decodable` witness table.
extension KeyedDecodingContainer {
    /// Decodes a model property, as `decode(_:forKey:)` for any `Decodable` does.
    /// - Throws: what the generic `decode(_:forKey:)` throws.
    @inlinable
    public func decode<Model: DecodableModel>(_ type: Model.Type, forKey key: Key) throws -> Model {
        _knowModel(Model.self)
        return try _decodeAny(type, forKey: key)
    }

    /// Decodes an array of models, as the generic `decode(_:forKey:)` does.
    /// - Throws: what the generic `decode(_:forKey:)` throws.
    @inlinable
    public func decode<Model: DecodableModel>(_ type: [Model].Type, forKey key: Key) throws -> [Model] {
        _knowArray(of: Model.self)
        return try _decodeAny(type, forKey: key)
    }

    /// Decodes a string-keyed dictionary of models, as the generic `decode(_:forKey:)` does.
    /// - Throws: what the generic `decode(_:forKey:)` throws.
    @inlinable
    public func decode<Model: DecodableModel>(_ type: [String: Model].Type, forKey key: Key) throws -> [String: Model] {
        _knowDictionary(of: Model.self)
        return try _decodeAny(type, forKey: key)
    }

    /// Decodes an optional model property, as the generic `decodeIfPresent(_:forKey:)` does.
    /// - Throws: what the generic `decodeIfPresent(_:forKey:)` throws.
    @inlinable
    public func decodeIfPresent<Model: DecodableModel>(_ type: Model.Type, forKey key: Key) throws -> Model? {
        _knowModel(Model.self)
        return try _decodeAnyIfPresent(type, forKey: key)
    }

    /// Decodes an optional array of models, as the generic `decodeIfPresent(_:forKey:)` does.
    /// - Throws: what the generic `decodeIfPresent(_:forKey:)` throws.
    @inlinable
    public func decodeIfPresent<Model: DecodableModel>(_ type: [Model].Type, forKey key: Key) throws -> [Model]? {
        _knowArray(of: Model.self)
        return try _decodeAnyIfPresent(type, forKey: key)
    }

    /// Decodes an optional string-keyed dictionary of models, as the generic
    /// `decodeIfPresent(_:forKey:)` does. - Throws: what the generic `decodeIfPresent(_:forKey:)` throws.
    @inlinable
    public func decodeIfPresent<Model: DecodableModel>(_ type: [String: Model].Type, forKey key: Key) throws -> [String: Model]? {
        _knowDictionary(of: Model.self)
        return try _decodeAnyIfPresent(type, forKey: key)
    }

    // In a context generic over `Decodable` only, these resolve to the standard methods.
    @usableFromInline
    func _decodeAny<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value {
        try decode(type, forKey: key)
    }

    @usableFromInline
    func _decodeAnyIfPresent<Value: Decodable>(_ type: Value.Type, forKey key: Key) throws -> Value? {
        try decodeIfPresent(type, forKey: key)
    }
}

// Each tells this thread's decode, if CodableKit's, what is about to be decoded.

@usableFromInline
func _knowModel<Model: DecodableModel>(_: Model.Type) {
    CurrentSession.know(.model(Model.self))
}

@usableFromInline
func _knowArray<Model: DecodableModel>(of _: Model.Type) {
    CurrentSession.know(.array(of: Model.self))
}

@usableFromInline
func _knowDictionary<Model: DecodableModel>(of _: Model.Type) {
    CurrentSession.know(.dictionary(of: Model.self))
}
