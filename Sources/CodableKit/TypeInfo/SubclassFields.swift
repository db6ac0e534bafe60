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
    /// The observed properties an `@Observable` subclass adds (see `ObservedField`).
    let observed: [ObservedField]
    /// How many fields an instance's initialization makes.
    let madeCount: Int
    /// Where each field's wrapper is stored in an instance, in the order of `fields`: the
    /// runtime's field offsets for the type, checked against the sample instance's mirror.
    /// Nil where the runtime does not give them or they do not check out; the mirror is read then.
    let storageOffsets: [Int]?

    /// The layout of the type of `instance`, made while `made` were collected; nil when it
    /// has no fields and no observed properties that its inherited `Codable` leaves out.
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
        let observed = ObservedField.uncoded(in: type(of: instance))
        if fields.isEmpty, observed.isEmpty { return nil }
        self.fields = fields
        self.observed = observed
        madeCount = made.count
        storageOffsets = fields.isEmpty ? [] : Self.storageOffsets(of: fields, in: instance)
    }

    /// The layout of a class that has no `init()` to learn fields from: its observed
    /// properties that its inherited `Codable` leaves out; nil when it has none.
    init?(observedIn type: AnyClass) {
        let observed = ObservedField.uncoded(in: type)
        if observed.isEmpty { return nil }
        fields = []
        self.observed = observed
        madeCount = 0
        storageOffsets = []
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
        // Safety: `instance` is held by the caller for this call; only offsets the runtime's field records give are read.
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
        // Safety: `storageOffsets` were checked against this type's mirror to hold its wrappers (initialised references).
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
        // Safety: only a class has a `FieldLayout`, so `M` is a class type: one reference.
        try fillFields(of: unsafeBitCast(value, to: AnyObject.self), made: made, layout: layout, object: node)
        return value
    }

    /// A class with no `init()` (not a model) and observed properties its inherited
    /// `init(from:)` leaves out: its own `init(from:)`, then those properties.
    @inline(never)
    func decodeWithObserved<T: Decodable>(_: T.Type, at node: Int, layout: FieldLayout) throws -> T {
        let value = try decodeNested(T.self, at: node)
        // Safety: only a class has a `FieldLayout`, so `T` is a class type: one reference.
        try fillFields(of: unsafeBitCast(value, to: AnyObject.self), made: [], layout: layout, object: node)
        return value
    }

    private func fillFields(of instance: AnyObject, made: [any AnyModelField], layout: FieldLayout, object: Int) throws {
        // Safety: `poolList` holds every pool until the session ends.
        let container = session.containerPool(for: AnyCodingKey.self)._withUnsafeGuaranteedRef { $0.make(decoder: self, object: object, keyedBy: AnyCodingKey.self) }
        if !layout.fields.isEmpty {
            for (field, box) in layout.boxes(in: instance, made: made) where !box.isDecodedByContainer {
                try box.fill(from: container, key: AnyCodingKey(stringValue: field.name), isOptional: field.isOptional)
            }
        }
        for field in layout.observed {
            try field.property.fill(instance, at: field.offset, from: container, key: AnyCodingKey(stringValue: field.storageName),
                                    isOptional: field.isOptional)
        }
    }
}

extension FieldLayout {
    /// Writes the fields of `instance` (of this layout's class) into `container` after the
    /// type's own `encode(to:)`, by their declared names, each unless `skips` says the writer
    /// has it already or will write it another way. Both encoders write fields through this.
    func write(_ instance: AnyObject, into container: inout KeyedEncodingContainer<AnyCodingKey>,
               skipping skips: (String) -> Bool) throws {
        try forEachField(of: instance) { field, box in
            if skips(field.name) { return }
            try box.write(into: &container, key: AnyCodingKey(stringValue: field.name))
        }
        for field in observed where !skips(field.storageName) {
            try field.property.write(instance, at: field.offset, into: &container, key: AnyCodingKey(stringValue: field.storageName))
        }
    }
}

extension TreeEncoder {
    /// Writes the fields of a model class instance into this encoder's object, each
    /// unless the object has its key already (a base class's property wins).
    func writeFields(of instance: AnyObject, layout: FieldLayout) throws {
        var container = self.container(keyedBy: AnyCodingKey.self)
        try layout.write(instance, into: &container) { hasMember(forProperty: $0) }
    }

    /// Whether the object has the member `property` is written under already (a dotted key
    /// is not looked for: it goes to a nested object).
    private func hasMember(forProperty property: String) -> Bool {
        let key = session.jsonKey(for: property, info: info, keepsKeys: keepsKeys, path: codingPath) ?? property
        guard !DottedPath.isNested(key), case let .object(members) = content else { return false }
        return members.contains { $0.key == key }
    }
}

/// A property that an `@Observable` subclass of a `Codable` class adds. Swift
/// synthesizes no `Codable` for a subclass, so the inherited `init(from:)` and
/// `encode(to:)` leave it out; the macro stores it as `_name`, which is an ordinary
/// stored property. The kernel reads it after the inherited `init(from:)`, from the same
/// object and with every rule a property gets, and writes it after `encode(to:)`,
/// through the storage (where the runtime's field records put it), as `@ModelField`s are.
/// Observers are not told of a value written there: a new instance has none yet.
struct ObservedField: @unchecked Sendable {  // `property` is a metatype: immutable
    /// The storage's name, `_name`: read and written as `name` (`ModelInfo.declaredName`).
    let storageName: String
    /// Where the storage is in an instance.
    let offset: Int
    /// Its type, to read and write it.
    let property: any StoredProperty.Type
    /// `property.isOptional`, asked once per type rather than per object.
    let isOptional: Bool

