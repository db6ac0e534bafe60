import CodableKit
import Foundation
import FuzzSupport

/// decode → encode → decode gives the same model, and every output is valid JSON; the
/// encoder's two ways of writing (straight to bytes, and through a tree when keys are
/// sorted) write the same JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard let first = FuzzAirport.deserialize(from: fuzzData(bytes, count)) else { return 0 }
    guard let encoded = first.toData() else { return 0 }  // a non-finite number cannot be written: an error, fine
    guard let streamed = try? JSONValue(parsing: encoded) else { fatalError("the encoder wrote invalid JSON") }
    guard let sorted = try? ModelEncoder(options: .init(sortedKeys: true)).encode(first),
          let tree = try? JSONValue(parsing: sorted), sameJSON(streamed, tree) else {
        fatalError("streamed and sorted output differ:\n\(String(decoding: encoded, as: UTF8.self))")
    }
    guard let second = FuzzAirport.deserialize(from: encoded) else { fatalError("re-reading the encoder's output failed") }
    guard bitwiseEqual(first, second) else { fatalError("round trip changed the model:\n\(first)\n\(second)") }
    return 0
}

/// Equality that treats NaN-free doubles bit by bit (so that -0.0 and 0.0 differ).
func bitwiseEqual(_ lhs: FuzzAirport, _ rhs: FuzzAirport) -> Bool {
    lhs == rhs && lhs.score.bitPattern == rhs.score.bitPattern
}

/// The same JSON, numbers compared by value (`1` and `1.0` read as different cases).
func sameJSON(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case let (.int(left), .int(right)): return left == right
    case let (.int(left), .double(right)), let (.double(right), .int(left)): return Double(left) == right
    case let (.double(left), .double(right)): return left == right
    case let (.array(left), .array(right)):
        return left.count == right.count && zip(left, right).allSatisfy { sameJSON($0, $1) }
    case let (.object(left), .object(right)):
        return left.count == right.count && left.allSatisfy { key, value in right[key].map { sameJSON(value, $0) } ?? false }
    default: return lhs == rhs
    }
}
