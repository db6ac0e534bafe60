import Foundation
import Testing
@testable import CodableKit

/// One repair policy: a property keeps its initial value (found by its coding key,
/// whatever the property is called), an element is dropped, and the issue is filed
/// under the model that owns the property.
@Suite struct RepairPolicyTests {
    struct Renamed: CodableModel {
        var count = 5
        var label = "x"
        var note: String? = "none"
        enum CodingKeys: String, CodingKey {
            case count = "n"
            case label = "l"
            case note = "t"
        }
    }

    @Test func renamedCodingKeysKeepInitialValues() throws {
        let (value, report) = try Renamed.decodeWithReport(from: #"{"n": "many", "t": 3}"#)
        #expect(value.count == 5)
        #expect(value.label == "x")
        #expect(value.note == "3")
        #expect(report.issues.map(\.path) == ["n", "l", "t"])
        #expect(try Renamed.decode(from: "{}").note == "none")
    }

    /// A decode-only model has no encoder to find its keys: the property name is tried,
    /// and when neither is found the issue says so and the type's empty value is used.
    @Test func decodeOnlyRenamedModelFallsBackToEmptyValueAndSaysWhy() throws {
        struct DecodeOnly: DecodableModel {
            var count = 5
            enum CodingKeys: String, CodingKey { case count = "n" }
        }
        let (value, report) = try DecodeOnly.decodeWithReport(from: #"{"n": "many"}"#)
        #expect(value.count == 0)
        #expect(report.issues.first?.detail?.contains("initial value") == true, "\(report)")
    }

    enum Mood: String, Decodable { case happy, sad }

    /// A type's own `init(from:)` reporting a repair: filed under the model holding the property.
    struct Defaulting: Decodable {
        var raw = ""
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            raw = (try? container.decode(String.self)) ?? ""
            if raw != "ok" { try decoder.recordRepair(.caseNotMatched, description: "\(raw) is not ok") }
        }
    }

    struct Holder: DecodableModel {
        var state = Defaulting?.none
        var states: [Defaulting] = []
        var mood = Mood.happy
        var rejecting = Rejecting?.some(Rejecting())
    }

    /// Gives up with `repairError`.
    struct Rejecting: Decodable, Equatable {
        init() {}
        init(from decoder: any Decoder) throws {
            throw decoder.repairError(.caseNotMatched, description: "never")
        }
    }

    @Test func pluginIssuesBelongToTheOwningModel() throws {
        let (holder, report) = try Holder.decodeWithReport(from: #"{"state": "bad", "states": ["bad"], "mood": "angry", "rejecting": 1}"#)
        #expect(report.issues.map(\.modelType) == ["Holder", "Holder", "Holder", "Holder"], "\(report)")
        #expect(report.issues.map(\.path) == ["state", "states[0]", "mood", "rejecting"])
        // An optional that a plugin gives up on keeps its initial value, like any other property.
        #expect(holder.rejecting == Rejecting())
        #expect(holder.mood == .happy)
    }

    @Test func strictModeThrowsForPluginRepairsWithThePath() throws {
        #expect {
            try Holder.decode(from: #"{"state": "ok", "states": [], "mood": "sad", "rejecting": 1}"#, options: .init(mode: .strict))
        } throws: { error in
            guard case let DecodingError.dataCorrupted(context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["rejecting"] && context.debugDescription == "never"
        }
    }
}
