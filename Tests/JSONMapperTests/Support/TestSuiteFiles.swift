import Foundation
import JSONMapperTestSupport
import Testing

/// The JSONTestSuite parsing corpus, read from `../shared/data/JSONTestSuite/test_parsing`.
///
/// Outside CI the suite is reported as skipped when the folder is missing; in CI (`CI=true`) it runs and fails (see
/// `SharedDataSuite`).
enum TestSuiteFiles {
    static let folder = TestFiles.sharedData.appendingPathComponent("JSONTestSuite/test_parsing")
    static var available: Bool { FileManager.default.fileExists(atPath: folder.path) }

    static func names(prefix: String) throws -> [String] {
        guard available else {
            Issue.record(
                "JSONTestSuite is missing at \(folder.path); set JSONMAPPER_SHARED_DATA or provide ../shared/data")
            return []
        }
        return try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func data(_ name: String) throws -> Data {
        try Data(contentsOf: folder.appendingPathComponent(name))
    }
}
