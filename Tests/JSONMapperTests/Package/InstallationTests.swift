import Foundation
import JSONMapperTestSupport
import Testing

/// The README's installation lines, resolved by SwiftPM as a user's package would: a `path:` dependency is named
/// after its folder, so the README's working line uses the folder name.
@Suite("Installation by path")
struct InstallationTests {
    /// A package `MyApp` depending on this checkout through a folder named `json-mapper`, with the product taken
    /// from `package`; the exit status and the output of `swift package describe`.
    static func describe(package: String) throws -> (status: Int32, output: String) {
        try withTemporaryDirectory { folder in
            let app = folder.appendingPathComponent("MyApp")
            try FileManager.default.createDirectory(
                at: app.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                at: folder.appendingPathComponent("json-mapper"), withDestinationURL: TestFiles.repositoryRoot)
            let manifest = """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "MyApp",
                    dependencies: [
                        .package(path: "../json-mapper"),
                    ],
                    targets: [
                        .target(name: "MyApp", dependencies: [.product(name: "JSONMapper", package: "\(package)")]),
                    ]
                )

                """
            try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            try "import JSONMapper\n".write(
                to: app.appendingPathComponent("Sources/MyApp/MyApp.swift"), atomically: true, encoding: .utf8)

            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "package", "--package-path", app.path, "describe"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
    }

    @Test("the README's path: line, with the folder's name as package:, resolves")
    func folderName() throws {
        let result = try Self.describe(package: "json-mapper")
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.contains("Name: MyApp"))
    }

    @Test("package: \"JSONMapper\" fails for a checkout in a folder of another name, as the README warns")
    func packageName() throws {
        let result = try Self.describe(package: "JSONMapper")
        #expect(result.status != 0)
        #expect(
            result.output.contains(
                "unknown package 'JSONMapper' in dependencies of target 'MyApp'; valid packages are: 'json-mapper'"))
    }
}
