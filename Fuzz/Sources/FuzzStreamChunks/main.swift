import CodableKit
import Foundation
import FuzzSupport

/// The stream decoders on arbitrary bytes cut into arbitrary chunks (the first byte seeds
/// the cuts): where decoding the whole input at once succeeds, the stream gives the same
/// values, and the same outcome as in one chunk; anything else is an error, never a crash
/// or a hang. `decodePartial` on every cut prefix never crashes, and on the whole input
/// gives the whole decode's value.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
    guard count > 1 else { return 0 }
    let seed = Int(bytes[0])
    let document = [UInt8](UnsafeBufferPointer(start: bytes + 1, count: count - 1))
    let cuts = stride(from: 1 + seed % 7, to: document.count, by: 1 + seed % 13).map { $0 }
    let chunks = cuts.indices.map { index in Array(document[(index == 0 ? 0 : cuts[index - 1]) ..< cuts[index]]) }
        + [Array(document[(cuts.last ?? 0)...])]

    // Strict mode on both sides: tolerant mode reads a top-level value that is no array as an
    // empty array in memory, where `elements` has no array to stream (an error, documented).
    let strict = ModelDecoder(options: .init(mode: .strict))
    let whole = try? strict.decode([JSONValue].self, from: document)
    let streamed = run { try await collect(strict.elements(of: JSONValue.self, from: stream(chunks))) }
    if let whole, let streamed, whole != streamed { fatalError("elements differ: \(whole) / \(streamed)") }
    if whole != nil, streamed == nil { fatalError("elements threw where the whole array decodes") }
    // Where the chunks are cut changes nothing: the same values, or an error either way (an
    // element handed out at a chunk's end still needs the separator after it).
    let inOneChunk = run { try await collect(strict.elements(of: JSONValue.self, from: stream([document]))) }
    if inOneChunk != streamed { fatalError("elements differ by chunks: \(String(describing: inOneChunk)) / \(String(describing: streamed))") }
    // Nor does a source of single bytes, handed on at each element's end (up to the fuzzer's
    // own lengths: a seed of 250 KB a byte at a time takes seconds under AddressSanitizer).
    if document.count <= 4096 {
        let fromBytes = run { try await collect(strict.elements(of: JSONValue.self, from: byteStream(document))) }
        if fromBytes != streamed { fatalError("elements differ from single bytes: \(String(describing: fromBytes)) / \(String(describing: streamed))") }
    }

    // Input read as UTF-16 or UTF-32 (a zero among the first four bytes, or a byte order
    // mark): its lines are not the bytes between `0A` bytes.
    let transcoded = document.prefix(4).contains(0) || (document.first ?? 0) >= 0xFE
    let lines = document.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    let perLine = transcoded ? nil : try? lines.filter { $0.contains { ![0x20, 0x09, 0x0D].contains($0) } }
        .map { try ModelDecoder(options: .init(mode: .strict)).decode(JSONValue.self, from: Array($0)) }
    let streamedLines = run { try await collect(ModelDecoder(options: .init(mode: .strict)).lines(of: JSONValue.self, from: stream(chunks))) }
    if let perLine, perLine != streamedLines { fatalError("lines differ: \(perLine) / \(String(describing: streamedLines))") }

    for cut in cuts.suffix(64) + [document.count] {  // the last cuts: every prefix would make a run quadratic
        let partial = try? ModelDecoder().decodePartial(JSONValue.self, from: Data(document[..<cut]))
        // A top-level number with nothing after it may yet go on: decodePartial leaves it out.
        // So may one that ends in NUL bytes: the reader skips a NUL inside a number, as
        // JSONDecoder does ("2\03" is 23), so "2\0" may yet become 23.
        let endsInNumber = document.last(where: { $0 != 0 }).map { (UInt8(ascii: "0") ... UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".") } ?? false
        // Transcoded input ends with the last whole code unit: a top-level number there may yet go on too.
        if cut == document.count, !endsInNumber, let value = try? ModelDecoder().decode(JSONValue.self, from: document),
           !(transcoded && value.isNumber), partial?.value != value {
            fatalError("decodePartial of the whole input differs")
        }
    }
    return 0
}

func stream(_ chunks: [[UInt8]]) -> AsyncStream<[UInt8]> {
    AsyncStream { continuation in
        for chunk in chunks { continuation.yield(chunk) }
        continuation.finish()
    }
}

func byteStream(_ bytes: [UInt8]) -> AsyncStream<UInt8> {
    AsyncStream { continuation in
        for byte in bytes { continuation.yield(byte) }
        continuation.finish()
    }
}

func collect<S: AsyncSequence>(_ sequence: S) async throws -> [S.Element] {
    var values: [S.Element] = []
    for try await value in sequence { values.append(value) }
    return values
}

/// `body`'s value, or nil if it threw, waited for on this (libFuzzer's) thread.
func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) -> T? {
    let box = Box<T>()
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        box.value = try? await body()
        done.signal()
    }
    done.wait()
    return box.value
}

final class Box<T: Sendable>: @unchecked Sendable {  // written once, before the signal
    var value: T?
}

extension JSONValue {
    var isNumber: Bool {
        switch self {
        case .int, .double: return true
        default: return false
        }
    }
}
