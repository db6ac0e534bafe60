import CodableKit
import FuzzSupport

/// Tolerant decoding into models, arrays of models and any `Decodable`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = fuzzData(bytes, count)
    _ = FuzzAirport.deserialize(from: data)
    _ = [FuzzAirport].deserialize(from: data)
    _ = try? ModelDecoder().decode([String: [FuzzRunway?]].self, from: data)
    var airport = FuzzAirport()
    airport.update(from: data)
    return 0
}
