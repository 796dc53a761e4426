// swift-tools-version:6.1
import Foundation
import PackageDescription

// A Hummingbird server that decodes requests with JSONMapperDecoder and encodes responses with JSONMapperEncoder.
// It is a package of its own so that the library keeps no dependencies; the library is two folders up, and SwiftPM
// names a path dependency after its folder.
let libraryPackage = Context.packageDirectory.split(separator: "/").dropLast(2).last.map(String.init) ?? "JSONMapper"

let package = Package(
    name: "HummingbirdServer",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(path: "../.."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
    ],
    targets: [
        // The application: routes, its request context with the bridge as coders, the models.
        .target(
            name: "HummingbirdServerApp",
            dependencies: [
                .product(name: "JSONMapper", package: libraryPackage),
                .product(name: "Hummingbird", package: "hummingbird"),
            ]
        ),
        .executableTarget(name: "HummingbirdServer", dependencies: ["HummingbirdServerApp"]),
        .testTarget(
            name: "HummingbirdServerTests",
            dependencies: [
                "HummingbirdServerApp",
                .product(name: "JSONMapper", package: libraryPackage),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
