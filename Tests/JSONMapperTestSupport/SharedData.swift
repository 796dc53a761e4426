import Foundation
import Testing

// The suites that read the shared data folder (`../shared/data`, or `JSONMAPPER_SHARED_DATA`), which
// Scripts/fetch-test-data.sh installs. Outside CI a suite whose data is missing is skipped; in CI (`CI=true`) it runs
// and fails. Either way one line at the start of the run says how many suites that is:
//
//     Shared test data: 9 of 9 suites skipped for missing data (the JSONTestSuite corpus and the benchmark
//     payloads not found in /path/shared/data): run bash Scripts/fetch-test-data.sh, or set JSONMAPPER_SHARED_DATA
//
// A suite (or a test) that reads shared data declares it with `SharedDataSuite.<case>.trait`, so that the count
// stays right and CI fails when the data is missing; `SharedDataTests` checks that every reader does.

/// A data set in the shared data folder.
package enum SharedDataSet: CaseIterable, Sendable {
    case jsonTestSuite
    case benchmarks
    /// Real GitHub API responses (snake-case keys, ISO 8601 dates, templated URLs).
    case github

    /// What the data set is, for messages.
    package var name: String {
        switch self {
        case .jsonTestSuite: "the JSONTestSuite corpus"
        case .benchmarks: "the benchmark payloads"
        case .github: "the GitHub API responses"
        }
    }

    /// The files or folders that must exist, relative to the shared data folder.
    package var paths: [String] {
        switch self {
        case .jsonTestSuite: ["JSONTestSuite/test_parsing"]
        case .benchmarks: ["bench/twitter.json", "bench/citm_catalog.json", "bench/canada.json"]
        case .github: ["github/paginate-issues.json", "github/get-repository.json"]
        }
    }

    package var isAvailable: Bool {
        paths.allSatisfy { path in
            FileManager.default.fileExists(atPath: TestFiles.sharedData.appendingPathComponent(path).path)
        }
    }
}

/// A suite that reads shared data, with the data sets it needs.
package enum SharedDataSuite: CaseIterable, Sendable {
    case conformance
    case differential
    case memory
    case fetchScript
    case writeRoundTrip
    /// The models generated from the benchmark payloads, mapping and writing back their files.
    case generatedModels
    case streamValidation
    /// `JSONMapperDecoder` against `JSONDecoder` on the benchmark payloads and the GitHub API responses.
    case codableDecoding
    /// `JSONMapperEncoder` against `JSONEncoder` on the benchmark payloads and the GitHub API responses.
    case codableEncoding

    package var needs: [SharedDataSet] {
        switch self {
        case .conformance, .writeRoundTrip, .streamValidation: [.jsonTestSuite]
        case .differential, .fetchScript: [.jsonTestSuite, .benchmarks]
        case .memory, .generatedModels: [.benchmarks]
        case .codableDecoding, .codableEncoding: [.benchmarks, .github]
        }
    }

    /// Whether the data it needs is there.
    package var hasData: Bool { needs.allSatisfy(\.isAvailable) }

    /// Enables the suite when its data is there, or in CI (where missing data must fail, not skip).
    package var trait: ConditionTrait {
        let missing = needs.filter { !$0.isAvailable }.map(\.name).joined(separator: " and ")
        return .enabled(
            if: SharedData.shouldRun(self),
            "\(missing) not found in \(TestFiles.sharedData.path): run bash Scripts/fetch-test-data.sh")
    }
}

package enum SharedData {
    /// Whether `suite` runs; the first call prints the run's one line about shared data.
    package static func shouldRun(_ suite: SharedDataSuite) -> Bool {
        _ = summary
        return suite.hasData || TestFiles.inCI
    }

    /// The line printed once, before the first suite that needs shared data is planned.
    package static let summary: String = {
        let suites = SharedDataSuite.allCases
        let lacking = suites.filter { !$0.hasData }
        let missing = SharedDataSet.allCases.filter { !$0.isAvailable }.map(\.name)
        let folder = TestFiles.sharedData.standardizedFileURL.path
        let line: String
        if lacking.isEmpty {
            line = "Shared test data: 0 of \(suites.count) suites skipped for missing data (all found in \(folder))"
        } else if TestFiles.inCI {
            line =
                "Shared test data: \(missing.joined(separator: " and ")) not found in \(folder); CI=true, so the "
                + "\(lacking.count) of \(suites.count) suites that need it run and fail"
        } else {
            line =
                "Shared test data: \(lacking.count) of \(suites.count) suites skipped for missing data "
                + "(\(missing.joined(separator: " and ")) not found in \(folder)): "
                + "run bash Scripts/fetch-test-data.sh, or set JSONMAPPER_SHARED_DATA"
        }
        FileHandle.standardError.write(Data((line + "\n").utf8))
        return line
    }()
}
