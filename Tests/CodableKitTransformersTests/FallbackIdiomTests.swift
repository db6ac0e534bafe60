import Foundation
import Testing
import CodableKitTransformers

/// The fallback idiom of the README's migration notes: the kernel's rules first, then the app's own.
@Suite struct FallbackIdiomTests {
    struct LenientBool: ValueTransformable {
        func transformFromJSON(_ value: JSONValue) -> Bool? {
            value.converted(to: Bool.self) ?? ["Y": true, "N": false][value.converted(to: String.self) ?? ""]
        }
        func transformToJSON(_ value: Bool) -> Bool? { value }
    }

    struct Flags: DecodableModel { var a = false; var b = true; var c = false; var d = true }

    @Test func builtInRulesThenTheFallback() throws {
        let flags = try Flags.decode(from: #"{"a": "Y", "b": "N", "c": 1, "d": "no"}"#, options: .init(transformers: [LenientBool()]))
        #expect(flags.a && !flags.b && flags.c && !flags.d)
    }
}
