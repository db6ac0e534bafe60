#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if FullFoundation
import Foundation  // NSNumber, NSNull, CGFloat: what JSONSerialization gives
#endif

/// Converting values into a document: a `JSONValue` node for node, and — so that
/// `[String: Any]` from `JSONSerialization`, Alamofire or a property list decodes exactly
/// like bytes — Foundation objects.
///
/// Accepted: `NSNull` and `nil` optionals (null); `Bool` and boolean `NSNumber`s;
/// every integer type, `Double`, `Float`, `Decimal` and other `NSNumber`s; `String`,
/// `Substring`, `NSString`; (`NSNumber`, `NSNull`, `NSString` and `CGFloat` with the
/// `FullFoundation` trait only, as the APIs that take `Any` are); `[String: Any]`, `[AnyHashable: Any]` with string keys,
/// `[Any]`. Property-list values: `Date` becomes its seconds since 2001 (what
/// `Date`'s own `Decodable` reads), `Data` its base64 text. Also `URL` (its
/// absolute string) and `UUID` (its uuid string). Anything else, non-finite floats,
/// and nesting deeper than `maxDepth` are errors.
extension JSONDocument {
    /// - Throws: `DecodingError.dataCorrupted` with the coding path of the value that is not JSON.
    package convenience init(foundationObject root: Any, maxDepth: Int = JSONParser.defaultMaxDepth) throws {
        var builder = FoundationConverter(maxDepth: max(1, maxDepth))
        try builder.convert(root)
        self.init(nodes: builder.nodes, bytes: builder.bytes)
    }
}

private struct FoundationConverter {
    let maxDepth: Int
    var nodes: [JSONDocument.Node] = []
    var bytes: [UInt8] = []

    /// Work still to do, last first: a value to convert (with the path segment it
    /// sits under), or a container to close once its contents are written.
    private enum Work {
        case value(Any, depth: Int, path: Int)
        case key(String)
        case close(node: Int)
    }

    /// Path segments, each pointing at its parent, built for error messages only.
    private var segments: [(parent: Int, key: AnyCodingKey)] = []

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    mutating func convert(_ root: Any) throws {
        var work: [Work] = [.value(root, depth: 0, path: -1)]
        while let item = work.popLast() {
            switch item {
            case let .key(key):
                appendText(.string, key.utf8)
            case let .close(node):
                nodes[node].offsetOrEnd = UInt32(nodes.count)
            case let .value(value, depth, path):
                try convert(value, depth: depth, path: path, work: &work)
            }
        }
    }

    private mutating func convert(_ value: Any, depth: Int, path: Int, work: inout [Work]) throws {
        #if FullFoundation
        // NSNumber first, by its class: a Swift `Bool` or `Int` would also bridge to NSNumber.
        if type(of: value) is NSNumber.Type, let number = value as? NSNumber {
            return try appendNumber(number, path: path)
        }
        if value is NSNull { return append(.null) }
        #endif
        switch value {
        case let json as JSONValue:
            try convert(json, depth: depth, path: path, work: &work)
        case let bool as Bool:
            append(bool ? .true : .false)
        case let string as String:
            appendText(.string, string.utf8)
        case let string as Substring:
            appendText(.string, string.utf8)
        case let integer as any BinaryInteger:
            appendText(.number, String(describing: integer).utf8, integer: true)
        case let double as Double:
            try appendFloatingPoint(double, text: double.description, path: path)
        case let float as Float:
            try appendFloatingPoint(Double(float), text: float.description, path: path)
        #if FullFoundation
        case let float as CGFloat:
            try appendFloatingPoint(Double(float), text: Double(float).description, path: path)
        #endif
        case let decimal as Decimal:
            try appendDecimal(decimal, path: path)
        case let date as Date:
            try appendFloatingPoint(date.timeIntervalSinceReferenceDate,
                                    text: date.timeIntervalSinceReferenceDate.description, path: path)
        case let data as Data:
            appendText(.string, data.base64EncodedString().utf8)
        case let url as URL:
            appendText(.string, url.absoluteString.utf8)
        case let uuid as UUID:
            appendText(.string, uuid.uuidString.utf8)
        case let object as [String: Any]:
            try open(.object, count: object.count, depth: depth, path: path, work: &work)
            for (key, member) in object.reversed() {
                work.append(.value(member, depth: depth + 1, path: segment(path, AnyCodingKey(stringValue: key))))
                work.append(.key(key))
            }
        case let object as [AnyHashable: Any]:
            var members: [(String, Any)] = []
            for (key, member) in object {
                guard let key = key.base as? String else {
                    throw notJSON("a dictionary key of type \(type(of: key.base))", path: path)
                }
                members.append((key, member))
            }
            try convert(Dictionary(members, uniquingKeysWith: { _, last in last }), depth: depth, path: path, work: &work)
        case let array as [Any]:
            try open(.array, count: array.count, depth: depth, path: path, work: &work)
            for (position, element) in array.enumerated().reversed() {
                work.append(.value(element, depth: depth + 1, path: segment(path, AnyCodingKey(index: position))))
            }
        default:
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .optional else {
                throw notJSON("a value of type \(type(of: value))", path: path)
            }
            if let wrapped = mirror.children.first?.value {
                try convert(wrapped, depth: depth, path: path, work: &work)
            } else {
                append(.null)
            }
        }
    }

