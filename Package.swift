// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "JSONMapper",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "JSONMapper", targets: ["JSONMapper"]),
        .executable(name: "jsonmapper", targets: ["JSONMapperCLI"]),
    ],
    targets: [
        .target(
            name: "JSONMapper",
            // The raw-memory invariants (`check(_:_:)`, Engines/Memory/InternalChecks.swift) run in debug builds,
            // and so in the tests; release builds compile them out.
            swiftSettings: [.define("JSONMAPPER_INTERNAL_CHECKS", .when(configuration: .debug))]
        ),
        .executableTarget(name: "JSONMapperCLI", dependencies: ["JSONMapper"]),
        // What both test targets use: fixtures, the shared-data traits, a scriptable InputStream. Not a product.
        .target(
            name: "JSONMapperTestSupport",
            dependencies: ["JSONMapper"],
            path: "Tests/JSONMapperTestSupport"
        ),
        // The library's tests, in folders that mirror Sources/JSONMapper; they do not depend on the CLI.
        .testTarget(name: "JSONMapperTests", dependencies: ["JSONMapper", "JSONMapperTestSupport"]),
        // The command line's tests: check, format and generate, and the models generate prints, compiled.
        .testTarget(
            name: "JSONMapperCLITests",
            dependencies: ["JSONMapperCLI", "JSONMapper", "JSONMapperTestSupport"],
            // Expected `jsonmapper generate` output, compared as text.
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
