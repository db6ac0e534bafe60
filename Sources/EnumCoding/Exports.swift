// Importing this module is enough to use the CodableKit kernel too.
@_exported import CodableKit
