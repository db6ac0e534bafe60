import CodableKit
import FuzzSupport

/// Strict decoding: a value or a `DecodingError`, never anything else.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = fuzzData(bytes, count)
    do {
        _ = try FuzzAirport.decode(from: data, options: .init(mode: .strict))
        _ = try ModelDecoder(options: .init(mode: .strict)).decode([FuzzRunway].self, from: data)
    } catch is DecodingError {
    } catch {
        fatalError("strict decoding threw something other than DecodingError: \(error)")
    }
    return 0
}
