import CodableKit
import Foundation
import FuzzSupport

/// decode → encode → decode gives the same model, and every output is valid JSON.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard let first = FuzzAirport.deserialize(from: fuzzData(bytes, count)) else { return 0 }
    guard let encoded = first.toData() else { return 0 }  // a non-finite number cannot be written: an error, fine
    guard (try? JSONValue(parsing: encoded)) != nil else { fatalError("the encoder wrote invalid JSON") }
    guard let second = FuzzAirport.deserialize(from: encoded) else { fatalError("re-reading the encoder's output failed") }
    guard bitwiseEqual(first, second) else { fatalError("round trip changed the model:\n\(first)\n\(second)") }
    return 0
}

/// Equality that treats NaN-free doubles bit by bit (so that -0.0 and 0.0 differ).
func bitwiseEqual(_ lhs: FuzzAirport, _ rhs: FuzzAirport) -> Bool {
    lhs == rhs && lhs.score.bitPattern == rhs.score.bitPattern
}
