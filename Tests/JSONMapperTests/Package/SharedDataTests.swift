import Foundation
import JSONMapperTestSupport
import Testing

/// The rules for tests that read the shared data folder, checked on the test sources themselves: a test that reads
/// it without declaring its `SharedDataSuite` trait passes vacuously when the data is missing, even in CI, and is
/// left out of the count printed at the start of the run.
@Suite("Shared test data declarations")
struct SharedDataTests {
    /// The test sources: both test targets and their support.
    static let folder = TestFiles.repositoryRoot.appendingPathComponent("Tests")

    /// What reads the shared data folder.
    static let readers = ["TestFiles.sharedData", "TestFiles.benchmark", "TestFiles.github", "TestSuiteFiles."]

    /// The `@Test` functions of `text` that read shared data without a `SharedDataSuite` trait on them or on their
    /// suite, by the line of their attribute.
    ///
    /// The text is cut at each `@Suite` and `@Test` attribute; a piece runs to the next one, and its attribute runs
    /// from the `@` to the declaration it marks. Helpers declared before a file's first attribute are not counted:
    /// the tests that call them are.
    static func undeclaredReaders(in text: String) -> [Int] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [Int] = []
        var suiteDeclares = false
        var index = 0
        while index < lines.count {
            let trimmed = lines[index].drop { $0 == " " }
            guard trimmed.hasPrefix("@Suite") || trimmed.hasPrefix("@Test") else {
                index += 1
                continue
            }
            let start = index
            var attribute = ""
            while index < lines.count {
                attribute += lines[index] + "\n"
                index += 1
                if ["struct ", "func ", "enum ", "class "].contains(where: lines[index - 1].contains) { break }
            }
            var body = ""
            while index < lines.count {
                let next = lines[index].drop { $0 == " " }
                if next.hasPrefix("@Suite") || next.hasPrefix("@Test") { break }
                body += lines[index] + "\n"
                index += 1
            }
            let declares = attribute.contains("SharedDataSuite.")
            if trimmed.hasPrefix("@Suite") {
                suiteDeclares = declares
            } else if !declares && !suiteDeclares && readers.contains(where: body.contains) {
                found.append(start + 1)
            }
        }
        return found
    }

    @Test("the check finds a test that reads shared data without the trait, and accepts one with it")
    func checkWorks() {
        let undeclared = """
            @Suite("Streams")
            struct S {
                @Test("fine")
                func a() {}

                @Test("reads the corpus")
                func b() throws {
                    let names = try TestSuiteFiles.names(prefix: "")
                }
            }
            """
        #expect(Self.undeclaredReaders(in: undeclared) == [6])
        let onTheTest = undeclared.replacingOccurrences(
            of: #"@Test("reads the corpus")"#, with: #"@Test("reads the corpus", SharedDataSuite.conformance.trait)"#)
        #expect(Self.undeclaredReaders(in: onTheTest) == [])
        let onTheSuite = undeclared.replacingOccurrences(
            of: #"@Suite("Streams")"#, with: #"@Suite("Streams", SharedDataSuite.conformance.trait)"#)
        #expect(Self.undeclaredReaders(in: onTheSuite) == [])
    }

    @Test("every test that reads shared data declares its SharedDataSuite trait")
    func everyReaderDeclaresIt() throws {
        let names = try FileManager.default.subpathsOfDirectory(atPath: Self.folder.path)
            .filter { $0.hasSuffix(".swift") && !$0.hasSuffix("/SharedDataTests.swift") }.sorted()
        #expect(names.count > 80)
        var readers = 0
        for name in names {
            let text = String(decoding: try Data(contentsOf: Self.folder.appendingPathComponent(name)), as: UTF8.self)
            #expect(Self.undeclaredReaders(in: text) == [], "\(name)")
            if Self.readers.contains(where: text.contains) { readers += 1 }
        }
        // SharedData itself, TestSuiteFiles, Conformance, Differential, RoundTrip, StreamValidation, FetchTestData,
        // the models generated from the benchmark payloads, the JSON Patch suite, the edited citm catalog, the
        // Codable decoder's and encoder's payload tests, the mapped check of the JSONTestSuite files, and the
        // in-place reading of the payloads and of the JSONTestSuite files.
        #expect(readers == 14)
    }

    @Test("the README and SharedData.swift show the line the run prints, with the real number of suites")
    func examplesAreCurrent() throws {
        let count = SharedDataSuite.allCases.count
        let pattern = try NSRegularExpression(pattern: "Shared test data: ([0-9]+) of ([0-9]+) suites skipped")
        for file in ["README.md", "Tests/JSONMapperTestSupport/SharedData.swift"] {
            let url = TestFiles.repositoryRoot.appendingPathComponent(file)
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
            let counts = matches.map { match in
                (1...2).map { Range(match.range(at: $0), in: text).map { text[$0] } ?? "" }
            }
            #expect(counts == [["\(count)", "\(count)"]], "\(file)")
        }
        let words = [
            "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Eleven", "Twelve", "Thirteen", "Fourteen",
        ]
        let readme = String(
            decoding: try Data(contentsOf: TestFiles.repositoryRoot.appendingPathComponent("README.md")), as: UTF8.self)
        #expect(readme.contains("\n\(words[count - 4]) suites (JSONTestSuite conformance"))
    }

    @Test("a run that skipped suites ends with the suites it skipped and how to get the data each needs")
    func closingLines() {
        #expect(SharedData.closingLines(folder: "/data") { _ in true } == "")
        let withoutGitHub = SharedData.closingLines(folder: "/data") { $0 != .githubResponses }
        #expect(
            withoutGitHub == """
                Shared test data: 4 of 13 suites were skipped for missing data in /data:
                  - the models generated from the GitHub responses and the benchmark payloads
                  - JSONMapperDecoder against JSONDecoder on the payloads and the GitHub responses
                  - JSONMapperEncoder against JSONEncoder on the payloads and the GitHub responses
                  - every payload and JSONTestSuite file read in place against a copy
                  the GitHub API responses: save the response bodies of octokit/fixtures in github/ (README, \
                "The full test suite")

                """)
        let fetch = "run bash Scripts/fetch-test-data.sh, or set JSONMAPPER_SHARED_DATA"
        let nothing = SharedData.closingLines(folder: "/data") { _ in false }
        #expect(
            nothing.hasPrefix(
                "Shared test data: 13 of 13 suites were skipped for missing data in /data:\n"
                    + "  - JSONTestSuite conformance\n  - the engine differential tests\n"))
        #expect(
            nothing.hasSuffix(
                "  the JSONTestSuite corpus: \(fetch)\n  the benchmark payloads: \(fetch)\n"
                    + "  the JSON Patch test suite: \(fetch)\n"
                    + "  the GitHub API responses: save the response bodies of octokit/fixtures in github/ (README, "
                    + "\"The full test suite\")\n"))
        #expect(nothing.split(separator: "\n").count == 1 + 13 + 4)
    }
}
