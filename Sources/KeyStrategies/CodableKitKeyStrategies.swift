// CodableKitKeyStrategies: naming conventions and multi-source keys, each a
// `KeyStrategy` written against CodableKit's public API only.
// Importing this module is enough to use the kernel too.
@_exported import CodableKit