    /// The observed properties of `type` that no `Codable` conformance covers: those of
    /// the classes below the first one that is `Decodable`. Only classes the `@Observable`
    /// macro expanded (they store a `_$observationRegistrar`), and only storage whose type
    /// is `Codable`. Each class's own stored properties are the runtime's field records
    /// for it after its superclass's; where they do not line up, none is taken.
    static func uncoded(in type: AnyClass) -> [ObservedField] {
        guard #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) else { return [] }
        var classes: [AnyClass] = []
        var current: AnyClass? = type
        while let type = current {
            classes.append(type)
            current = _getSuperclass(type)
        }
        // A class without a superclass has nothing below its own `Codable` (and a
        // conformance check, a scan of every record, is not paid for it).
        guard classes.count > 1, let coded = classes.lastIndex(where: { $0 is any Decodable.Type }), coded > 0 else { return [] }
        guard var inherited = storedProperties(of: classes[coded]) else { return [] }
        var result: [ObservedField] = []
        for level in (0 ..< coded).reversed() {
            guard let all = storedProperties(of: classes[level]), all.count >= inherited.count,
                  zip(all, inherited).allSatisfy({ $0.name == $1.name && $0.offset == $1.offset }) else { return [] }
            let own = all[inherited.count...]
            inherited = all
            guard own.contains(where: { $0.name == "_$observationRegistrar" }) else { continue }
            for property in own where property.name.hasPrefix("_") && !property.name.hasPrefix("_$") {
                guard property.offset >= MemoryLayout<Int>.size * 2, let codable = property.type as? any Codable.Type,
                      !isWrapper(codable) else { continue }
                let stored = storedProperty(codable)
                result.append(ObservedField(storageName: property.name, offset: property.offset, property: stored,
                                            isOptional: stored.isOptional))
            }
        }
        return result
    }

    /// The stored properties of `type`, its superclasses' first, from the runtime's field records.
    @available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *)
    private static func storedProperties(of type: AnyClass) -> [(name: String, offset: Int, type: Any.Type)]? {
        var properties: [(name: String, offset: Int, type: Any.Type)] = []
        let classType = _EachFieldOptions(rawValue: 1 << 0)  // `.classType`, a `static var` Swift 6 cannot read
        let complete = _forEachField(of: type, options: classType) { name, offset, type, _ in
            properties.append((String(cString: name), offset, type))
            return true
        }
        return complete ? properties : nil
    }

    /// Property wrappers decide for themselves (as `@ModelField`s, `@IgnoredKey`…), an
    /// observable class's own are `@ObservationIgnored`, not observed storage.
    private static func isWrapper(_ type: Any.Type) -> Bool {
        type is any AnyModelField.Type || type is any SlotDecodable.Type || type is any EncodingWrapper.Type
            || type is any FlatWrapper.Type
    }
}

/// Reads and writes a stored property of type `Self` at an offset in an instance.
protocol StoredProperty {
    /// Whether `Self` is an `Optional` (read and written as `decodeIfPresent`/`encodeIfPresent`).
    static var isOptional: Bool { get }
    /// Reads the value for `key` from `container` (with the pipeline's rules) into the storage.
    static func fill(_ instance: AnyObject, at offset: Int, from container: KeyedDecodingContainer<AnyCodingKey>,
                     key: AnyCodingKey, isOptional: Bool) throws
    /// Writes the storage's value under `key`.
    static func write(_ instance: AnyObject, at offset: Int, into container: inout KeyedEncodingContainer<AnyCodingKey>,
                      key: AnyCodingKey) throws
}

private enum Stored<Value: Codable>: StoredProperty {
    static func place(_ instance: AnyObject, _ offset: Int) -> UnsafeMutablePointer<Value> {
        // Safety: `offset` is the runtime's for a stored `Value` of this class, initialised once `init` returned.
        (UnsafeMutableRawPointer(Unmanaged.passUnretained(instance).toOpaque()) + offset).assumingMemoryBound(to: Value.self)
    }

    static var isOptional: Bool { Value.self is any OptionalField.Type }

    static func fill(_ instance: AnyObject, at offset: Int, from container: KeyedDecodingContainer<AnyCodingKey>,
                     key: AnyCodingKey, isOptional: Bool) throws {
        // Safety: `place` is the stored `Value` (see there); assigning releases the old value.
        place(instance, offset).pointee = try container.decodeProperty(Value.self, forKey: key, isOptional: isOptional)
    }

    static func write(_ instance: AnyObject, at offset: Int, into container: inout KeyedEncodingContainer<AnyCodingKey>,
                      key: AnyCodingKey) throws {
        // Safety: `place` is the stored `Value` (see there), read while `instance` is alive.
        try container.encodeProperty(place(instance, offset).pointee, forKey: key)
    }
}

/// How a stored property of type `Value` is read and written.
private func storedProperty<Value: Codable>(_: Value.Type) -> any StoredProperty.Type { Stored<Value>.self }

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
