import Foundation
import Testing
@testable import CodableKit

/// One input through Foundation and CodableKit configured alike: the behaviours that
/// swift-foundation's own `JSONEncoderTests` describe, checked here against whatever
/// `JSONDecoder`/`JSONEncoder` on this machine do rather than against written-down answers.
enum SideBySide {
    /// The settings `JSONDecoder` and `ModelDecoder` share, applied to both.
    struct DecoderSettings {
        var date: JSONDecoder.DateDecodingStrategy = .deferredToDate
        var data: JSONDecoder.DataDecodingStrategy = .base64
        var floats: JSONDecoder.NonConformingFloatDecodingStrategy = .throw
        var keys: JSONDecoder.KeyDecodingStrategy = .useDefaultKeys
        var json5 = false
        var topLevelDictionary = false

        func foundation() -> JSONDecoder {
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = date
            decoder.dataDecodingStrategy = data
            decoder.nonConformingFloatDecodingStrategy = floats
            decoder.keyDecodingStrategy = keys
            decoder.allowsJSON5 = json5
            decoder.assumesTopLevelDictionary = topLevelDictionary
            return decoder
        }

        func codableKit(_ mode: DecodingOptions.Mode) -> ModelDecoder {
            let decoder = ModelDecoder(options: .init(mode: mode))
            decoder.dateDecodingStrategy = date
            decoder.dataDecodingStrategy = data
            decoder.nonConformingFloatDecodingStrategy = floats
            decoder.keyDecodingStrategy = keys
            decoder.allowsJSON5 = json5
            decoder.assumesTopLevelDictionary = topLevelDictionary
            return decoder
        }
    }

    /// The settings `JSONEncoder` and `ModelEncoder` share, applied to both.
    struct EncoderSettings {
        var format: JSONEncoder.OutputFormatting = []
        var date: JSONEncoder.DateEncodingStrategy = .deferredToDate
        var data: JSONEncoder.DataEncodingStrategy = .base64
        var floats: JSONEncoder.NonConformingFloatEncodingStrategy = .throw
        var keys: JSONEncoder.KeyEncodingStrategy = .useDefaultKeys

        func foundation() -> JSONEncoder {
            let encoder = JSONEncoder()
            encoder.outputFormatting = format
            encoder.dateEncodingStrategy = date
            encoder.dataEncodingStrategy = data
            encoder.nonConformingFloatEncodingStrategy = floats
            encoder.keyEncodingStrategy = keys
            return encoder
        }

        func codableKit() -> ModelEncoder {
            let encoder = ModelEncoder()
            encoder.outputFormatting = format
            encoder.dateEncodingStrategy = date
            encoder.dataEncodingStrategy = data
            encoder.nonConformingFloatEncodingStrategy = floats
            encoder.keyEncodingStrategy = keys
            return encoder
        }
    }

    /// Where CodableKit means to differ from `JSONDecoder`, and why.
    enum Difference {
        /// The text is not JSON, and CodableKit says so (`dataCorrupted` at the root).
        /// `JSONDecoder` checks a string's escapes, or a JSON5 literal, only when a value
        /// is asked of it, so it first reports what the type met there: a type mismatch, or
        /// the type's own error.
        case notJSONSaidFirst
        /// `JSONDecoder` rejects a document both modes of CodableKit read: a UTF-32
        /// little-endian byte order mark, which it takes for UTF-16's.
        case foundationRejects(because: String)
    }

    /// Where `JSONDecoder` reads a value, both modes read the same value (tolerant mode with
    /// nothing to report); where it throws, strict mode throws the same case at the same path.
    /// Returns `JSONDecoder`'s result, for checks of its own.
    @discardableResult
    static func decode<T: Decodable & Equatable>(_ type: T.Type, _ bytes: Data, _ settings: DecoderSettings = .init(),
                                                 differing difference: Difference? = nil,
                                                 sourceLocation: SourceLocation = #_sourceLocation) -> Result<T, any Error> {
        let label = String(validating: bytes.prefix(80), as: UTF8.self).flatMap { $0.contains("\u{0}") ? nil : $0.debugDescription }
            ?? bytes.prefix(80).map { String($0, radix: 16) }.joined(separator: " ")
        let foundation = Result { try settings.foundation().decode(T.self, from: bytes) }
        let strict = Result { try settings.codableKit(.strict).decode(T.self, from: bytes) }
        let tolerant = Result { try settings.codableKit(.tolerant).decodeWithReport(T.self, from: bytes) }
        switch difference {
        case .notJSONSaidFirst?:
            #expect(throws: (any Error).self, "\(label)", sourceLocation: sourceLocation) { try foundation.get() }
            for result in [strict.map { _ in () }, tolerant.map { _ in () }] {
                guard case let .failure(error) = result else {
                    Issue.record("\(label): CodableKit read it", sourceLocation: sourceLocation)
                    continue
                }
                #expect(describe(error) == "dataCorrupted at ", "\(label): \(error)", sourceLocation: sourceLocation)
            }
            return foundation
        case .foundationRejects?:
            #expect(throws: (any Error).self, "\(label)", sourceLocation: sourceLocation) { try foundation.get() }
            #expect(throws: Never.self, "\(label)", sourceLocation: sourceLocation) { try strict.get() }
            #expect(throws: Never.self, "\(label)", sourceLocation: sourceLocation) { try tolerant.get() }
            return strict
        case nil:
            break
        }
        switch (foundation, strict) {
        case let (.success(expected), .success(value)):
            #expect(value == expected, "\(label)", sourceLocation: sourceLocation)
        case let (.success(expected), .failure(error)):
            Issue.record("\(label): JSONDecoder read \(expected), strict CodableKit threw \(error)", sourceLocation: sourceLocation)
        case let (.failure(expected), .success(value)):
            Issue.record("\(label): JSONDecoder threw \(describe(expected)), strict CodableKit read \(value)", sourceLocation: sourceLocation)
        case let (.failure(expected), .failure(error)):
            #expect(describe(error) == describe(expected), "\(label): \(expected) / \(error)", sourceLocation: sourceLocation)
        }
        if case let .success(expected) = foundation {
            switch tolerant {
            case let .success((value, report)):
                #expect(value == expected, "\(label)", sourceLocation: sourceLocation)
                #expect(report.isClean, "\(label): \(report)", sourceLocation: sourceLocation)
            case let .failure(error):
                Issue.record("\(label): JSONDecoder read \(expected), tolerant CodableKit threw \(error)", sourceLocation: sourceLocation)
            }
        }
        return foundation
    }

