import Foundation
import Testing
@testable import CodableKit

/// The ceiling of the field-plan design (Benchmarks/README.md, "Typed decode against
/// serde_json"): citm_catalog.json decoded by a walk over the tape written by hand for its
/// models — each key matched by its bytes, each value stored straight into its field, no
/// container and no `init(from:)` — which is what a learned plan would do at best. The test
/// checks the walk gives `ModelDecoder`'s value; with `CODABLEKIT_CEILING=1` in a release
/// build it also times both:
///   CODABLEKIT_CEILING=1 swift test -c release -Xswiftc -enable-testing --filter TapeWalkCeiling
@Suite struct TapeWalkCeilingTests {
    struct Catalog: CodableModel, Equatable {
        var areaNames: [String: String] = [:], audienceSubCategoryNames: [String: String] = [:], blockNames: [String: String] = [:]
        var events: [String: Event] = [:]
        var performances: [Performance] = []
        var seatCategoryNames: [String: String] = [:], subTopicNames: [String: String] = [:], subjectNames: [String: String] = [:]
        var topicNames: [String: String] = [:], topicSubTopics: [String: [Int]] = [:], venueNames: [String: String] = [:]
    }
    struct Event: CodableModel, Equatable {
        var description: String?, id = 0, logo: String?, name = "", subTopicIds: [Int] = [], subjectCode: String?, subtitle: String?, topicIds: [Int] = []
    }
    struct Performance: CodableModel, Equatable {
        var eventId = 0, id = 0, logo: String?, name: String?, prices: [Price] = [], seatCategories: [SeatCategory] = []
        var seatMapImage: String?, start = 0, venueCode = ""
    }
    struct Price: CodableModel, Equatable { var amount = 0, audienceSubCategoryId = 0, seatCategoryId = 0 }
    struct SeatCategory: CodableModel, Equatable { var areas: [Area] = [], seatCategoryId = 0 }
    struct Area: CodableModel, Equatable { var areaId = 0, blockIds: [Int] = [] }

    /// The hand-written plan: what a learned one would run.
    struct Walk {
        let document: JSONDocument

        func int(_ node: Int) -> Int {
            if case let .exact(negative, magnitude) = document.integer(node) { return negative ? -Int(magnitude) : Int(magnitude) }
            return 0
        }
        func string(_ node: Int) -> String { document.string(node) }
        func optionalString(_ node: Int) -> String? { document.nodes[node].kind == .null ? nil : document.string(node) }
        func ints(_ node: Int) -> [Int] { elements(node, int) }
        func elements<T>(_ node: Int, _ make: (Int) -> T) -> [T] {
            var result: [T] = []
            result.reserveCapacity(document.nodes[node].count)
            var element = node + 1
            for _ in 0 ..< document.nodes[node].count {
                result.append(make(element))
                element = document.next(after: element)
            }
            return result
        }
        /// Each member: its key's bytes and its value node.
        func members(_ node: Int, _ body: (UnsafeBufferPointer<UInt8>, Int) -> Void) {
            var member = node + 1
            let end = document.nodes[node].end
            while member < end {
                document.withText(member) { body($0, member + 1) }
                member = document.next(after: member + 1)
            }
        }
        func dictionary<T>(_ node: Int, _ make: (Int) -> T) -> [String: T] {
            var result: [String: T] = [:]
            result.reserveCapacity(document.nodes[node].count)
            members(node) { key, value in result[String(decoding: key, as: UTF8.self)] = make(value) }
            return result
        }
        static func `is`(_ key: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
            key.count == name.utf8CodeUnitCount && memcmp(key.baseAddress!, name.utf8Start, key.count) == 0
        }

