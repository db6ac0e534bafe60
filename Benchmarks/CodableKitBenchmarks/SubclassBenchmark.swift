import CodableKit
import Foundation

/// A model class, and the same three extra properties two ways: as a subclass's
/// `@ModelField`s, and as plain properties of a class whose `Codable` is synthesized.
class PetBase: CodableModel {
    var name = ""
    var age = 0
    required init() {}
}

final class PetWithFields: PetBase {
    @ModelField var breed = ""
    @ModelField var weight = 0.0
    @ModelField var vaccinated = false
}

final class PetFlat: CodableModel {
    var name = ""
    var age = 0
    var breed = ""
    var weight = 0.0
    var vaccinated = false
    required init() {}
}

/// The cost of a subclass's fields: 10,000 objects of a subclass with three
/// `@ModelField`s against the same objects as one class with five synthesized
/// properties, decoded and encoded by CodableKit (the target: encoding within 3× of the
/// synthesized class).
func subclassBenchmark(_ harness: Harness) -> String {
    let count = 10_000
    let json = Data(("[" + (0 ..< count).map { index in
        #"{"name":"pet\#(index)","age":\#(index % 20),"breed":"collie","weight":\#(Double(index % 40) + 0.5),"vaccinated":true}"#
    }.joined(separator: ",") + "]").utf8)
    let withFields = [PetWithFields].deserialize(from: json)!
    let flat = [PetFlat].deserialize(from: json)!
    precondition(withFields.last?.weight == flat.last?.weight && withFields.last?.breed == "collie")
    let times = harness.secondsPerCall([
        { _ = [PetFlat].deserialize(from: json)! },
        { _ = [PetWithFields].deserialize(from: json)! },
        { _ = try! ModelEncoder().encode(flat) },
        { _ = try! ModelEncoder().encode(withFields) },
    ])
    func perObject(_ seconds: Double) -> String { String(format: "%.2f µs", seconds / Double(count) * 1e6) }
    var table = Table(header: ["10,000 pets", "five synthesized properties", "base + three @ModelFields", "extra per object",
                               "ratio", "target", ""])
    table.rows.append(["decode", perObject(times[0]), perObject(times[1]), perObject(times[1] - times[0]),
                       formatRatio(times.ratio(1, to: 0)), "", ""])
    // Encoding a subclass's fields: within 3× of the same properties synthesized.
    table.rows.append(["encode", perObject(times[2]), perObject(times[3]), perObject(times[3] - times[2]),
                       formatRatio(times.ratio(3, to: 2))] + verdict(times.ratio(3, to: 2), 3))
    return table.render()
}
