// swift-tools-version: 6.0
// Integration tests against other people's Codable types, in a package of their own so
// that the library keeps no dependencies. Run with `swift test` in this folder; .ci/run does.
import PackageDescription

let package = Package(
    name: "CodableKitIntegration",
    dependencies: [
        .package(name: "CodableKit", path: ".."),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
    ],
    targets: [
        .testTarget(
            name: "OpenAPIRuntimeTests",
            dependencies: [
                .product(name: "CodableKit", package: "CodableKit"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ]
        ),
    ]
)