        func catalog(_ node: Int) -> Catalog {
            var value = Catalog()
            members(node) { key, v in
                if Self.is(key, "areaNames") { value.areaNames = dictionary(v, string) }
                else if Self.is(key, "audienceSubCategoryNames") { value.audienceSubCategoryNames = dictionary(v, string) }
                else if Self.is(key, "blockNames") { value.blockNames = dictionary(v, string) }
                else if Self.is(key, "events") { value.events = dictionary(v, event) }
                else if Self.is(key, "performances") { value.performances = elements(v, performance) }
                else if Self.is(key, "seatCategoryNames") { value.seatCategoryNames = dictionary(v, string) }
                else if Self.is(key, "subTopicNames") { value.subTopicNames = dictionary(v, string) }
                else if Self.is(key, "subjectNames") { value.subjectNames = dictionary(v, string) }
                else if Self.is(key, "topicNames") { value.topicNames = dictionary(v, string) }
                else if Self.is(key, "topicSubTopics") { value.topicSubTopics = dictionary(v, ints) }
                else if Self.is(key, "venueNames") { value.venueNames = dictionary(v, string) }
            }
            return value
        }
        func event(_ node: Int) -> Event {
            var value = Event()
            members(node) { key, v in
                if Self.is(key, "description") { value.description = optionalString(v) }
                else if Self.is(key, "id") { value.id = int(v) }
                else if Self.is(key, "logo") { value.logo = optionalString(v) }
                else if Self.is(key, "name") { value.name = string(v) }
                else if Self.is(key, "subTopicIds") { value.subTopicIds = ints(v) }
                else if Self.is(key, "subjectCode") { value.subjectCode = optionalString(v) }
                else if Self.is(key, "subtitle") { value.subtitle = optionalString(v) }
                else if Self.is(key, "topicIds") { value.topicIds = ints(v) }
            }
            return value
        }
        func performance(_ node: Int) -> Performance {
            var value = Performance()
            members(node) { key, v in
                if Self.is(key, "eventId") { value.eventId = int(v) }
                else if Self.is(key, "id") { value.id = int(v) }
                else if Self.is(key, "logo") { value.logo = optionalString(v) }
                else if Self.is(key, "name") { value.name = optionalString(v) }
                else if Self.is(key, "prices") { value.prices = elements(v, price) }
                else if Self.is(key, "seatCategories") { value.seatCategories = elements(v, seatCategory) }
                else if Self.is(key, "seatMapImage") { value.seatMapImage = optionalString(v) }
                else if Self.is(key, "start") { value.start = int(v) }
                else if Self.is(key, "venueCode") { value.venueCode = string(v) }
            }
            return value
        }
        func price(_ node: Int) -> Price {
            var value = Price()
            members(node) { key, v in
                if Self.is(key, "amount") { value.amount = int(v) }
                else if Self.is(key, "audienceSubCategoryId") { value.audienceSubCategoryId = int(v) }
                else if Self.is(key, "seatCategoryId") { value.seatCategoryId = int(v) }
            }
            return value
        }
        func seatCategory(_ node: Int) -> SeatCategory {
            var value = SeatCategory()
            members(node) { key, v in
                if Self.is(key, "areas") { value.areas = elements(v, area) }
                else if Self.is(key, "seatCategoryId") { value.seatCategoryId = int(v) }
            }
            return value
        }
        func area(_ node: Int) -> Area {
            var value = Area()
            members(node) { key, v in
                if Self.is(key, "areaId") { value.areaId = int(v) }
                else if Self.is(key, "blockIds") { value.blockIds = ints(v) }
            }
            return value
        }
    }

    static let citm = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../shared/data/nativejson/citm_catalog.json").standardized

    @Test(.enabled(if: FileManager.default.fileExists(atPath: citm.path))) func theWalkGivesTheDecodersValue() throws {
        let data = try Data(contentsOf: Self.citm)
        let bytes = [UInt8](data)
        let walked = try bytes.withUnsafeBufferPointer { buffer in
            Walk(document: try JSONParser.parse(borrowing: buffer)).catalog(0)
        }
        #expect(walked == (try ModelDecoder().decode(Catalog.self, from: data)))
        guard ProcessInfo.processInfo.environment["CODABLEKIT_CEILING"] != nil else { return }
        func seconds(_ body: () throws -> Void) rethrows -> Double {
            var best = Double.infinity
            for _ in 0 ..< 30 {
                let start = DispatchTime.now().uptimeNanoseconds
                try body()
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            return best
        }
        let decoder = ModelDecoder()
        let whole = try seconds { _ = try decoder.decode(Catalog.self, from: data) }
        let tape = try seconds { _ = try bytes.withUnsafeBufferPointer { try JSONParser.parse(borrowing: $0) } }
        let walk = try seconds { _ = try bytes.withUnsafeBufferPointer { Walk(document: try JSONParser.parse(borrowing: $0)).catalog(0) } }
        let megabytes = Double(data.count) / 1e6
        print(String(format: "citm_catalog: ModelDecoder %.0f MB/s; the tape alone %.0f MB/s; tape + hand-written walk %.0f MB/s",
                     megabytes / whole, megabytes / tape, megabytes / walk))
    }
}