    /// A `JSONValue`, node for node: no Foundation objects in between.
    private mutating func convert(_ json: JSONValue, depth: Int, path: Int, work: inout [Work]) throws {
        switch json {
        case .null: append(.null)
        case let .bool(flag): append(flag ? .true : .false)
        case let .int(number): appendText(.number, String(number).utf8, integer: true)
        case let .double(number): try appendFloatingPoint(number, text: number.description, path: path)
        case let .string(text): appendText(.string, text.utf8)
        case let .array(values):
            try open(.array, count: values.count, depth: depth, path: path, work: &work)
            for (position, element) in values.enumerated().reversed() {
                work.append(.value(element, depth: depth + 1, path: segment(path, AnyCodingKey(index: position))))
            }
        case let .object(members):
            try open(.object, count: members.count, depth: depth, path: path, work: &work)
            for (key, member) in members {
                work.append(.value(member, depth: depth + 1, path: segment(path, AnyCodingKey(stringValue: key))))
                work.append(.key(key))
            }
        }
    }

    private mutating func open(_ kind: JSONDocument.Kind, count: Int, depth: Int, path: Int, work: inout [Work]) throws {
        guard depth < maxDepth else {
            throw notJSON("nesting deeper than the limit of \(maxDepth) arrays and objects", path: path)
        }
        work.append(.close(node: nodes.count))
        nodes.append(.init(kind: kind, flags: 0, offsetOrEnd: 0, lengthOrCount: UInt32(count)))
    }

    #if FullFoundation
    private mutating func appendNumber(_ number: NSNumber, path: Int) throws {
        if number === Self.trueNumber { return append(.true) }
        if number === Self.falseNumber { return append(.false) }
        if let decimal = number as? NSDecimalNumber {
            return try appendDecimal(decimal.decimalValue, path: path)
        }
        // Safety: `objCType` is a C string of at least one character, alive as long as `number`.
        switch UInt8(bitPattern: number.objCType.pointee) {
        case UInt8(ascii: "d"): try appendFloatingPoint(number.doubleValue, text: number.doubleValue.description, path: path)
        case UInt8(ascii: "f"): try appendFloatingPoint(number.doubleValue, text: number.floatValue.description, path: path)
        case UInt8(ascii: "Q"), UInt8(ascii: "L"), UInt8(ascii: "I"):
            appendText(.number, number.uint64Value.description.utf8, integer: true)
        default:
            appendText(.number, number.int64Value.description.utf8, integer: true)
        }
    }

    private static let trueNumber = NSNumber(value: true)
    private static let falseNumber = NSNumber(value: false)
    #endif

    private mutating func appendDecimal(_ decimal: Decimal, path: Int) throws {
        guard decimal.isFinite else { throw notJSON("a non-finite Decimal", path: path) }
        let text = decimal.description
        appendText(.number, text.utf8, integer: !text.contains("."))
    }

    private mutating func appendFloatingPoint(_ value: Double, text: String, path: Int) throws {
        guard value.isFinite else { throw notJSON("the non-finite number \(value)", path: path) }
        appendText(.number, text.utf8, integer: false)
    }

    private mutating func append(_ kind: JSONDocument.Kind) {
        nodes.append(.init(kind: kind, flags: 0, offsetOrEnd: 0, lengthOrCount: 0))
    }

    private mutating func appendText(_ kind: JSONDocument.Kind, _ text: some Collection<UInt8>, integer: Bool = false) {
        nodes.append(.init(kind: kind, flags: integer ? JSONDocument.Node.integerFlag : 0,
                           offsetOrEnd: UInt32(bytes.count), lengthOrCount: UInt32(text.count)))
        bytes.append(contentsOf: text)
    }

    private mutating func segment(_ parent: Int, _ key: AnyCodingKey) -> Int {
        segments.append((parent, key))
        return segments.count - 1
    }

    private func notJSON(_ what: String, path: Int) -> DecodingError {
        var codingPath: [any CodingKey] = []
        var index = path
        while index >= 0 {
            codingPath.append(segments[index].key)
            index = segments[index].parent
        }
        return DecodingError.dataCorrupted(.init(codingPath: codingPath.reversed(),
                                                 debugDescription: "\(what) cannot be represented in JSON"))
    }
}
