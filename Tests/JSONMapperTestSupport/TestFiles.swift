import Foundation
import Testing

/// Locates files the tests read: the repository's `Fixtures/` and the shared data beside the repository.
package enum TestFiles {
    package static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    package static let fixtures = repositoryRoot.appendingPathComponent("Fixtures")

    package static func fixture(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let url = fixtures.appendingPathComponent(name)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record("missing fixture \(url.path)", sourceLocation: sourceLocation)
            throw FixtureError.missing(url.path)
        }
        return data
    }

    /// The shared data folder (`../shared/data` from the repository), or `JSONMAPPER_SHARED_DATA` when set.
    package static let sharedData: URL = {
        if let path = ProcessInfo.processInfo.environment["JSONMAPPER_SHARED_DATA"] {
            return URL(fileURLWithPath: path)
        }
        return repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
    }()

    /// Where the shared data's benchmark payload `name` is (`twitter.json`, `citm_catalog.json`, `canada.json`). A
    /// test that reads it declares the `SharedDataSuite` trait that needs `.benchmarks`.
    package static func benchmarkURL(_ name: String) -> URL {
        sharedData.appendingPathComponent("bench").appendingPathComponent(name)
    }

    /// The shared data's benchmark payload `name`; see ``benchmarkURL(_:)``.
    ///
    /// - Throws: when the file cannot be read, after recording the issue at `sourceLocation`.
    package static func benchmark(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let url = benchmarkURL(name)
        return try #require(
            FileManager.default.contents(atPath: url.path), "missing \(url.path)", sourceLocation: sourceLocation)
    }

    /// The GitHub API responses of the shared data (`github/`), from octokit/fixtures.
    package static let githubResponses = [
        "add-and-remove-repository-collaborator.json", "branch-protection.json", "create-status.json",
        "get-organization.json", "get-repository.json", "paginate-issues.json", "project-cards.json",
        "release-assets.json", "search-issues.json",
    ]

    /// Where the shared data's GitHub API response `name` is. A test that reads it declares the `SharedDataSuite`
    /// trait that needs `.githubResponses`.
    package static func githubURL(_ name: String) -> URL {
        sharedData.appendingPathComponent("github").appendingPathComponent(name)
    }

    /// The shared data's GitHub API response `name` (`paginate-issues.json`…). A test that reads it declares the
    /// `SharedDataSuite` trait that needs `.githubResponses`.
    ///
    /// - Throws: when the file cannot be read, after recording the issue at `sourceLocation`.
    package static func github(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Data {
        let url = sharedData.appendingPathComponent("github").appendingPathComponent(name)
        return try #require(
            FileManager.default.contents(atPath: url.path), "missing \(url.path)", sourceLocation: sourceLocation)
    }

    /// Whether tests run in CI, where missing shared data must fail instead of being skipped.
    package static var inCI: Bool {
        ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty && $0 != "false" && $0 != "0" } ?? false
    }

    package enum FixtureError: Error {
        case missing(String)
    }
}
