import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapperCLI

/// The release's version is written once (`Release.version`); what names it elsewhere must agree.
@Suite("The release")
struct ReleaseTests {
    static func text(_ file: String) throws -> String {
        let url = TestFiles.repositoryRoot.appendingPathComponent(file)
        let data = try #require(FileManager.default.contents(atPath: url.path), "missing \(file)")
        return String(decoding: data, as: UTF8.self)
    }

    @Test("CHANGELOG.md's latest release, the README's installation line and --version name the same version")
    func versionInOnePlace() throws {
        let version = Release.version
        let changelog = try Self.text("CHANGELOG.md")
        let releases = changelog.split(separator: "\n").filter {
            $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]")
        }
        #expect(releases.first?.hasPrefix("## [\(version)] - ") == true)
        #expect(changelog.contains("## [Unreleased]"))
        let readme = try Self.text("README.md")
        #expect(readme.contains(#"from: "\#(version)"),"#))
        #expect(!readme.contains(#"branch: "main""#))
        #expect(CapturedRun(["--version"]).output == "jsonmapper \(version)\n")
    }

    @Test(".spi.yml asks the Swift Package Index to build the library's documentation")
    func swiftPackageIndex() throws {
        let spi = try Self.text(".spi.yml")
        #expect(spi.contains("version: 1\n"))
        #expect(spi.contains("    - documentation_targets: [JSONMapper]\n"))
    }
}
