#if canImport(Observation)
import Observation
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `Encoder` behind `ModelEncoder`, `toJSONString()` and friends: it builds an
/// `EncodedContent` tree through the same rules the decoder reads with.
///
/// - Keys: a model's own rule for the property writes its `encodingKey` (a dotted
///   one as nested objects, merged with siblings that share the prefix), else the
///   model-wide rule's, else the first call strategy's, else the property name.
/// - Values: the model's `mappingForValue()` transformer, else a transformer for
///   the type (per call, then app-wide), writes `transformToJSON`; `URL` writes its
///   absolute string, `Decimal` its exact text, `JSONValue` itself.
/// - `@IgnoredKey` properties are left out; `@Flat` ones write into the enclosing
///   object; nil optionals are left out unless `nilAsNull`.
/// - Non-finite floating-point values are an `EncodingError.invalidValue` naming the path.
final class TreeEncoder: Encoder {
    let session: EncodingSession
    /// What this encoder's value is so far; containers fill it.
    var content: EncodedContent = .null
    /// Where members that a `@Flat` property wrote sit in this object; empty for
    /// objects without one (checked once per object, in `finishedContent`).
    private var flatMembers: [Int] = []
    /// The object's keys as `appendFlattened` last saw them: its first `synced` members.
    private var flatKeys: (keys: Set<String>, synced: Int) = ([], 0)
    /// The encoder of the enclosing value and this value's key in it: the coding
    /// path is made from these only when someone asks for it.
    private let parent: TreeEncoder?
    private let pathKey: PathComponent?
    private let basePath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { session.options.userInfo }
    /// Whether a single-value container wrote a value, `null` included (to tell `null`
    /// from writing nothing, which `JSONEncoder` writes as `{}`).
    var wroteValue = false

    /// `encode(to:)` made no container and wrote no single value.
    var wroteNothing: Bool {
        if case .null = content { return !wroteValue }
        return false
    }
    /// A `[String: Value]`: its keys are written as they are, whatever `keyEncodingStrategy`
    /// says, as `JSONEncoder` writes them.
    var keepsKeys = false
    /// The rules of the model whose `encode(to:)` is running, if it is a model.
    let info: ModelInfo?

    init(session: EncodingSession, codingPath: [any CodingKey] = [], info: ModelInfo? = nil) {
        self.session = session
        parent = nil
        pathKey = nil
        basePath = codingPath
        self.info = info
    }

    /// An encoder for a value that is encoded and then read right away: it keeps a
    /// reference to its parent (cheaper than building its path), which is safe
    /// because the parent never holds it.
    init(session: EncodingSession, parent: TreeEncoder, key: PathComponent, info: ModelInfo?, content: EncodedContent = .null) {
        self.session = session
        self.parent = parent
        pathKey = key
        basePath = []
        self.info = info
        self.content = content
    }

    var codingPath: [any CodingKey] {
        guard let parent, let pathKey else { return basePath }
        return parent.codingPath + [pathKey.codingKey]
    }

