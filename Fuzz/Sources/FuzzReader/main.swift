import CodableKit
import FuzzSupport

/// The reader on arbitrary bytes: an error or a value, never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    _ = try? JSONValue(parsing: fuzzData(bytes, count))
    _ = try? JSONValue(parsing: fuzzData(bytes, count), maxDepth: 20)
    return 0
}
