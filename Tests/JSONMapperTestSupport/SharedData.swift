import Foundation
import Testing

// The suites that read the shared data folder (`../shared/data`, or `JSONMAPPER_SHARED_DATA`), which
// Scripts/fetch-test-data.sh installs. Outside CI a suite whose data is missing is skipped; in CI (`CI=true`) it runs
// and fails. Either way one line at the start of the run says how many suites that is:
//
//     Shared test data: 13 of 13 suites skipped for missing data (the JSONTestSuite corpus and the benchmark
//     payloads and the JSON Patch test suite and the GitHub API responses not found in /path/shared/data): run
//     bash Scripts/fetch-test-data.sh, or set JSONMAPPER_SHARED_DATA
//
// A suite (or a test) that reads shared data declares it with `SharedDataSuite.<case>.trait`, so that the count
// stays right and CI fails when the data is missing; `SharedDataTests` checks that every reader does.

/// A data set in the shared data folder.
package enum SharedDataSet: CaseIterable, Sendable {
    case jsonTestSuite
    case benchmarks
    case jsonPatchTests
    /// Responses of the GitHub API (octokit/fixtures), the samples of `jsonmapper generate` for several endpoints.
    case githubResponses

    /// What the data set is, for messages.
    package var name: String {
        switch self {
        case .jsonTestSuite: "the JSONTestSuite corpus"
        case .benchmarks: "the benchmark payloads"
        case .jsonPatchTests: "the JSON Patch test suite"
        case .githubResponses: "the GitHub API responses"
        }
    }

    /// How to get the data set, for the lines printed at the end of a run that skipped suites.
    package var howToGet: String {
        switch self {
        case .jsonTestSuite, .benchmarks, .jsonPatchTests:
            "run bash Scripts/fetch-test-data.sh, or set JSONMAPPER_SHARED_DATA"
        case .githubResponses:
            "save the response bodies of octokit/fixtures in github/ (README, \"The full test suite\")"
        }
    }

    /// The files or folders that must exist, relative to the shared data folder.
    package var paths: [String] {
        switch self {
        case .jsonTestSuite: ["JSONTestSuite/test_parsing"]
        case .benchmarks: ["bench/twitter.json", "bench/citm_catalog.json", "bench/canada.json"]
        case .jsonPatchTests: ["json-patch-tests/tests.json", "json-patch-tests/spec_tests.json"]
        case .githubResponses: TestFiles.githubResponses.map { "github/" + $0 }
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
    /// Every case of the JSON Patch test suite, applied.
    case jsonPatchConformance
    /// The diff, patch and merge patch between citm_catalog.json and an edited copy.
    case editedCatalog
    /// The models generated in one call from the GitHub API responses and the benchmark payloads.
    case apiModels
    /// `JSONMapperDecoder` against `JSONDecoder` on the benchmark payloads and the GitHub API responses.
    case codableDecoding
    /// `JSONMapperEncoder` against `JSONEncoder` on the benchmark payloads and the GitHub API responses.
    case codableEncoding
    /// Documents read where the caller's `Data` holds them, against a copy: every payload and JSONTestSuite file.
    case inPlaceReading

    package var needs: [SharedDataSet] {
        switch self {
        case .conformance, .writeRoundTrip, .streamValidation: [.jsonTestSuite]
        case .differential: [.jsonTestSuite, .benchmarks]
        case .fetchScript: [.jsonTestSuite, .benchmarks, .jsonPatchTests]
        case .memory, .generatedModels, .editedCatalog: [.benchmarks]
        case .jsonPatchConformance: [.jsonPatchTests]
        case .apiModels: [.githubResponses, .benchmarks]
        case .codableDecoding, .codableEncoding: [.benchmarks, .githubResponses]
        case .inPlaceReading: [.jsonTestSuite, .benchmarks, .githubResponses]
        }
    }

    /// Whether the data it needs is there.
    package var hasData: Bool { needs.allSatisfy(\.isAvailable) }

    /// What the suite tests, for the lines printed at the end of a run that skipped it.
    package var title: String {
        switch self {
        case .conformance: "JSONTestSuite conformance"
        case .differential: "the engine differential tests"
        case .memory: "the memory footprint"
        case .fetchScript: "the test of the fetch script"
        case .writeRoundTrip: "the write round trip of every y_ file"
        case .generatedModels: "the models generated from the benchmark payloads"
        case .streamValidation: "the streamed validation of every file"
        case .jsonPatchConformance: "the JSON Patch conformance suite"
        case .codableDecoding: "JSONMapperDecoder against JSONDecoder on the payloads and the GitHub responses"
        case .codableEncoding: "JSONMapperEncoder against JSONEncoder on the payloads and the GitHub responses"
        case .editedCatalog: "the diffs of an edited citm_catalog.json"
        case .apiModels: "the models generated from the GitHub responses and the benchmark payloads"
        case .inPlaceReading: "every payload and JSONTestSuite file read in place against a copy"
        }
    }

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
        // The same news at the end, where a reader of the run looks, after every result.
        if !lacking.isEmpty && !TestFiles.inCI {
            atexit {
                fflush(nil)  // every stream, so that these lines come after what is buffered
                FileHandle.standardError.write(Data(SharedData.closingLines().utf8))
            }
        }
        return line
    }()

    /// The lines printed when a run that skipped suites for missing data ends: which suites, and how to get the
    /// data each needs. Empty when none was skipped.
    ///
    /// - Parameters:
    ///   - folder: The shared data folder, for the message.
    ///   - isAvailable: Whether a data set is there.
    package static func closingLines(
        folder: String = TestFiles.sharedData.standardizedFileURL.path,
        isAvailable: (SharedDataSet) -> Bool = { $0.isAvailable }
    ) -> String {
        let suites = SharedDataSuite.allCases
        let lacking = suites.filter { !$0.needs.allSatisfy(isAvailable) }
        guard !lacking.isEmpty else { return "" }
        var lines = [
            "Shared test data: \(lacking.count) of \(suites.count) suites were skipped for missing data in \(folder):"
        ]
        lines += lacking.map { "  - \($0.title)" }
        let missing = SharedDataSet.allCases.filter { set in
            !isAvailable(set) && lacking.contains { $0.needs.contains(set) }
        }
        lines += missing.map { "  \($0.name): \($0.howToGet)" }
        return lines.joined(separator: "\n") + "\n"
    }
}
