import CodableKit
import Foundation

/// Objects whose keys the input chooses: keys that collide in all 64 bits of the kernel's
/// fast hash (`CollidingKeys`), short keys from the input's bytes, and keys repeated, in
/// one object of up to a few thousand members. Decoded into `[String: Int]` and into a model
/// that looks its keys up in a table, and written back through a hand-written
/// `encode(to:)` that repeats keys: the values `JSONDecoder` and `JSONEncoder` give (the
/// first of a repeated key read, the last written), whatever the tables had to do.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let keys = chosenKeys(Array(UnsafeBufferPointer(start: bytes, count: count)))
    guard !keys.isEmpty else { return 0 }
    let json = "{" + keys.enumerated().map { "\(quoted($1)):\($0)" }.joined(separator: ",") + "}"
    let data = Data(json.utf8)
    let expected = try! JSONDecoder().decode([String: Int].self, from: data)
    let decoded = try! ModelDecoder().decode([String: Int].self, from: data)
    guard decoded == expected else { fatalError("[String: Int] of \(json)") }
    let model = try! ModelDecoder().decode(Picked.self, from: data)
    if let theirs = try? JSONDecoder().decode(Picked.self, from: data), model != theirs { fatalError("Picked of \(json)") }
    let written = Repeating(keys: keys)
    for format: JSONEncoder.OutputFormatting in [[], [.sortedKeys], [.prettyPrinted]] {
        let encoder = ModelEncoder()
        encoder.outputFormatting = format
        let foundation = JSONEncoder()
        foundation.outputFormatting = format
        let ours = try! JSONDecoder().decode([String: Int].self, from: try! encoder.encode(written))
        guard ours == (try! JSONDecoder().decode([String: Int].self, from: try! foundation.encode(written))) else {
            fatalError("encode(to:) of \(keys) as \(format)")
        }
    }
    return 0
}

/// Keys read from `bytes`, three bytes a key: the first picks the kind (a colliding key by
/// the next two, a key of two bytes of text, a repeat of an earlier key, or a key the
/// model reads), up to 4,096 keys with each member counted (a colliding key counts as 16 a
/// byte, so short inputs still reach tables of thousands).
private func chosenKeys(_ bytes: [UInt8]) -> [String] {
    var keys: [String] = []
    var index = 0
    while index + 2 < bytes.count, keys.count < 4096 {
        let (kind, a, b) = (bytes[index], Int(bytes[index + 1]), Int(bytes[index + 2]))
        index += 3
        switch kind % 4 {
        case 0:  // a run of colliding keys from a chosen place
            let start = (a << 8 | b) % (CollidingKeys.available - 64)
            keys += collidingKeys[start ..< start + Int(kind / 4) % 64 + 1]
        case 1:
            keys.append(String(decoding: [UInt8(0x21 + a % 90), UInt8(0x21 + b % 90)].filter { $0 != 0x22 && $0 != 0x5C }, as: UTF8.self))
        case 2 where !keys.isEmpty:
            keys.append(keys[(a << 8 | b) % keys.count])
        default:
            keys.append(["name", "age", "tags", "note"][a % 4])
        }
    }
    return keys
}

private let collidingKeys = CollidingKeys.make(CollidingKeys.available)

private func quoted(_ key: String) -> String {
    "\"" + key + "\""  // the keys hold no quote, backslash or control character
}

/// A model whose keys are looked up among the input's.
struct Picked: Codable, DecodableModel, Equatable {
    var name = 0
    var age = 0
    var note: Int? = nil
}

/// Writes every key with its index as the value, then every fourth key again with its
/// negative: a repeated key's last member is the one kept.
struct Repeating: Encodable {
    let keys: [String]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for (index, key) in keys.enumerated() { try container.encode(index, forKey: Key(stringValue: key)) }
        for (index, key) in keys.enumerated() where index % 4 == 0 { try container.encode(-index, forKey: Key(stringValue: key)) }
    }
}

struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue _: Int) { nil }
}
