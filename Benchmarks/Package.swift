// swift-tools-version:6.1
import Foundation
import PackageDescription

// The benchmarks live in their own package so that the library keeps no dependencies.
// The library is the package one folder up; SwiftPM names a path dependency after its folder.
let libraryPackage = Context.packageDirectory.split(separator: "/").dropLast().last.map(String.init) ?? "JSONMapper"

let package = Package(
    name: "JSONMapperBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "MappingBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "JSONMapper", package: libraryPackage),
            ],
            path: "Benchmarks/MappingBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // A plain driver for profilers (valgrind, perf) and for the large-input check in BENCHMARKS.md.
        .executableTarget(
            name: "Profile",
            dependencies: [.product(name: "JSONMapper", package: libraryPackage)],
            path: "Tools/Profile"
        ),
    ],
    swiftLanguageModes: [.v6]
)
