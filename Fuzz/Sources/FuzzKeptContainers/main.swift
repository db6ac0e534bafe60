import CodableKit
import Foundation
import FuzzSupport

/// Containers kept past their decode, against `JSONDecoder`'s: a type keeps the keyed
/// container of every object it meets (as lazy and deferred-decoding wrappers do); after
/// the decode each kept container is read again — every key, as a JSON value, as a nested
/// kept type (which keeps containers of its own, after the decode), its coding path — and
/// must read what `JSONDecoder`'s kept container reads. CodableKit runs in strict mode,
/// where it gives `JSONDecoder`'s values and errors.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = fuzzData(bytes, count)
    let foundationKeeper = Keeper()
    let ourKeeper = Keeper()
    let foundation = JSONDecoder()
    foundation.userInfo[Keeper.key] = foundationKeeper
    let ours = ModelDecoder(options: DecodingOptions(mode: .strict))
    ours.userInfo[Keeper.key] = ourKeeper
    let theirs = Result { try foundation.decode(Lazy.self, from: data) }
    let mine = Result { try ours.decode(Lazy.self, from: data) }
    switch (theirs, mine) {
    case (.success, .success): break
    case (.failure, .failure): return 0
    case let (.success, .failure(error)):
        // Documented differences in what the reader accepts (see FuzzDifferential).
        if error is DecodingError, case .dataCorrupted = error as! DecodingError { return 0 }
        fatalError("JSONDecoder decodes, CodableKit throws \(error)")
    case (.failure, .success):
        return 0  // CodableKit's reader accepts a few inputs JSONDecoder rejects (FuzzDifferential)
    }
    let theirReads = foundationKeeper.readAll(rounds: 2)
    let ourReads = ourKeeper.readAll(rounds: 2)
    guard theirReads == ourReads else {
        fatalError("kept containers read differently:\nJSONDecoder \(theirReads)\nCodableKit  \(ourReads)")
    }
    return 0
}

/// Any string key.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue _: Int) { nil }
}

/// Keeps the keyed container of every object it is decoded from, and decodes its members
/// (objects and arrays of objects) as `Lazy` too, so nested containers are kept as well.
struct Lazy: Decodable {
    init(from decoder: any Decoder) throws {
        let keeper = decoder.userInfo[Keeper.key] as! Keeper
        if let container = try? decoder.container(keyedBy: AnyKey.self) {
            keeper.keep(container)
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                _ = try? container.decode(Lazy.self, forKey: key)
            }
        } else if var elements = try? decoder.unkeyedContainer() {
            while !elements.isAtEnd, (try? elements.decode(Lazy.self)) != nil {}
        }
    }
}

/// A value read as the ecosystem's `Any` wrappers read one: `null`, then `Bool`, `Int64`,
/// `Double`, `String`, else an object's keys or an array's count.
struct Probe: Decodable, CustomStringConvertible {
    var description: String

    init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer() {
            if single.decodeNil() { description = "null"; return }
            if let value = try? single.decode(Bool.self) { description = "bool \(value)"; return }
            if let value = try? single.decode(Int64.self) { description = "int \(value)"; return }
            if let value = try? single.decode(Double.self) { description = "double \(value.bitPattern)"; return }
            if let value = try? single.decode(String.self) { description = "string \(value.debugDescription)"; return }
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            description = "object \(object.allKeys.map(\.stringValue).sorted())"
        } else if let array = try? decoder.unkeyedContainer() {
            description = "array \(array.count ?? -1)"
        } else {
            description = "nothing"
        }
    }
}

/// The containers one decode kept, and what they read afterwards.
final class Keeper: @unchecked Sendable {  // used by one decode, then read on the same thread
    static let key = CodingUserInfoKey(rawValue: "keeper")!
    private var containers: [KeyedDecodingContainer<AnyKey>] = []

    func keep(_ container: KeyedDecodingContainer<AnyKey>) { containers.append(container) }

    /// Each container's path and sorted keys, each key's value, and for an object value the
    /// containers a nested decode keeps (read once more); `rounds` times, to read the same.
    func readAll(rounds: Int) -> [String] {
        var reads: [String] = []
        let kept = containers.prefix(64)
        for _ in 0 ..< rounds {
            for container in kept {
                reads.append("path " + container.codingPath.map(\.stringValue).joined(separator: "."))
                for key in container.allKeys.map(\.stringValue).sorted() {
                    let key = AnyKey(stringValue: key)
                    reads.append(key.stringValue + ": " + describe(Result { try container.decode(Probe.self, forKey: key) }))
                    let lazy = Result { try container.decode(Lazy.self, forKey: key) }  // keeps containers after the decode
                    reads.append("  as Lazy: \(describe(lazy.map { _ in "decoded" })), kept so far \(containers.count)")
                    reads.append("  nil? \(describe(Result { try container.decodeNil(forKey: key) }))")
                    if let object = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: key) {
                        reads.append("  nested path " + object.codingPath.map(\.stringValue).joined(separator: "."))
                    }
                }
                reads.append("missing: " + describe(Result { try container.decode(Int.self, forKey: AnyKey(stringValue: "\u{1}missing")) }))
            }
        }
        return reads
    }

    private func describe<T>(_ result: Result<T, any Error>) -> String {
        switch result {
        case let .success(value): return "\(value)"
        case let .failure(error as DecodingError):
            switch error {
            case let .keyNotFound(key, context): return "keyNotFound \(key.stringValue) at \(context.codingPath.map(\.stringValue))"
            case let .valueNotFound(_, context): return "valueNotFound at \(context.codingPath.map(\.stringValue))"
            case let .typeMismatch(_, context): return "typeMismatch at \(context.codingPath.map(\.stringValue))"
            case let .dataCorrupted(context): return "dataCorrupted at \(context.codingPath.map(\.stringValue))"
            @unknown default: return "\(error)"
            }
        case let .failure(error): return "not a DecodingError: \(type(of: error))"
        }
    }
}
