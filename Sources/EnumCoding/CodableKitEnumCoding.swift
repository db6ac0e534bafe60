// CodableKitEnumCoding: enum plugins — default cases and `CodingCase` matchers —
// written against CodableKit's public API only.
// Importing this module is enough to use the kernel too.
@_exported import CodableKit
