import CodableKit
import Foundation
import FuzzSupport

/// The JSON5 reader (`allowsJSON5`, with and without `assumesTopLevelDictionary`) on
/// arbitrary bytes: an error or a value, never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    let data = fuzzData(bytes, count)
    for assumesTopLevelDictionary in [false, true] {
        var options = DecodingOptions(maxDepth: 64)
        options.allowsJSON5 = true
        options.assumesTopLevelDictionary = assumesTopLevelDictionary
        _ = try? ModelDecoder(options: options).decode(JSONValue.self, from: data)
    }
    return 0
}
