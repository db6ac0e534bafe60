// swift-tools-version: 6.1
// Integration tests against other people's code, in a package of their own so that the
// library keeps no dependencies: other people's Codable types (swift-openapi-runtime), and
// the server adapters of the Servers article, each serving live requests over loopback
// (Hummingbird 2, Vapor 4). Run with `swift test` in this folder; .ci/run does.
// CodableKit comes without its default `FullFoundation` trait, as the Servers article
// tells a server to depend on it: the adapters need nothing from Foundation proper.
import PackageDescription

let codableKit: Target.Dependency = .product(name: "CodableKit", package: "CodableKit")

let package = Package(
    name: "CodableKitIntegration",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "CodableKit", path: "..", traits: []),
        .package(url: "https://github.com/apple/swift-openapi-runtime", from: "1.8.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/vapor/vapor", from: "4.100.0"),
    ],
    targets: [
        // The Servers article's Hummingbird app, whole: its adapter and its one route.
        .executableTarget(
            name: "OrdersServer",
            dependencies: [codableKit, .product(name: "Hummingbird", package: "hummingbird")]
        ),
        .testTarget(
            name: "OpenAPIRuntimeTests",
            dependencies: [codableKit, .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime")]
        ),
        .testTarget(
            name: "HummingbirdAdapterTests",
            dependencies: [codableKit, "OrdersServer", .product(name: "Hummingbird", package: "hummingbird"),
                           .product(name: "HummingbirdTesting", package: "hummingbird")]
        ),
        .testTarget(
            name: "VaporAdapterTests",
            dependencies: [codableKit, .product(name: "Vapor", package: "vapor"),
                           .product(name: "VaporTesting", package: "vapor")]
        ),
    ]
)
