import Foundation
import JSONMapperTestSupport
import Testing

/// The library's tests stand apart from the command line. SwiftPM does not enforce it: a test target can import any
/// module the build has made, declared or not, so an `import JSONMapperCLI` here would compile and tie the library's
/// tests to the CLI again.
@Suite("Test targets")
struct TestTargetTests {
    @Test("no file of the library's tests or of their support imports the command line")
    func libraryTestsStandAlone() throws {
        var files = 0
        for target in ["Tests/JSONMapperTests", "Tests/JSONMapperTestSupport"] {
            let folder = TestFiles.repositoryRoot.appendingPathComponent(target)
            for name in try FileManager.default.subpathsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift")
            {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                let imports = text.split(separator: "\n").filter { line in
                    line.split(separator: " ").starts(with: ["import", "JSONMapperCLI"])
                        || line.split(separator: " ").starts(with: ["@testable", "import", "JSONMapperCLI"])
                }
                #expect(imports.isEmpty, "\(target)/\(name)")
                files += 1
            }
        }
        #expect(files > 70)
    }
}
