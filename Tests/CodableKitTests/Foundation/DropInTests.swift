import CodableKitTestSupport
import Foundation
import Testing
@testable import CodableKit

/// `ModelDecoder`/`ModelEncoder` configured as `JSONDecoder`/`JSONEncoder` are, side by
/// side with them on the same input.
@Suite struct DropInTests {
    struct Blob: Codable, Equatable { var blob: Data; var when: Date; var ratio: Double }

    struct Config: @unchecked Sendable {  // DateFormatter is not Sendable; each case owns its own
        var name: String
        var decoder: (JSONDecoder, ModelDecoder) -> Void
    }

    /// Decodes with both, configured by `configure`; returns both results.
    static func both<T: Decodable & Equatable>(_: T.Type, _ json: String, strict: Bool = false,
                                               _ configure: (JSONDecoder, ModelDecoder) -> Void = { _, _ in })
        -> (foundation: Result<T, any Error>, ours: Result<(T, DecodingReport), any Error>) {
        let foundation = JSONDecoder()
        let ours = ModelDecoder(options: .init(mode: strict ? .strict : .tolerant))
        configure(foundation, ours)
        let data = Data(json.utf8)
        return (Result { try foundation.decode(T.self, from: data) }, Result { try ours.decodeWithReport(T.self, from: data) })
    }

    /// Where `JSONDecoder` succeeds, the same value with an empty report, in both modes;
    /// where it fails, strict mode throws the same case at the same path.
    static func agree<T: Decodable & Equatable>(_ type: T.Type, _ json: String,
                                                _ configure: (JSONDecoder, ModelDecoder) -> Void = { _, _ in },
                                                sourceLocation: SourceLocation = #_sourceLocation) {
        for strict in [false, true] {
            let (foundation, ours) = both(type, json, strict: strict, configure)
            switch (foundation, ours) {
            case let (.success(expected), .success((value, report))):
                #expect(value == expected, "\(json)", sourceLocation: sourceLocation)
                #expect(report.isClean, "\(json): \(report)", sourceLocation: sourceLocation)
            case let (.success(expected), .failure(error)):
                Issue.record("\(json): JSONDecoder read \(expected), CodableKit threw \(error)", sourceLocation: sourceLocation)
            case let (.failure(expected), .failure(error)) where strict:
                if isDocumentedNumberDifference(expected, error) { break }
                #expect(describe(expected) == describe(error), "\(json)", sourceLocation: sourceLocation)
            case let (.failure(expected), .success((value, _))) where strict:
                Issue.record("\(json): JSONDecoder threw \(describe(expected)), strict CodableKit read \(value)", sourceLocation: sourceLocation)
            case (.failure, _):
                break  // tolerant mode repairs what JSONDecoder rejects
            }
        }
    }

    /// The one documented difference (`ModelDecoder`'s documentation): a number that does not fit
    /// its type is `dataCorrupted` at the root for `JSONDecoder`, and at the number's own
    /// path for CodableKit.
    static func isDocumentedNumberDifference(_ foundation: any Error, _ ours: any Error) -> Bool {
        guard case let DecodingError.dataCorrupted(expected)? = foundation as? DecodingError,
              case let DecodingError.dataCorrupted(context)? = ours as? DecodingError else { return false }
        return expected.codingPath.isEmpty && !context.codingPath.isEmpty && context.debugDescription.hasSuffix("which does not fit.")
    }

    /// The error's case and coding path.
    static func describe(_ error: any Error) -> String {
        StrictDifferential.describe(error)
    }

