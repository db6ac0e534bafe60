import Foundation
import Testing
import CodableKitTransformers

@Suite struct FastTransformerTests {
    @Test func jsonSideIsCoercedFirst() {
        let bracket = FastTransformer<String, String>(fromJSON: { $0.map { "[\($0)]" } }, toJSON: { $0 })
        #expect(bracket.transformFromJSON(.string("news")) == "[news]")
        #expect(bracket.transformFromJSON(.int(5)) == "[5]")
        #expect(bracket.transformFromJSON(.null) == nil)
        #expect(bracket.transformFromJSON(.object([:])) == nil)
        #expect(bracket.transformToJSON("x") == "x")
        let cents = FastTransformer<Int, Double>(fromJSON: { $0.map { Int(($0 * 100).rounded()) } })
        #expect(cents.transformFromJSON(.string("4.25")) == 425)
        #expect(cents.transformFromJSON(.double(0.5)) == 50)
        #expect(cents.transformToJSON(5) == nil)
    }
}
