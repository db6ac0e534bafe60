import CodableKit
import Foundation
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
    samePlannedAndUnplanned(data)
    return 0
}

/// A custom key strategy that changes nothing: it turns field plans off.
private let unplanned: ModelDecoder = {
    var options = DecodingOptions()
    options.keyDecodingStrategy = .custom { $0.last! }
    return ModelDecoder(options: options)
}()

/// Points (a flat model: repaired in place, their issues filed under their place without
/// being put there) and runways decoded with a plan, once one is learned, and without: the
/// same values and the same report, issue for issue.
private func samePlannedAndUnplanned(_ data: Data) {
    same([FuzzPoint].self, data)
    same([FuzzRunway].self, data)
}

private func same<T: Decodable & Equatable>(_: T.Type, _ data: Data) {
    let planned = try? ModelDecoder().decodeWithReport(T.self, from: data)
    let expected = try? unplanned.decodeWithReport(T.self, from: data)
    guard planned?.value == expected?.value,
          planned?.report.issues.map(\.description) == expected?.report.issues.map(\.description) else {
        fatalError("planned \(String(describing: planned?.report.issues)) != unplanned \(String(describing: expected?.report.issues))")
    }
}
