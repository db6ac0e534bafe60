import CodableKitTransformers
import Foundation

/// A class hierarchy as SmartCodable's `@SmartSubclass` and ReerCodable's
/// `@InheritedCodable` users write it: the base class is a model, and the
/// properties a subclass adds are `@ModelField`s.
class Animal: CodableModel {
    var name = ""
    required init() {}
}

final class Dog: Animal {
    @ModelField var breed = "mixed"
    @ModelField("is_good", "good") var good = true
    @ModelField("owner.name") var ownerName = ""
    @ModelField(transformer: DateTransformer(.secondsSince1970)) var born: Date? = nil
}

func subclassSection(_ out: inout ExamplePrinter) throws {
    let json = #"{"name": "Rex", "breed": "collie", "is_good": "yes", "owner": {"name": "Ada"}, "born": 1700000000}"#
    let (dog, report) = try Dog.decodeWithReport(from: json)
    out.line("final class Dog: Animal { @ModelField var breed; @ModelField(\"is_good\", \"good\") var good; … }")
    out.line("Decoded: \(dog.name), a \(dog.breed), good \(dog.good), owner \(dog.ownerName), born \(dog.born.map { "\($0)" } ?? "?")")
    out.line("Repairs: \(report.issues.map(\.description).joined(separator: "; "))")
    out.line("Written back: \(dog.toJSONString(options: .init(sortedKeys: true)) ?? "(encoding failed)")")
}
