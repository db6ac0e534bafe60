// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "CodableKit",
    products: [
        .library(name: "CodableKit", targets: ["CodableKit"]),
        .library(name: "CodableKitKeyStrategies", targets: ["CodableKitKeyStrategies"]),
        .library(name: "CodableKitTransformers", targets: ["CodableKitTransformers"]),
        .library(name: "CodableKitEnumCoding", targets: ["CodableKitEnumCoding"]),
        .executable(name: "Examples", targets: ["Examples"]),
    ],
    traits: [
        // The APIs built on Foundation proper, which brings ICU with it (about 50 MB in a
        // static executable): `[String: Any]` and `[Any]` in and out (`JSONSerialization`,
        // `NSNumber`, `NSNull`), property lists, and a transformer's `DateFormatter`. On by
        // default; a server that needs none of them depends with `traits: []` and links
        // `FoundationEssentials` only (see the Servers article).
        .trait(name: "FullFoundation", description: "APIs that need Foundation proper: [String: Any] in and out, property lists, DateFormatter."),
        .default(enabledTraits: ["FullFoundation"]),
    ],
    targets: [
        // The kernel: reader, decoder, key resolution, value pipeline, report.
        .target(name: "CodableKit", path: "Sources/CodableKit"),
        // Plugin modules: each depends on the kernel only.
        .target(name: "CodableKitKeyStrategies", dependencies: ["CodableKit"], path: "Sources/KeyStrategies"),
        .target(name: "CodableKitTransformers", dependencies: ["CodableKit"], path: "Sources/Transformers"),
        .target(name: "CodableKitEnumCoding", dependencies: ["CodableKit"], path: "Sources/EnumCoding"),

        .executableTarget(
            name: "Examples",
            dependencies: ["CodableKitKeyStrategies", "CodableKitTransformers", "CodableKitEnumCoding"],
            path: "Examples",
            resources: [.copy("Resources")]
        ),

        // Helpers shared by the test targets (not a product; the benchmarks, a package of
        // their own in Benchmarks/, link its SeededGenerator.swift).
        .target(name: "CodableKitTestSupport", dependencies: ["CodableKit"], path: "Tests/TestSupport"),
        .testTarget(
            name: "CodableKitTests",
            dependencies: ["CodableKit", "CodableKitTestSupport"],
            path: "Tests/CodableKitTests",
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "CodableKitKeyStrategiesTests",
            dependencies: ["CodableKitKeyStrategies"],
            path: "Tests/CodableKitKeyStrategiesTests"
        ),
        .testTarget(
            name: "CodableKitTransformersTests",
            dependencies: ["CodableKitTransformers"],
            path: "Tests/CodableKitTransformersTests"
        ),
        .testTarget(
            name: "CodableKitEnumCodingTests",
            dependencies: ["CodableKitEnumCoding"],
            path: "Tests/CodableKitEnumCodingTests"
        ),
        // Each seed library's features written as its users write them (issue 68).
        .testTarget(
            name: "SeedTests",
            dependencies: ["CodableKitKeyStrategies", "CodableKitTransformers", "CodableKitEnumCoding", "CodableKitTestSupport"],
            path: "Tests/Seeds"
        ),
        // Runs every section of `swift run Examples` and checks what it prints.
        .testTarget(
            name: "ExamplesTests",
            dependencies: ["Examples"],
            path: "Tests/ExamplesTests"
        ),
    ]
)
