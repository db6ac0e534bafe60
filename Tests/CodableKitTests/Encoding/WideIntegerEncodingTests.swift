import Foundation
import Testing
@testable import CodableKit

/// `Int128` and `UInt128` are written as `JSONEncoder` writes them, through every container
/// (the standard library's default for their `encode` throws, where the other integers'
/// defaults call the generic `encode`), and read back.
@Suite struct WideIntegerEncodingTests {
    static let signed: [Int128] = [0, -1, 1, 9_223_372_036_854_775_807, -9_223_372_036_854_775_808,
                                   18_446_744_073_709_551_616, .max, .min, .max - 1, .min + 1]
    static let unsigned: [UInt128] = [0, 1, 18_446_744_073_709_551_615, 18_446_744_073_709_551_616, .max, .max - 1]

    struct Wide: CodableModel, Equatable {
        var signed: Int128 = 0
        var unsigned: UInt128 = 0
        var optional: Int128?
        var list: [UInt128] = []
    }

    struct DeclaredWide: CodableModel, SynthesizedCodable, Equatable {
        var id = 0
        var signed: Int128 = 0
        var optional: UInt128?
    }

    /// Each container's concrete `encode(_: Int128)` called by hand, as a hand-written
    /// `encode(to:)` would.
    struct HandWritten: Encodable {
        var signed: Int128
        var unsigned: UInt128
        enum CodingKeys: String, CodingKey { case signed, unsigned, list }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(signed, forKey: .signed)
            try container.encodeIfPresent(Optional(unsigned), forKey: .unsigned)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(signed)
            try list.encode(unsigned)
        }
    }

    struct Single: Encodable {
        var value: UInt128
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    /// Sorted, byte for byte `JSONEncoder`'s; unsorted (its member order is its hash order),
    /// as many bytes, and `JSONDecoder` reads the same value back.
    private func agree<T: Codable & Equatable>(_ value: T) throws {
        try agreeSorted(value)
        let ours = try ModelEncoder().encode(value)
        #expect(ours.count == (try JSONEncoder().encode(value)).count)
        #expect(try JSONDecoder().decode(T.self, from: ours) == value)
    }

    private func agreeSorted<T: Encodable>(_ value: T) throws {
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        let ours = String(decoding: try ModelEncoder(options: .init(sortedKeys: true)).encode(value), as: UTF8.self)
        #expect(ours == String(decoding: try foundation.encode(value), as: UTF8.self))
    }

    @Test func everyContainerWritesThemAsJSONEncoderDoes() throws {
        for (index, signed) in Self.signed.enumerated() {
            let unsigned = Self.unsigned[index % Self.unsigned.count]
            try agree(Wide(signed: signed, unsigned: unsigned, optional: index.isMultiple(of: 2) ? nil : signed, list: Self.unsigned))
            try agree(DeclaredWide(id: index, signed: signed, optional: index.isMultiple(of: 2) ? unsigned : nil))
            try agree([signed])
            try agree(["k": unsigned])
            try agree(signed)
            // Hand-written code calling each container's own overload: the stream in order,
            // the tree (`.sortedKeys`) as JSONEncoder.
            let handWritten = HandWritten(signed: signed, unsigned: unsigned)
            try agreeSorted(handWritten)
            #expect(String(decoding: try ModelEncoder().encode(handWritten), as: UTF8.self)
                == #"{"signed":\#(signed),"unsigned":\#(unsigned),"list":[\#(signed),\#(unsigned)]}"#)
            try agreeSorted(Single(value: unsigned))
            #expect(String(decoding: try ModelEncoder().encode(Single(value: unsigned)), as: UTF8.self) == String(unsigned))
        }
    }

    @Test func theyReadBack() throws {
        let values = Self.signed.indices.map { Wide(signed: Self.signed[$0], unsigned: Self.unsigned[$0 % Self.unsigned.count],
                                                    optional: Self.signed.last, list: Self.unsigned) }
        #expect(try ModelDecoder().decode([Wide].self, from: ModelEncoder().encode(values)) == values)
        let declared = Self.signed.map { DeclaredWide(id: 1, signed: $0, optional: .max) }
        #expect(try ModelDecoder().decode([DeclaredWide].self, from: ModelEncoder().encode(declared)) == declared)
    }

    /// `nilAsNull` writes a nil wide integer as `null`, as it does every other optional.
    @Test func aNilOneIsNullUnderNilAsNull() throws {
        let text = String(decoding: try ModelEncoder(options: .init(nilAsNull: true)).encode(Wide()), as: UTF8.self)
        #expect(text == #"{"signed":0,"unsigned":0,"optional":null,"list":[]}"#)
        let declared = String(decoding: try ModelEncoder(options: .init(nilAsNull: true)).encode(DeclaredWide()), as: UTF8.self)
        #expect(declared == #"{"id":0,"signed":0,"optional":null}"#)
    }

    /// Initial values are found by coding key by running the model's `encode(to:)`
    /// (`KeyRecorder`): a wide integer before a renamed key stopped it there, and the key's
    /// initial value was lost (the empty value 0 used instead of 42).
    @Test func initialValuesAfterOneAreFoundByTheirKeys() throws {
        struct Renamed: CodableModel, Equatable {
            var big: Int128 = 7
            var huge: UInt128 = 8
            var count = 42
            enum CodingKeys: String, CodingKey { case big = "b", huge = "h", count = "n" }
        }
        let (value, report) = try ModelDecoder().decodeWithReport(Renamed.self, from: Data(#"{"b": 5}"#.utf8))
        #expect(value == Renamed(big: 5, huge: 8, count: 42))
        #expect(report.issues.map(\.path) == ["h", "n"])
    }

    /// The writer's integers past 64 bits, should a wide one reach it.
    @Test func theWriterWritesEveryDigit() {
        for value in Self.signed {
            var writer = JSONWriter(format: [])
            writer.writeInteger(value)
            #expect(String(decoding: writer.takeData(), as: UTF8.self) == String(value))
        }
        for value in Self.unsigned {
            var writer = JSONWriter(format: [])
            writer.writeInteger(value)
            #expect(String(decoding: writer.takeData(), as: UTF8.self) == String(value))
        }
    }
}