    @Test func dataIsBase64ByDefaultBothWays() throws {
        struct File: Codable, Equatable { var blob: Data }
        Self.agree(File.self, #"{"blob": "aGVsbG8="}"#)
        Self.agree(File.self, #"{"blob": "not base64!"}"#)
        Self.agree(File.self, #"{"blob": [104, 105]}"#)
        Self.agree(File.self, #"{"blob": [104, 105]}"#) { $0.dataDecodingStrategy = .deferredToData; $1.dataDecodingStrategy = .deferredToData }
        let file = File(blob: Data("hi".utf8))
        #expect(try ModelEncoder().encode(file) == JSONEncoder().encode(file))
        let (foundation, ours) = (JSONEncoder(), ModelEncoder())
        foundation.dataEncodingStrategy = .deferredToData
        ours.dataEncodingStrategy = .deferredToData
        #expect(try ours.encode(file) == foundation.encode(file))
    }

    @Test func everyDateStrategy() throws {
        struct Event: Codable, Equatable { var at: Date }
        let cases: [(String, JSONDecoder.DateDecodingStrategy)] = [
            (#"{"at": 86400.5}"#, .deferredToDate), (#"{"at": 86400}"#, .secondsSince1970),
            (#"{"at": 86400500}"#, .millisecondsSince1970), (#"{"at": "1970-01-02T00:00:00Z"}"#, .iso8601),
            (#"{"at": "yesterday"}"#, .iso8601), (#"{"at": 12}"#, .iso8601),
            (#"{"at": "86400"}"#, .custom { Date(timeIntervalSince1970: Double(try $0.singleValueContainer().decode(String.self))!) }),
        ]
        for (json, strategy) in cases {
            Self.agree(Event.self, json) { $0.dateDecodingStrategy = strategy; $1.dateDecodingStrategy = strategy }
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        Self.agree(Event.self, #"{"at": "2024-12-10"}"#) { $0.dateDecodingStrategy = .formatted(formatter); $1.dateDecodingStrategy = .formatted(formatter) }

        let event = Event(at: Date(timeIntervalSince1970: 86400.5))
        let encodings: [JSONEncoder.DateEncodingStrategy] = [.deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601,
                                                               .formatted(formatter), .custom { try $0.timeIntervalSince1970.encode(to: $1) },
                                                               .custom { _, _ in }]
        for strategy in encodings {
            let (foundation, ours) = (JSONEncoder(), ModelEncoder())
            foundation.dateEncodingStrategy = strategy
            ours.dateEncodingStrategy = strategy
            #expect(try String(decoding: ours.encode(event), as: UTF8.self) == String(decoding: foundation.encode(event), as: UTF8.self))
        }
    }

    @Test func nonConformingFloats() throws {
        struct Reading: Codable, Equatable {
            var value: Double
            var small: Float
            static func == (lhs: Reading, rhs: Reading) -> Bool {
                lhs.value.bitPattern == rhs.value.bitPattern || (lhs.value.isNaN && rhs.value.isNaN)
            }
        }
        let strategy = JSONDecoder.NonConformingFloatDecodingStrategy.convertFromString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        for json in [#"{"value": "+inf", "small": "-inf"}"#, #"{"value": "nan", "small": 1}"#, #"{"value": "inf", "small": 1}"#] {
            Self.agree(Reading.self, json) { $0.nonConformingFloatDecodingStrategy = strategy; $1.nonConformingFloatDecodingStrategy = strategy }
            Self.agree(Reading.self, json)
        }
        let value = Reading(value: .infinity, small: -.infinity)
        #expect(throws: EncodingError.self) { try ModelEncoder().encode(value) }
        let (foundation, ours) = (JSONEncoder(), ModelEncoder())
        foundation.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        ours.nonConformingFloatEncodingStrategy = foundation.nonConformingFloatEncodingStrategy
        foundation.outputFormatting = .sortedKeys
        ours.outputFormatting = .sortedKeys
        #expect(try ours.encode(value) == foundation.encode(value))
    }

    static let keys = ["user_name", "userName", "user_id", "USER_ID", "_private", "trailing_", "__both__", "a_b_c", "a__b",
                       "url", "URL_value", "_", "", "ünï_cödé", "x_1_y", "already_camelCase", "a_B"]

    /// The keys a keyed container sees.
    struct SeenKeys: Decodable, Equatable {
        var keys: Set<String>
        init(from decoder: any Decoder) throws {
            keys = Set(try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue))
        }
    }

    @Test func convertFromSnakeCaseIsFoundations() throws {
        for key in Self.keys {
            let json = "{\(key.debugDescription): 1}"
            Self.agree(SeenKeys.self, json) { $0.keyDecodingStrategy = .convertFromSnakeCase; $1.keyDecodingStrategy = .convertFromSnakeCase }
            Self.agree([String: Int].self, json) { $0.keyDecodingStrategy = .convertFromSnakeCase; $1.keyDecodingStrategy = .convertFromSnakeCase }
        }
        struct User: Codable, Equatable { var userName = ""; var userId = 0; var userID = 0 }
        Self.agree(User.self, #"{"user_name": "a", "user_id": 1}"#) { $0.keyDecodingStrategy = .convertFromSnakeCase; $1.keyDecodingStrategy = .convertFromSnakeCase }
        let custom = JSONDecoder.KeyDecodingStrategy.custom { path in AnyCodingKey(stringValue: String(path.last!.stringValue.dropFirst(2))) }
        Self.agree(User.self, #"{"x_userName": "a", "x_userId": 1, "x_userID": 2}"#) { $0.keyDecodingStrategy = custom; $1.keyDecodingStrategy = custom }
    }

    @Test func convertToSnakeCaseIsFoundations() throws {
        let camel = ["userName", "userID", "myURLValue", "_private", "alreadyDone_x", "aB", "URL", "a", "ABCdef", "simple",
                     "ünïCödé", "x1Y", "HTTPServer2Go", "", "_", "a_B", "aBC", "abcDEF"]
        for key in camel {
            let value = AnyKeyed(members: [key: 1])
            let (foundation, ours) = (JSONEncoder(), ModelEncoder())
            foundation.keyEncodingStrategy = .convertToSnakeCase
            ours.keyEncodingStrategy = .convertToSnakeCase
            #expect(try String(decoding: ours.encode(value), as: UTF8.self) == String(decoding: foundation.encode(value), as: UTF8.self))
            // A `[String: Value]`'s keys are left as they are, as JSONEncoder leaves them.
            #expect(try ours.encode([key: 1]) == foundation.encode([key: 1]))
        }
    }

    /// Members written through a keyed container of its own (not a dictionary).
    struct AnyKeyed: Encodable {
        var members: [String: Int]
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (key, value) in members { try container.encode(value, forKey: AnyCodingKey(stringValue: key)) }
        }
    }

    struct Probe: Codable, Equatable {
        static let key = CodingUserInfoKey(rawValue: "probe")!
        var seen: String
        init(seen: String) { self.seen = seen }
        init(from decoder: any Decoder) throws { seen = decoder.userInfo[Self.key] as? String ?? "nothing" }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(encoder.userInfo[Self.key] as? String ?? "nothing")
        }
    }

    @Test func userInfoReachesEveryType() throws {
        struct Outer: Codable, Equatable { var inner: [Probe] }
        Self.agree(Outer.self, #"{"inner": [1, 2]}"#) { $0.userInfo[Probe.key] = "hello"; $1.userInfo[Probe.key] = "hello" }
        let ours = ModelEncoder()
        ours.userInfo[Probe.key] = "hi"
        #expect(try String(decoding: ours.encode(Outer(inner: [Probe(seen: "")])), as: UTF8.self) == #"{"inner":["hi"]}"#)
    }

    struct Mixed: Codable, Equatable {
        var text = "a/b \"q\" \\ \n\t\u{1}é😀\u{2028}"
        var numbers: [Double] = [86400, -0.0, 0.1, 1e-7, 1.5e300, 1e16, 1.2345678901234568e20, .leastNonzeroMagnitude, 100.5]
        var floats: [Float] = [1.1, 3.4e38, 16777216]
        var ints: [Int64] = [.min, .max, 0]
        var nested: [String: [Int]] = ["e": [], "f": [1, 2]]
        var empty: [String: Int] = [:]
        var flag = true
        var missing: Int? = nil
        var url = URL(string: "https://example.com/a?b=c")!
        var decimal = Decimal(string: "12.50")!
    }

    @Test func encoderWritesJSONEncodersBytes() throws {
        let formats: [JSONEncoder.OutputFormatting] = [[.sortedKeys], [.sortedKeys, .prettyPrinted],
                                                       [.sortedKeys, .withoutEscapingSlashes], [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]]
        for format in formats {
            let (foundation, ours) = (JSONEncoder(), ModelEncoder())
            foundation.outputFormatting = format
            ours.outputFormatting = format
            let expected = String(decoding: try foundation.encode(Mixed()), as: UTF8.self)
            #expect(String(decoding: try ours.encode(Mixed()), as: UTF8.self) == expected)
        }
        // Unsorted: the same JSON value.
        let unsorted = try JSONValue(parsing: ModelEncoder().encode(Mixed()))
        #expect(try unsorted == JSONValue(parsing: JSONEncoder().encode(Mixed())))
    }

    @Test func sendableLikeFoundations() async throws {
        let decoder = ModelDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let values = try await withThrowingTaskGroup(of: Date.self) { group in
            for second in 0 ..< 8 {
                group.addTask { try decoder.decode([Date].self, from: Data("[\(second)]".utf8))[0] }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Set(values) == Set((0 ..< 8).map { Date(timeIntervalSince1970: Double($0)) }))
    }
}

/// Alamofire's `DataDecoder`, as it declares it: `ModelDecoder` conforms as `JSONDecoder` does.
protocol DataDecoderLike: Sendable {
    func decode<D: Decodable>(_ type: D.Type, from data: Data) throws -> D
}
extension ModelDecoder: DataDecoderLike {}
extension JSONDecoder: DataDecoderLike {}

/// A `Sendable` API client holding its coders, as Swift 6 code holds Foundation's.
struct APIClient: Sendable {
    let decoder: any DataDecoderLike = ModelDecoder()
    let encoder = ModelEncoder()
}
