import Testing
@testable import Examples

/// Every section of the tour runs and says what it should.
@Suite struct ExamplesTests {
    private func output(_ name: String) async throws -> String {
        let example = try #require(tour.first { $0.name == name }, "no section \(name)")
        var printer = ExamplePrinter()
        try await example.run(&printer)
        return printer.text
    }

    @Test func everySectionIsListedAndRuns() async throws {
        #expect(tour.map(\.name) == ["reader", "decoding", "report", "encoding", "plugin", "subclass", "observable", "streams"])
        for example in tour {
            #expect(try await !output(example.name).isEmpty, "\(example.name)")
        }
    }

    @Test func streams() async throws {
        let text = try await output("streams")
        #expect(text.contains("  info: started (count 1)") && text.contains("  error: disk full (count 3)"))
        #expect(!text.contains("not JSON (count"))
        #expect(text.contains("Array elements, in chunks of 64 KB: 50000 readings"))
        #expect(text.contains(#"20 bytes: title "Weather", summary "", points [] (ended at line 1, column 21)"#), "\(text)")
        #expect(text.contains(#"80 bytes: title "Weather", summary "Sunny, then rain", points ["umbrella"] (ended at line 1, column 81)"#), "\(text)")
        #expect(text.contains(#"title "Weather", summary "Sunny, then rain", points ["umbrella", "sunglasses"] (whole)"#))
    }

    @Test func reader() async throws {
        let text = try await output("reader")
        #expect(text.contains(#"users.1: id="2" (string), user_name="Grace Hopper" (string), age=null, vip="yes" (string)"#))
        #expect(text.contains(#"line 3, column 3 (byte 20): expected ',' or '}', found '"'"#))
    }

    @Test func decoding() async throws {
        let text = try await output("decoding")
        #expect(text.contains("User 1 Ada Lovelace, age 36, vip true"))
        #expect(text.contains("User 2 Grace Hopper, age 0, vip true"))
        #expect(text.contains("avatar https://example.com/g%20h.png, joined 2024-12-10T08:30:00Z"))
        #expect(text.contains("joined 2024-12-10T00:00:00Z"))  // the day/month/year form
        #expect(text.contains(#"tags ["navy", "cobol"]"#))  // JSON inside a string
        #expect(text.contains(#"media vimeo(id: "76979871", minutes: 12)"#))
        #expect(text.contains("price 4.99"))
    }

    @Test func report() async throws {
        let text = try await output("report")
        #expect(text.contains("DecodingReport: 15 repairs"))
        #expect(text.contains("users[1].age: value was null; kept the initial value"))
        #expect(text.contains("posts[2].media: the value matched no case"))
        #expect(text.contains(#"posts[3].id: expected Int, found a string "thirteen"; kept the initial value"#))
    }

    @Test func encoding() async throws {
        let text = try await output("encoding")
        #expect(text.contains(#""user_name" : "Ada Lovelace""#))  // the renamed field, written back
        #expect(text.contains(#""generated_at" : "2026-11-21T09:30:00Z""#))
        #expect(text.contains(#""price" : 4.99"#))
        #expect(text.contains(#""type" : "vimeo""#))
    }

    @Test func subclass() async throws {
        let text = try await output("subclass")
        #expect(text.contains("Decoded: Rex, a collie, good true, owner Ada, born 2023-11-14 22:13:20 +0000"))
        #expect(text.contains("good (Dog): converted string to Bool"))
        #expect(text.contains(#"Written back: {"born":1700000000,"breed":"collie","is_good":true,"name":"Rex","owner":{"name":"Ada"}}"#))
    }

    @Test func observable() async throws {
        let text = try await output("observable")
        #expect(text.contains("Decoded: Ada, 36"))
        #expect(text.contains("Observers fired: 1"))
        #expect(text.contains(#"Written back: {"age":37,"name":"Ada"}"#))
        #expect(text.contains(#"Member written back: {"age":30,"name":"Bo","plan":"pro"}"#))
    }

    @Test func plugin() async throws {
        let text = try await output("plugin")
        #expect(text.contains(#""4.99" → 4.99"#))
        #expect(text.contains(#""five" → nil (recorded as transformFailed)"#))
    }
}
