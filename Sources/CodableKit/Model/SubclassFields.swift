@_spi(Reflection) import Swift

/// The `@ModelField`s of a model class: where each sits in an instance's mirror
/// (superclasses included), under which name, with which keys and transformer.
/// Learned once per type from one instance (`ModelInfo`); types without fields have
/// none, and pay nothing more than the check that there is no layout.
///
/// After the inherited `init(from:)` returns, the decoder fills each field from the
/// same JSON object through a keyed container, so a field gets the pipeline's every
/// rule; after the inherited `encode(to:)`, the encoder writes each field whose key
/// the object does not have yet.
struct FieldLayout: Sendable {
    struct Field: @unchecked Sendable {  // `boxType` is a metatype: immutable
        /// The property's name (the wrapper's storage `_name` without the underscore).
        let name: String
        /// How many superclass mirrors up, and the child's offset there.
        let level: Int
        let offset: Int
        let keys: [String]
        let transformer: (any ValueTransformable)?
        /// Where the field is among the fields made while an instance is initialized.
        let position: Int?
        let isOptional: Bool
        /// The wrapper's own type, to hand a stored reference back as a field.
        let boxType: any AnyModelField.Type
    }

    let fields: [Field]
    /// How many fields an instance's initialization makes.
    let madeCount: Int
    /// Where each field's wrapper is stored in an instance, in the order of `fields`: the
    /// runtime's field offsets for the type, checked against the sample instance's mirror.
    /// Nil where the runtime does not give them or they do not check out; the mirror is read then.
    let storageOffsets: [Int]?

    /// The layout of the type of `instance`, made while `made` were collected; nil when it has no fields.
    init?(of instance: AnyObject, made: [any AnyModelField]) {
        var fields: [Field] = []
        var mirror: Mirror? = Mirror(reflecting: instance)
        var level = 0
        while let current = mirror {
            for (offset, child) in current.children.enumerated() {
                guard let box = child.value as? any AnyModelField, !box.isDecodedByContainer,
                      let label = child.label, label.hasPrefix("_") else { continue }
                fields.append(Field(name: String(label.dropFirst()), level: level, offset: offset,
                                    keys: box.keys, transformer: box.transformer,
                                    position: made.firstIndex { $0 === box }, isOptional: box.isOptional,
                                    boxType: type(of: box)))
            }
            mirror = current.superclassMirror
            level += 1
        }
        if fields.isEmpty { return nil }
        self.fields = fields
        madeCount = made.count
        storageOffsets = Self.storageOffsets(of: fields, in: instance)
    }

    /// Each field's offset in an instance of `instance`'s class, from the runtime's field
    /// records (superclasses' fields included), if every one holds exactly the wrapper the
    /// mirror found there: reading a reference at an offset is then reading the property.
    private static func storageOffsets(of fields: [Field], in instance: AnyObject) -> [Int]? {
        guard #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) else { return nil }
        var offsets: [String: Int] = [:]
        let classType = _EachFieldOptions(rawValue: 1 << 0)  // `.classType`, a `static var` Swift 6 cannot read
        let complete = _forEachField(of: type(of: instance), options: classType) { name, offset, _, kind in
            if kind == .class { offsets[String(cString: name)] = offset }
            return true
        }
        guard complete else { return nil }
        let boxes = FieldLayout.mirroredBoxes(of: fields, in: instance)
        guard boxes.count == fields.count else { return nil }
        var result: [Int] = []
        let base = UnsafeRawPointer(Unmanaged.passUnretained(instance).toOpaque())
        for (field, box) in boxes {
            guard let offset = offsets["_" + field.name], offset >= MemoryLayout<Int>.size * 2,
                  offset % MemoryLayout<Int>.alignment == 0,
                  base.load(fromByteOffset: offset, as: AnyObject.self) === box else { return nil }
            result.append(offset)
        }
        return result
    }

    /// Calls `body` with each field of `instance` (of the type this layout was made
    /// for) and its wrapper, read where the wrapper is stored, or from the mirror.
    @inline(__always)
    func forEachField(of instance: AnyObject, _ body: (Field, any AnyModelField) throws -> Void) rethrows {
        guard let storageOffsets else {
            for (field, box) in Self.mirroredBoxes(of: fields, in: instance) { try body(field, box) }
            return
        }
        let base = UnsafeRawPointer(Unmanaged.passUnretained(instance).toOpaque())
        for index in fields.indices {
            let box = base.load(fromByteOffset: storageOffsets[index], as: AnyObject.self)
            try body(fields[index], fields[index].boxType.field(box))
        }
    }

