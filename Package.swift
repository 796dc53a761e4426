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
        .target(name: "JSONMapper"),
        .executableTarget(name: "JSONMapperCLI", dependencies: ["JSONMapper"]),
        .testTarget(
            name: "JSONMapperTests",
            dependencies: ["JSONMapper", "JSONMapperCLI"],
            // Expected `jsonmapper generate` output, compared as text.
            exclude: ["Golden"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
