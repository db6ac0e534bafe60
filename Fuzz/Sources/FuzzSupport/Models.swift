import CodableKitEnumCoding
import CodableKitTransformers
import Foundation

/// Model types the fuzz targets decode into: nested models, collections, optionals,
/// every scalar family, transformers and enums.
public struct FuzzAirport: CodableModel, SynthesizedCodable, Equatable {
    public var name = ""
    public var code: Int = 0
    public var small: UInt8 = 0
    public var ratio: Float = 0
    public var score = 0.0
    public var open = false
    public var note: String?
    public var coordinates: [Double] = []
    public var runways: [FuzzRunway] = []
    public var byName: [String: Int] = [:]
    public var raw: JSONValue = .null
    public var opened: Date?
    public var tint: HexColor?
    public var kind: FuzzKind?
    public init() {}
    public static func mappingForValue() -> [ValueMapping]? {
        [CodingKeys.opened <--- DateTransformer(.iso8601), CodingKeys.tint <--- HexColorTransformer()]
    }
}

public struct FuzzRunway: CodableModel, SynthesizedCodable, Equatable {
    public var direction = ""
    public var distance: Int64 = 0
    public var lights: [Bool?] = []
    public init() {}
}

/// A flat model (scalars and an array of scalars): with a plan, its elements are read in
/// place, and their repairs filed without putting them on the path.
public struct FuzzPoint: CodableModel, SynthesizedCodable, Equatable {
    public var x = 0
    public var y = 0.0
    public var label = ""
    public var tags: [Int] = []
    public init() {}
}

public enum FuzzKind: CaseMatchable, Equatable {
    case small, large, sized(Int)
    public static var codingCases: [CodingCase<FuzzKind>] {
        [CodingCase(.small, match: .string("small"), .intRange(0 ... 9)),
         CodingCase(.large, match: .string("large"), .doubleRange(10 ... 1e6)),
         CodingCase(match: .pathValue("kind.sized"), values: [.label("size")], make: { .sized(try $0.value("size")) },
                    extract: { if case let .sized(size) = $0 { return ["size": size] }; return nil })]
    }
}

/// The fuzzer's input as `Data`.
public func fuzzData(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Data {
    Data(bytes: bytes, count: count)
}
