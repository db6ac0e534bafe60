import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// The smallest inputs on which strict mode once differed from `JSONDecoder` (issue 18's
/// table), each now decoded side by side: the same value, or the same error case and path.
@Suite struct StrictParityTests {
    struct Link: Codable, Equatable { var v: URL }
    struct Amount: Codable, Equatable { var v: Decimal }
    struct Integers: Codable, Equatable { var v: Int; var w: Int16?; var x: UInt64? }
    struct Single: Codable, Equatable { var v: Float }
    struct DoubleKeyed: Codable, Equatable { var v: [Double: Int] }
    typealias Shape = StrictDifferential.Shape  // the differential's sample types, shared
    typealias Own = StrictDifferential.Own
    typealias Sub = StrictDifferential.Sub
    struct Shaped: Codable, Equatable { var v: Shape }
    struct TwoBad: Codable, Equatable { var a: Data?; var b: Date? }

    @Test(arguments: [#"{"v": ""}"#, #"{"v": " http://a"}"#, #"{"v": "https://a.b"}"#])
    func urls(_ json: String) { DropInTests.agree(Link.self, json) }

    @Test(arguments: [#"{"v": 1e308}"#, #"{"v": 12.5}"#])
    func decimals(_ json: String) { DropInTests.agree(Amount.self, json) }

    @Test(arguments: [#"{"v": 1e-400}"#, #"{"v": 1, "w": 1e-400, "x": 1e-400}"#, #"{"v": -0.0}"#])
    func integerUnderflow(_ json: String) { DropInTests.agree(Integers.self, json) }

    /// Documented difference (`ModelDecoder`'s documentation): JSONDecoder rejects a number that
    /// underflows `Float` or `Double`; CodableKit reads the nearest value, zero.
    @Test func floatUnderflowIsZero() throws {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Single.self, from: Data(#"{"v": 1e-46}"#.utf8)) }
        let (value, report) = try ModelDecoder(options: .init(mode: .strict)).decodeWithReport(Single.self, from: Data(#"{"v": 1e-46}"#.utf8))
        #expect(value.v == 0 && report.isClean)
        DropInTests.agree(Single.self, #"{"v": 1e-30}"#)
    }

    @Test func doubleKeyedDictionaries() throws {
        DropInTests.agree(DoubleKeyed.self, #"{"v":[1.5,2,-3.0,32767]}"#)
        // The same documented underflow, in a key: JSONDecoder rejects -1e-400, CodableKit reads -0.0.
        let value = try ModelDecoder(options: .init(mode: .strict)).decode(DoubleKeyed.self, from: Data(#"{"v":[-1e-400,244]}"#.utf8))
        #expect(value.v == [0: 244])
    }

    @Test(arguments: [#"{"v":{"none":[]}}"#, #"{"v":{"none":null}}"#, #"{"v":{"none":{}}}"#, #"{"v":{"square":{"_0":2}}}"#])
    func enumsWithAssociatedValues(_ json: String) { DropInTests.agree(Shaped.self, json) }

    @Test func ownInitFromNamesTheKey() { DropInTests.agree(Own.self, #"{"a":2e0,"b":"AQI","c":-15}"#) }

    @Test func superDecoderOfAMissingKey() { DropInTests.agree(Sub.self, #"{"name":"1", "extra": 1}"#) }

    @Test func twoBadPropertiesReportTheFirstAsked() { DropInTests.agree(TwoBad.self, #"{"a":"AQI=","b":"a"}"#) }
}
