import Foundation
import Testing
import CodableKitTransformers

@Suite struct DateTransformerTests {
    let moment = Date(timeIntervalSince1970: 1_733_819_400)  // 2024-12-10T08:30:00Z

    @Test func numericStrategies() {
        let seconds = DateTransformer(.secondsSince1970)
        #expect(seconds.transformFromJSON(.int(1_733_819_400)) == moment)
        #expect(seconds.transformFromJSON(.double(1_733_819_400.5)) == moment.addingTimeInterval(0.5))
        #expect(seconds.transformFromJSON(.string("1733819400")) == moment)
        #expect(seconds.transformFromJSON(.string(" 1733819400.25 ")) == moment.addingTimeInterval(0.25))
        #expect(seconds.transformFromJSON(.string("soon")) == nil)
        #expect(seconds.transformFromJSON(.null) == nil)
        #expect(DateTransformer(.millisecondsSince1970).transformFromJSON(.int(1_733_819_400_000)) == moment)
        #expect(DateTransformer(.secondsSince2001).transformFromJSON(.double(moment.timeIntervalSinceReferenceDate)) == moment)
        #expect(seconds.transformToJSON(moment) == .int(1_733_819_400))
        #expect(seconds.transformToJSON(moment.addingTimeInterval(0.5)) == .double(1_733_819_400.5))
        #expect(DateTransformer(.millisecondsSince1970).transformToJSON(moment) == .int(1_733_819_400_000))
    }

    static let isoForms: [(String, Double)] = [
        ("2024-12-10T08:30:00Z", 1_733_819_400.0),
        ("2024-12-10T08:30:00.5Z", 1_733_819_400.5),
        ("2024-12-10T08:30:00.123456Z", 1_733_819_400.123456),
        ("2024-12-10T08:30:00+05:30", 1_733_819_400.0 - 19_800),
        ("2024-12-10T08:30:00-0800", 1_733_819_400.0 + 28_800),
        ("2024-12-10T08:30:00+05", 1_733_819_400.0 - 18_000),
        ("2024-12-10t08:30:00z", 1_733_819_400.0),
        ("2024-12-10 08:30:00", 1_733_819_400.0),
        ("2024-12-10T08:30Z", 1_733_819_400.0),
        ("2024-12-10", 1_733_788_800.0),
        ("1970-01-01T00:00:00Z", 0.0),
        ("1969-12-31T23:59:59Z", -1.0),
        ("2000-02-29T00:00:00Z", 951_782_400.0),
    ]

    @Test(arguments: isoForms)
    func iso8601Reads(_ text: String, _ seconds: Double) throws {
        let date = try #require(DateTransformer(.iso8601).transformFromJSON(.string(text)))
        #expect(abs(date.timeIntervalSince1970 - seconds) < 1e-6, "\(text)")
    }

    @Test(arguments: ["2024-13-01", "2024-02-30", "2023-02-29", "2024-12-10T24:00:00Z", "2024-12-10T08:60:00Z",
                      "2024-W50", "20241210", "2024-12-10T08:30:00Zjunk", "", "yesterday", "2024-12-10T08:30:00.Z"])
    func iso8601Rejects(_ text: String) {
        #expect(DateTransformer(.iso8601).transformFromJSON(.string(text)) == nil)
    }

    @Test func iso8601Writes() {
        let iso = DateTransformer(.iso8601)
        #expect(iso.transformToJSON(moment) == .string("2024-12-10T08:30:00Z"))
        #expect(iso.transformToJSON(moment.addingTimeInterval(0.25)) == .string("2024-12-10T08:30:00.250Z"))
        #expect(iso.transformToJSON(Date(timeIntervalSince1970: -1)) == .string("1969-12-31T23:59:59Z"))
    }

    @Test func formattedAndCustom() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "dd/MM/yyyy HH:mm"
        let formatted = DateTransformer(.formatted(formatter))
        #expect(formatted.transformFromJSON(.string("10/12/2024 08:30")) == moment)
        #expect(formatted.transformToJSON(moment) == .string("10/12/2024 08:30"))
        let custom = DateTransformer(.custom(from: { value in
            if case let .string(text) = value, let days = Double(text.dropLast()) { return Date(timeIntervalSince1970: days * 86_400) }
            return nil
        }, to: { .string("\(Int($0.timeIntervalSince1970 / 86_400))d") }))
        #expect(custom.transformFromJSON(.string("2d")) == Date(timeIntervalSince1970: 172_800))
        #expect(custom.transformToJSON(Date(timeIntervalSince1970: 172_800)) == .string("2d"))
    }

    /// transformToJSON → transformFromJSON is the identity, for every strategy.
    @Test func roundTrips() throws {
        let dates = [moment, moment.addingTimeInterval(0.125), Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -86_401.5)]
        for strategy: DateTransformer.Strategy in [.secondsSince1970, .millisecondsSince1970, .secondsSince2001, .iso8601] {
            let transformer = DateTransformer(strategy)
            for date in dates {
                let json = try #require(transformer.transformToJSON(date))
                let back = try #require(transformer.transformFromJSON(json))
                #expect(abs(back.timeIntervalSince1970 - date.timeIntervalSince1970) < 1e-6, "\(strategy) \(date)")
            }
        }
    }

    @Test func formatterIsSafeFromManyThreads() async {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        let transformer = DateTransformer(.formatted(formatter))
        await withTaskGroup(of: Bool.self) { group in
            for worker in 0 ..< 8 {
                group.addTask {
                    (0 ..< 500).allSatisfy { index in
                        let date = Date(timeIntervalSince1970: Double(worker * 1_000_000 + index * 61))
                        guard case let .string(text)? = transformer.transformToJSON(date) else { return false }
                        return transformer.transformFromJSON(.string(text)) == date
                    }
                }
            }
            for await ok in group { #expect(ok) }
        }
    }
}