    @discardableResult
    static func decode<T: Decodable & Equatable>(_ type: T.Type, _ json: String, _ settings: DecoderSettings = .init(),
                                                 differing difference: Difference? = nil,
                                                 sourceLocation: SourceLocation = #_sourceLocation) -> Result<T, any Error> {
        decode(type, Data(json.utf8), settings, differing: difference, sourceLocation: sourceLocation)
    }

    /// Both encoders write the same text, or both throw the same error case at the same path.
    /// Returns `JSONEncoder`'s text.
    @discardableResult
    static func encode<T: Encodable>(_ value: T, _ settings: EncoderSettings = .init(),
                                     sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let foundation = Result { String(decoding: try settings.foundation().encode(value), as: UTF8.self) }
        let ours = Result { String(decoding: try settings.codableKit().encode(value), as: UTF8.self) }
        switch (foundation, ours) {
        case let (.success(expected), .success(text)):
            if settings.format.contains(.sortedKeys) {
                #expect(text == expected, "\(T.self)", sourceLocation: sourceLocation)
            } else {
                // JSONEncoder's unsorted members follow hash order, which changes run to run:
                // the same JSON, and the same text once sorted.
                #expect(sameJSON(text, expected), "\(T.self): \(text) is not \(expected)", sourceLocation: sourceLocation)
                var sorted = settings
                sorted.format.insert(.sortedKeys)
                encode(value, sorted, sourceLocation: sourceLocation)
            }
            return expected
        case let (.success(expected), .failure(error)):
            Issue.record("\(T.self): JSONEncoder wrote \(expected), ModelEncoder threw \(error)", sourceLocation: sourceLocation)
            return expected
        case let (.failure(expected), .success(text)):
            Issue.record("\(T.self): JSONEncoder threw \(expected), ModelEncoder wrote \(text)", sourceLocation: sourceLocation)
        case let (.failure(expected), .failure(error)):
            #expect(describe(error) == describe(expected), "\(T.self)", sourceLocation: sourceLocation)
        }
        return nil
    }

    /// Encodes with both (the same text) and decodes CodableKit's text back with the matching
    /// decoder settings, in both modes: the value comes back.
    static func roundTrip<T: Codable & Equatable>(_ value: T, _ encoding: EncoderSettings = .init(),
                                                  _ decoding: DecoderSettings = .init(),
                                                  sourceLocation: SourceLocation = #_sourceLocation) {
        guard encode(value, encoding, sourceLocation: sourceLocation) != nil,
              let text = try? encoding.codableKit().encode(value) else { return }
        let back = decode(T.self, text, decoding, sourceLocation: sourceLocation)
        #expect((try? back.get()) == value, "\(T.self) did not come back from \(String(decoding: text, as: UTF8.self))",
                sourceLocation: sourceLocation)
    }

    /// Whether two JSON texts hold the same values (members in any order).
    static func sameJSON(_ lhs: String, _ rhs: String) -> Bool {
        func parsed(_ text: String) -> NSObject? {
            try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) as? NSObject
        }
        guard let left = parsed(lhs), let right = parsed(rhs) else { return lhs == rhs }
        return left.isEqual(right)
    }

    /// The error's case and coding path (for an `EncodingError`, its path only).
    static func describe(_ error: any Error) -> String {
        if case let EncodingError.invalidValue(_, context)? = error as? EncodingError {
            return "invalidValue at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        }
        return DropInTests.describe(error)
    }
}

