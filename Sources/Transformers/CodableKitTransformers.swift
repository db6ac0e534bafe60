// CodableKitTransformers: value plugins (dates, base64, URLs, hex colours, closures),
// each a `ValueTransformable` written against CodableKit's public API only.
// Importing this module is enough to use the kernel too.
@_exported import CodableKit
