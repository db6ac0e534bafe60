// swift-tools-version: 6.0
// CodableKit's benchmarks, a package of their own so that the library's users do not
// see them: `swift run -c release CodableKitBenchmarks` in this folder (see README.md).
import PackageDescription

let package = Package(
    name: "CodableKitBenchmarks",
    dependencies: [.package(name: "CodableKit", path: "..")],
    targets: [
        .executableTarget(
            name: "CodableKitBenchmarks",
            dependencies: [
                .product(name: "CodableKit", package: "CodableKit"),
                .product(name: "CodableKitKeyStrategies", package: "CodableKit"),
                .product(name: "CodableKitEnumCoding", package: "CodableKit"),
            ],
            path: "CodableKitBenchmarks"
        ),
    ]
)
