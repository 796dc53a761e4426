// swift-tools-version:6.0
// For the arguments of `Package(…)` that the installation section shows; type-checked against SwiftPM's
// PackageDescription. The snippet stands inside an expression here, so errors point at the assembled file.
import PackageDescription

let package = Package(
    name: "MyApp",
    // README SNIPPET (inline)
)
