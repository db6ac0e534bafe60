import CodableKit
import Foundation
import Testing

/// `lines` and `elements` read the input `decode` reads whole: a UTF-8 byte order mark (as
/// a file saved on Windows starts) is skipped, UTF-16 and UTF-32 are transcoded as they
/// arrive, whatever the chunks' cuts (inside a code unit, between a surrogate pair's
/// halves), and `decodePartial` skips the mark too. Before, `elements` and `decodePartial`
/// failed on the mark with an error about a missing `,`, and UTF-16 lines split at any
/// `0A` byte.
@Suite struct StreamEncodingTests {
    struct Message: Codable, Equatable { var id = 0; var text = "" }

    /// Characters of every UTF-8 length, a pair of surrogates in UTF-16, and U+010A, whose
    /// UTF-16 holds a `0A` (`\n`) byte.
    static let messages = (0 ..< 40).map { Message(id: $0, text: ["a", "é", "Ċ", "€", "🌍 ok"][$0 % 5]) }

    enum Input: String, CaseIterable, Sendable {
        case utf8WithMark, utf16LittleWithMark, utf16BigWithMark, utf16Little, utf16Big, utf32Little, utf32Big

        func bytes(_ text: String) -> [UInt8] {
            switch self {
            case .utf8WithMark: [0xEF, 0xBB, 0xBF] + Array(text.utf8)
            case .utf16LittleWithMark: [0xFF, 0xFE] + Array(text.data(using: .utf16LittleEndian)!)
            case .utf16BigWithMark: [0xFE, 0xFF] + Array(text.data(using: .utf16BigEndian)!)
            case .utf16Little: Array(text.data(using: .utf16LittleEndian)!)
            case .utf16Big: Array(text.data(using: .utf16BigEndian)!)
            case .utf32Little: Array(text.data(using: .utf32LittleEndian)!)
            case .utf32Big: Array(text.data(using: .utf32BigEndian)!)
            }
        }
    }

    static func text(of messages: [Message], separator: String) -> String {
        messages.map { #"{"id": \#($0.id), "text": "\#($0.text)"}"# }.joined(separator: separator)
    }

    @Test(arguments: Input.allCases, [1, 2, 3, 5, 64, 100_000])
    func elementsReadWhatDecodeReads(_ input: Input, chunkSize: Int) async throws {
        let bytes = input.bytes("[" + Self.text(of: Self.messages, separator: ",\n") + "]")
        #expect(try ModelDecoder().decode([Message].self, from: bytes) == Self.messages)
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            let decoder = ModelDecoder(options: .init(mode: mode))
            let (values, _) = try await StreamIsolationTests.loop(
                decoder.elements(of: Message.self, from: StreamIsolationTests.chunks(bytes, size: chunkSize)), on: nil)
            #expect(values == Self.messages, "\(mode)")
        }
        let (values, _) = try await StreamIsolationTests.loop(ModelDecoder().elements(of: Message.self, from: StreamTests.single(bytes)), on: nil)
        #expect(values == Self.messages, "single bytes")
    }

    @Test(arguments: Input.allCases, [1, 2, 3, 5, 64, 100_000])
    func linesReadWhatDecodeReads(_ input: Input, chunkSize: Int) async throws {
        let bytes = input.bytes(Self.text(of: Self.messages, separator: "\r\n") + "\n")
        for mode in [DecodingOptions.Mode.tolerant, .strict] {
            let decoder = ModelDecoder(options: .init(mode: mode))
            let (values, _) = try await StreamIsolationTests.loop(
                decoder.lines(of: Message.self, from: StreamIsolationTests.chunks(bytes, size: chunkSize)), on: MainActor.shared)
            #expect(values == Self.messages, "\(mode)")
        }
    }

    /// An invalid code unit: the values before it first, then `decode`'s error, naming the
    /// same position (in the UTF-8 made of the input).
    @Test(arguments: [1, 7, 100_000])
    func invalidUTF16EndsTheStreamWithDecodesError(_ chunkSize: Int) async throws {
        let good = Array(Self.messages.prefix(3))
        let bytes = Input.utf16Little.bytes("[" + Self.text(of: good, separator: ",\n") + #", {"id": 3, "text": ""#)
            + [0x00, 0xD8] + Input.utf16Little.bytes(#""}]"#)  // a lone high surrogate
        var decodeError: (any Error)?
        do { _ = try ModelDecoder().decode([Message].self, from: bytes) } catch { decodeError = error }
        var values: [Message] = []
        var streamError: (any Error)?
        do {
            for try await message in ModelDecoder().elements(of: Message.self, from: StreamIsolationTests.chunks(bytes, size: chunkSize)) {
                values.append(message)
            }
        } catch {
            streamError = error
        }
        #expect(values == good)
        #expect(streamError != nil && "\(streamError!)" == "\(decodeError!)", "\(String(describing: streamError))")
    }

    /// A stream that ends inside a code unit: the odd byte is no text, as for `decode`.
    @Test func aTrailingOddByteIsIgnoredAsByDecode() async throws {
        let bytes = Input.utf16Big.bytes("[" + Self.text(of: Self.messages, separator: ",") + "]") + [0x00]
        #expect(try ModelDecoder().decode([Message].self, from: bytes) == Self.messages)
        let (values, _) = try await StreamIsolationTests.loop(
            ModelDecoder().elements(of: Message.self, from: StreamIsolationTests.chunks(bytes, size: 3)), on: nil)
        #expect(values == Self.messages)
    }

    /// `decodePartial` of every prefix after a UTF-8 byte order mark gives what it gives
    /// without the mark.
    @Test func decodePartialSkipsAByteOrderMark() throws {
        let text = Array(("[" + Self.text(of: Array(Self.messages.prefix(4)), separator: ", ") + "]").utf8)
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        for cut in 2 ... text.count {
            let without = try ModelDecoder().decodePartial([Message].self, from: Data(text[..<cut]))
            let with = try ModelDecoder().decodePartial([Message].self, from: Data(mark + text[..<cut]))
            #expect(with.value == without.value, "cut at \(cut)")
            #expect((with.report.endedEarly == nil) == (without.report.endedEarly == nil), "cut at \(cut)")
        }
    }
}
