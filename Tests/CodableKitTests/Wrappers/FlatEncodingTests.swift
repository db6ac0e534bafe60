import Foundation
import Testing
@testable import CodableKit

/// `@Flat` next to the model's own properties: each key once, the model's own property wins.
@Suite struct FlatEncodingTests {
    struct FlatModel: CodableModel { var name = ""; var age = 0 }
    struct Model: CodableModel {
        var name = ""
        var age = 0
        @Flat var model: FlatModel? = nil
    }

    @Test func smartCodablesExampleWritesEachKeyOnce() throws {
        let json = #"{"name": "Mccc", "age": 18}"#
        let model = try Model.decode(from: json)
        #expect(model.model?.name == "Mccc")
        #expect(model.toJSONString(options: .init(sortedKeys: true)) == #"{"age":18,"name":"Mccc"}"#)
    }

    @Test func theModelsOwnPropertyWinsInEitherOrder() throws {
        struct FlatFirst: CodableModel {
            @Flat var inner = FlatModel(name: "inner", age: 1)
            var name = "outer"
        }
        var model = Model(name: "outer", age: 2)
        model.model = FlatModel(name: "inner", age: 1)
        #expect(model.toJSONString() == #"{"name":"outer","age":2}"#)
        #expect(FlatFirst().toJSONString(options: .init(sortedKeys: true)) == #"{"age":1,"name":"outer"}"#)
        #expect(try FlatFirst.decode(from: FlatFirst().toJSONString()!).name == "outer")
    }
}