    /// An encoder for a container stored in this one's content (`.node`): it gets its
    /// path written out, since a reference back to this encoder would be a cycle.
    func stored(_ key: any CodingKey, content: EncodedContent) -> TreeEncoder {
        let child = TreeEncoder(session: session, codingPath: codingPath + [key])
        child.content = content
        return child
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .object = content {} else {
            var members: [(key: String, value: EncodedContent)] = []
            members.reserveCapacity(8)  // most objects; growing from empty reallocates 4 times
            content = .object(members)
        }
        return KeyedEncodingContainer(TreeKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if case .array = content {} else {
            var elements: [EncodedContent] = []
            elements.reserveCapacity(4)
            content = .array(elements)
        }
        return TreeUnkeyedContainer(encoder: self)
    }

    /// Appends member `key`. A key written again is appended again: the writer keeps the
    /// last member for each key (`EncodedContent.lastOfEachKey`), so the common case of
    /// every key once pays no lookup here.
    @inline(__always)
    func append(_ key: String, _ value: EncodedContent) {
        guard case var .object(members) = content else { return }
        content = .null  // let the append below reuse the buffer instead of copying it
        members.append((key, value))
        content = .object(members)
    }

    /// Writes a member of a `@Flat` property, unless the object has that key already. The
    /// object's keys are kept in a set from the first flattened member on (a `@Flat`
    /// dictionary may bring thousands: a search of the members for each was quadratic).
    func appendFlattened(_ key: String, _ value: EncodedContent) {
        guard let count = syncFlatKeys(), flatKeys.keys.insert(key).inserted else { return }
        flatKeys.synced += 1
        flatMembers.append(count)
        append(key, value)  // with no other reference to the members held here: no copy
    }

    /// Adds the keys of the members written since the last call to `flatKeys`; the number
    /// of members, or nil when the value is not an object.
    private func syncFlatKeys() -> Int? {
        guard case let .object(members) = content else { return nil }
        for index in flatKeys.synced ..< members.count { flatKeys.keys.insert(members[index].key) }
        flatKeys.synced = members.count
        return members.count
    }

    /// The content once `encode(to:)` has returned: each key once, where a `@Flat`
    /// property's member gives way to the object's own property written after it.
    func finishedContent() -> EncodedContent {
        if wroteNothing { return .object([]) }  // as `JSONEncoder` writes a value that encodes nothing
        guard !flatMembers.isEmpty, case let .object(members) = content else { return content }
        var isFlat = [Bool](repeating: false, count: members.count)
        for index in flatMembers where index < members.count { isFlat[index] = true }
        var own: Set<String> = []
        for index in members.indices where !isFlat[index] { own.insert(members[index].key) }
        var kept: [(key: String, value: EncodedContent)] = []
        for index in members.indices where !isFlat[index] || !own.contains(members[index].key) {
            kept.append(members[index])
        }
        return .object(kept)
    }

    @inline(__always)
    func append(_ value: EncodedContent) {
        guard case var .array(elements) = content else { return }
        content = .null
        elements.append(value)
        content = .array(elements)
    }

    /// The container written last under `key` when it is of the kind asked for, else a
    /// new one that replaces it: a nested container asked for again is the same one, as
    /// `JSONEncoder` merges them (and as a dotted key's siblings share their prefix).
    /// `pathKey` is the key in the coding path (the property's, before key rules).
    func containerMember(_ key: String, pathKey: any CodingKey, object: Bool) -> TreeEncoder {
        if case let .object(members) = content, let index = members.lastIndex(where: { $0.key == key }) {
            switch members[index].value {
            case let .node(child):
                switch child.content {
                case .object where object, .array where !object: return child
                default: break
                }
            case .object where object, .array where !object:
                // A value written under the key before (`encode(nested, forKey:)`): the new
                // container adds to it, as `JSONEncoder`'s does.
                return adoptContainer(at: index, key: pathKey)
            default: break
            }
        }
        let child = stored(pathKey, content: object ? .object([]) : .array([]))
        append(key, .node(child))
        return child
    }

    /// Makes the container at member or element `index` of this one a node that can
    /// still be written into (for a stream value moved to the tree); its encoder.
    func adoptContainer(at index: Int, key: any CodingKey) -> TreeEncoder {
        switch content {
        case var .object(members) where members.indices.contains(index):
            if case let .node(child) = members[index].value { return child }
            let child = stored(key, content: members[index].value)
            content = .null  // let the write below reuse the buffer
            members[index].value = .node(child)
            content = .object(members)
            return child
        case var .array(elements) where elements.indices.contains(index):
            if case let .node(child) = elements[index] { return child }
            let child = stored(key, content: elements[index])
            content = .null
            elements[index] = .node(child)
            content = .array(elements)
            return child
        default:
            return stored(key, content: .object([]))  // not reachable: what was opened was written
        }
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        TreeSingleValueContainer(encoder: self)
    }

    /// Adds what `other` wrote (into a container of this one's kind) to what this one
    /// holds: members after members; elements at `position` (else after the others); a
    /// single value replaces it. How many elements it inserted.
    func absorb(_ other: TreeEncoder, at position: Int?) -> Int {
        switch (content, other.content) {
        case let (.object, .object(members)):
            for member in members { append(member.key, member.value) }
        case let (.array(elements), .array(late)):
            guard let position, position <= elements.count else {
                for element in late { append(element) }
                return late.count
            }
            var all = elements
            all.insert(contentsOf: late, at: position)
            content = .array(all)
            return late.count
        case (_, .null) where !other.wroteValue:
            break
        default:
            content = other.content
            wroteValue = other.wroteValue
        }
        return 0
    }
}

extension TreeEncoder {
    /// The JSON content of `value`, written at `path`. `rule` is the property's own transformer;
    /// `transforms` is false for what a transformer wrote, which is not transformed again
    /// (a transformer whose JSON is its own type would otherwise never end).
    func encodeValue<T: Encodable>(_ value: T, at path: @autoclosure () -> [any CodingKey], key: PathComponent? = nil,
                                   rule: (any ValueTransformable)? = nil, transforms: Bool = true,
                                   topLevel: Bool = false) throws -> EncodedContent {
        let info: ModelInfo?, keepsKeys: Bool
        switch session.step(for: value, rule: rule, transforms: transforms) {
        case .transform: return try transformed(value, with: session.transformer(for: T.self, rule: rule), at: path())
        case let .string(string): return string.encoded(by: self, at: path())
        case let .int(int): return int.encoded(by: self, at: path())
        case let .bool(bool): return bool.encoded(by: self, at: path())
        case let .double(double): return try double.encoded(by: self, at: path())
        case let .kernel(kernel): return try kernel.encode(value, by: self, at: path())
        case let .nested(modelInfo, keeps): (info, keepsKeys) = (modelInfo, keeps)
        }
        let nested = key.map { TreeEncoder(session: session, parent: self, key: $0, info: info) }
            ?? TreeEncoder(session: session, codingPath: path(), info: info)
        nested.keepsKeys = keepsKeys
        if let info, let model = info.encodable {
            try session.runWillEncode(info) { try ValueView.with(value) { try model.willEncode($0, to: nested) } }
        }
        try value.encode(to: nested)
        try FieldLayout.writeFields(of: value, info: info, into: nested.writeFields)
        if topLevel, nested.wroteNothing { throw EncodeCall.encodedNothing(value) }
        return nested.finishedContent()
    }

    /// What `transformer` writes for `value`; for a collection of its type, what it
    /// writes for each element. A value the transformer declines (`transformToJSON` is nil:
    /// a decode-only transformer, say) is written by its own `Encodable`, as SmartCodable
    /// writes it; only a value that cannot be written at all is an error, never a silent `null`.
    func transformed(_ value: Any, with transformer: any ValueTransformable, at path: [any CodingKey]) throws -> EncodedContent {
        switch transformer.transformedJSON(value) {
        case let json??:
            return try encodeValue(json, at: path, transforms: false)
        case .some(nil):
            if let encodable = value as? any Encodable { return try encodeValue(encodable, at: path, transforms: false) }
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription:
                "\(typeName(type(of: transformer))) could not write \(value) as JSON, and it is not Encodable."))
        case nil:
            if let collection = value as? any TransformedCollection {
                return try collection.transformedElements(with: transformer, encoder: self, at: path)
            }
            throw EncodingError.invalidValue(value, .init(codingPath: path, debugDescription:
                "\(typeName(type(of: transformer))) cannot write a value of type \(typeName(type(of: value)))."))
        }
    }
}