    /// Each field of an instance with its box: by position among the fields its
    /// initialization `made`, when those line up with the layout; else from its mirror.
    func boxes(in instance: AnyObject, made: [any AnyModelField]?) -> [(field: Field, box: any AnyModelField)] {
        if let made, made.count == madeCount {
            var result: [(field: Field, box: any AnyModelField)] = []
            result.reserveCapacity(fields.count)
            for field in fields {
                guard let position = field.position else { return boxes(in: instance, made: nil) }
                result.append((field, made[position]))
            }
            return result
        }
        var result: [(field: Field, box: any AnyModelField)] = []
        result.reserveCapacity(fields.count)
        forEachField(of: instance) { result.append(($0, $1)) }
        return result
    }

    /// `fields` with their wrappers in `instance`, read from its mirror (a field it does not find is left out).
    private static func mirroredBoxes(of fields: [Field], in instance: AnyObject) -> [(field: Field, box: any AnyModelField)] {
        var result: [(field: Field, box: any AnyModelField)] = []
        result.reserveCapacity(fields.count)
        var mirror = Mirror(reflecting: instance)
        var level = 0
        var children = Array(mirror.children)
        for field in fields {
            while level < field.level, let superclass = mirror.superclassMirror {
                mirror = superclass
                level += 1
                children = Array(mirror.children)
            }
            guard level == field.level, field.offset < children.count,
                  let box = children[field.offset].value as? any AnyModelField else { continue }
            result.append((field, box))
        }
        return result
    }

    /// Key rules for the fields that name their keys, by property name.
    var keyRules: [String: any KeyStrategy] {
        var rules: [String: any KeyStrategy] = [:]
        for field in fields where !field.keys.isEmpty { rules[field.name] = FieldKeys(keys: field.keys) }
        return rules
    }

    /// The fields' own transformers, by property name.
    var valueRules: [String: any ValueTransformable] {
        var rules: [String: any ValueTransformable] = [:]
        for field in fields { if let transformer = field.transformer { rules[field.name] = transformer } }
        return rules
    }
}

/// A field's own keys: read from each in turn, written under the first.
private struct FieldKeys: KeyStrategy {
    let keys: [String]
    func decodingKeys(for _: String) -> [String] { keys }
    func encodingKey(for propertyName: String) -> String { keys.first ?? propertyName }
}

extension DocumentDecoder {
    /// A model class with fields: its own `init(from:)`, collecting the fields it makes,
    /// then each field filled from the same object. The model's frame is still pushed,
    /// so repairs belong to it.
    @inline(never)  // off the path of every other model
    func decodeWithFields<M: Decodable>(_: M.Type, at node: Int, layout: FieldLayout) throws -> M {
        let (value, made) = try FieldCollector.collecting { try decodeNested(M.self, at: node) }
        // `M` is a model class (only classes have a layout): one reference, no bridging.
        try fillFields(of: unsafeBitCast(value, to: AnyObject.self), made: made, layout: layout, object: node)
        return value
    }

    private func fillFields(of instance: AnyObject, made: [any AnyModelField], layout: FieldLayout, object: Int) throws {
        let container = session.containerPool(for: AnyCodingKey.self)._withUnsafeGuaranteedRef { $0.make(decoder: self, object: object, keyedBy: AnyCodingKey.self) }
        for (field, box) in layout.boxes(in: instance, made: made) where !box.isDecodedByContainer {
            try box.fill(from: container, key: AnyCodingKey(stringValue: field.name), isOptional: field.isOptional)
        }
    }
}

extension TreeEncoder {
    /// Writes the fields of a model class instance into this encoder's object, each
    /// unless the object has its key already (a base class's property wins).
    func writeFields(of instance: AnyObject, layout: FieldLayout) throws {
        var container = self.container(keyedBy: AnyCodingKey.self)
        try layout.forEachField(of: instance) { field, box in
            let key = session.jsonKey(for: field.name, info: info, keepsKeys: keepsKeys, path: codingPath) ?? field.name
            if !DottedPath.isNested(key), case let .object(members) = content, members.contains(where: { $0.key == key }) { return }
            try box.write(into: &container, key: AnyCodingKey(stringValue: field.name))
        }
    }
}

/// The fields made while a model class is being decoded, in the order its property
/// initializers run — the same order for every instance of a type — so that the
/// decoder finds an instance's fields by position instead of reading its mirror
/// (which costs a type lookup per child). Each decode of such a class collects its
/// own; nested decodes collect theirs.
final class FieldCollector: Sendable {
    /// Behind a lock: a property initializer could start a task that inherits the collector.
    private let made = Locked([any AnyModelField]())

    @TaskLocal static var current: FieldCollector?

    func add(_ field: any AnyModelField) {
        made.withLock { $0.append(field) }
    }

    /// `body`'s result with the fields made while it ran.
    static func collecting<R>(_ body: () throws -> R) rethrows -> (R, [any AnyModelField]) {
        let collector = FieldCollector()
        let result = try $current.withValue(collector) { try body() }
        return (result, collector.made.withLock { $0 })
    }
}
