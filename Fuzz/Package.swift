// swift-tools-version: 6.0
// libFuzzer targets for CodableKit, in a package of their own so that the main
// package stays dependency-free and unaffected. Build and run with ./run (see CONTRIBUTING.md).
import PackageDescription

let fuzzTargets = ["FuzzReader", "FuzzTolerant", "FuzzStrict", "FuzzRoundTrip", "FuzzDifferential", "FuzzJSON5",
                   "FuzzKeptContainers", "FuzzKeptEncoding", "FuzzStreamChunks", "FuzzKeys"]

let package = Package(
    name: "CodableKitFuzz",
    dependencies: [.package(name: "CodableKit", path: "..")],
    targets: [
        .target(name: "FuzzSupport", dependencies: [.product(name: "CodableKitEnumCoding", package: "CodableKit"),
                                                    .product(name: "CodableKitTransformers", package: "CodableKit")]),
    ] + fuzzTargets.map { name in
        .executableTarget(name: name, dependencies: ["FuzzSupport"])
    }
)
