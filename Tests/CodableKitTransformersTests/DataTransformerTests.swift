import Foundation
import Testing
import CodableKitTransformers

@Suite struct DataTransformerTests {
    let hello = Data("hello?>".utf8)  // base64 "aGVsbG8/Pg==" uses '/' ; URL-safe "aGVsbG8_Pg"

    @Test func readsEveryAcceptedForm() {
        let transformer = DataTransformer()
        #expect(transformer.transformFromJSON(.string("aGVsbG8/Pg==")) == hello)
        #expect(transformer.transformFromJSON(.string("aGVsbG8/Pg")) == hello)
        #expect(transformer.transformFromJSON(.string("aGVsbG8_Pg==")) == hello)
        #expect(transformer.transformFromJSON(.string("aGVsbG8_Pg")) == hello)
        #expect(transformer.transformFromJSON(.string("")) == Data())
    }

    @Test func rejectsTheRest() {
        let transformer = DataTransformer()
        for text in ["aGVs bG8=", "aGVsbG8/Pg\n==", "aGVsbG8_Pg/", "a", "!!!!"] {
            #expect(transformer.transformFromJSON(.string(text)) == nil, "\(text)")
        }
        #expect(transformer.transformFromJSON(.int(5)) == nil)
    }

    @Test func roundTrips() {
        let transformer = DataTransformer()
        for data in [hello, Data(), Data([0, 255, 128, 1]), Data((0 ..< 255).map(UInt8.init))] {
            #expect(transformer.transformToJSON(data).flatMap { transformer.transformFromJSON(.string($0)) } == data)
        }
    }
}
