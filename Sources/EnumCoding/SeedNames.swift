// SmartCodable's names for this module's protocols (see the kernel's `SeedNames.swift`).

/// SmartCodable's `SmartCaseDefaultable` (its `defaultCase` may be left out here too).
@available(*, deprecated, renamed: "CaseDefaultable")
public typealias SmartCaseDefaultable = CaseDefaultable

/// SmartCodable's `SmartAssociatedEnumerable`: an enum that is not `Codable`, read and written
/// by its transformer.
@available(*, unavailable, message: "a model's properties are Codable here: make the enum CaseMatchable with its CodingCase matchers (associated values included), or Codable with its own init(from:)")
public protocol SmartAssociatedEnumerable {}
