import Foundation
import Testing
import CodableKitEnumCoding

enum Video: CaseMatchable, Equatable {
    case youTube
    case vimeo(id: String, duration: Double)
    case upload(String, minutes: Int)
    static var codingCases: [CodingCase<Video>] {
        [
            CodingCase(.youTube, match: .pathValue("type.youtube")),
            CodingCase(match: .pathValue("type.vimeo"),
                       values: [.label("id", keys: "ID", "Id"), .label("duration", keys: "minutes", "meta.length")],
                       make: { .vimeo(id: try $0.value("id"), duration: (try? $0.value("duration")) ?? 33) },
                       extract: { if case let .vimeo(id, duration) = $0 { return ["id": id, "duration": duration] }; return nil }),
            CodingCase(match: .string("upload"),
                       values: [.index(0, keys: "file"), .index(1, keys: "minutes")],
                       make: { .upload(try $0.value(at: 0), minutes: try $0.value(at: 1)) },
                       extract: { if case let .upload(file, minutes) = $0 { return ["0": file, "1": minutes] }; return nil }),
        ]
    }
}

@Suite struct AssociatedValueTests {
    struct Feed: CodableModel { var videos: [Video] = [] }

    @Test func bothLayoutsAndDefaults() throws {
        let json = #"""
        {"videos": [{"type": "youtube"}, {"type": "vimeo", "Id": "234961067", "minutes": "12"},
                    {"type": "vimeo", "ID": 9}, {"type": "vimeo", "ID": "7", "meta": {"length": 4.5}},
                    {"upload": {"file": "a.mp4", "minutes": 3}}, {"type": "vimeo"}, {"type": "dailymotion"}]}
        """#
        let (feed, report) = try Feed.decodeWithReport(from: json)
        #expect(feed.videos == [.youTube, .vimeo(id: "234961067", duration: 12), .vimeo(id: "9", duration: 33),
                                .vimeo(id: "7", duration: 4.5), .upload("a.mp4", minutes: 3)])
        #expect(report.issues.filter { $0.kind == .elementDropped }.map(\.path) == ["videos[5]", "videos[6]"])
    }

    @Test func encodingWritesBothLayoutsAndRoundTrips() throws {
        let feed = Feed(videos: [.youTube, .vimeo(id: "1", duration: 2.5), .upload("b.mp4", minutes: 7)])
        let dictionary = try #require(feed.toDictionary())
        let videos = try #require(dictionary["videos"] as? [[String: Any]])
        #expect(videos[0]["type"] as? String == "youtube")
        #expect(videos[1]["type"] as? String == "vimeo")
        #expect(videos[1]["ID"] as? String == "1")
        #expect(videos[1]["minutes"] as? Double == 2.5)
        #expect((videos[2]["upload"] as? [String: Any])?["file"] as? String == "b.mp4")
        #expect(try Feed.decode(from: #require(feed.toJSONString())).videos == feed.videos)
    }
}
