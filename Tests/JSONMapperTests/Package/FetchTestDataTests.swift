import Foundation
import JSONMapperTestSupport
import Testing

/// `Scripts/fetch-test-data.sh` run as a contributor runs it, against a local mirror (a `file://` URL laid out as
/// raw.githubusercontent.com) made from the shared data, since tests cannot reach GitHub.
@Suite("Scripts/fetch-test-data.sh", SharedDataSuite.fetchScript.trait)
struct FetchTestDataTests {
    static let script = TestFiles.repositoryRoot.appendingPathComponent("Scripts/fetch-test-data.sh")

    /// The installed paths of the manifest, with their checksums.
    static func manifest() throws -> [(sha256: String, path: String)] {
        let url = TestFiles.repositoryRoot.appendingPathComponent("Scripts/test-data.sha256")
        let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
        return text.split(separator: "\n").map { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            return (String(parts[0]), String(parts[1].dropFirst()))
        }
    }

    /// A pinned commit, as the script states it (`NAME=<40 hex digits>`).
    static func pin(_ name: String) throws -> String {
        let text = String(decoding: try Data(contentsOf: script), as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(name + "=") })
        let commit = String(line.dropFirst(name.count + 1))
        #expect(commit.count == 40 && commit.allSatisfy(\.isHexDigit))
        return commit
    }

    /// Where upstream keeps an installed file: `<owner>/<repo>/<commit>/<path>`.
    static func upstream(_ path: String) throws -> String {
        if path.hasPrefix("JSONTestSuite/") {
            return "nst/JSONTestSuite/\(try pin("JSONTESTSUITE_COMMIT"))/" + path.dropFirst("JSONTestSuite/".count)
        }
        if path.hasPrefix("json-patch-tests/") {
            return "json-patch/json-patch-tests/\(try pin("JSON_PATCH_TESTS_COMMIT"))/"
                + path.dropFirst("json-patch-tests/".count)
        }
        let benchmark = "miloyip/nativejson-benchmark/\(try pin("NATIVEJSON_COMMIT"))"
        if path == "bench/LICENSE-nativejson-benchmark.txt" { return benchmark + "/LICENSE" }
        return benchmark + "/data/" + path.dropFirst("bench/".count)
    }

    /// Runs the script with `JSONMAPPER_SHARED_DATA` and `JSONMAPPER_TEST_DATA_MIRROR` set to `destination` and
    /// `mirror`; gives its exit status, standard output and standard error.
    static func run(
        _ arguments: [String], destination: URL, mirror: String
    ) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", script.path] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["JSONMAPPER_SHARED_DATA"] = destination.path
        environment["JSONMAPPER_TEST_DATA_MIRROR"] = mirror
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }

    /// A scratch folder with a mirror made from the shared data, and an empty destination.
    struct Scratch {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-test-data-\(UUID())")
        var mirror: URL { root.appendingPathComponent("mirror") }
        var destination: URL { root.appendingPathComponent("shared/data") }

        init() throws {
            for (_, path) in try FetchTestDataTests.manifest() {
                let target = mirror.appendingPathComponent(try FetchTestDataTests.upstream(path))
                try FileManager.default.createDirectory(
                    at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager.default.copyItem(at: TestFiles.sharedData.appendingPathComponent(path), to: target)
            }
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        /// Runs the script with this scratch's mirror and destination.
        func run(_ arguments: [String] = []) throws -> (status: Int32, output: String, errors: String) {
            try FetchTestDataTests.run(arguments, destination: destination, mirror: mirror.absoluteString)
        }

        /// The regular files under the destination, relative to it.
        func installed() -> Set<String> {
            let base = destination.standardizedFileURL.path + "/"
            let files = FileManager.default.enumerator(atPath: destination.path)?.allObjects as? [String] ?? []
            return Set(files.filter { !isDirectory(base + $0) })
        }

        private func isDirectory(_ path: String) -> Bool {
            var directory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && directory.boolValue
        }
    }

    @Test("installs every file from the mirror, verified, where the tests read it; a second run downloads nothing")
    func installs() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let manifest = try Self.manifest()
        #expect(manifest.count == 325)

        let first = try scratch.run()
        #expect(first.status == 0, "\(first.errors)")
        #expect(
            first.output == """
                test data: downloading 325 of 325 files from \(scratch.mirror.absoluteString.dropLast())
                test data: installed 325 files in \(scratch.destination.path) (JSONTestSuite 1ef36fa, \
                nativejson-benchmark 478d572, json-patch-tests 2a928f9); all 325 verified

                """)
        #expect(scratch.installed() == Set(manifest.map(\.path)))
        for (_, path) in manifest {
            let copy = FileManager.default.contents(atPath: scratch.destination.appendingPathComponent(path).path)
            let original = FileManager.default.contents(atPath: TestFiles.sharedData.appendingPathComponent(path).path)
            #expect(copy == original, "\(path)")
        }
        let corpus = try FileManager.default.contentsOfDirectory(
            atPath: scratch.destination.appendingPathComponent("JSONTestSuite/test_parsing").path)
        #expect(corpus.filter { $0.hasPrefix("y_") }.count == 95)
        #expect(corpus.contains("n_structure_trailing_#.json"))

        try FileManager.default.removeItem(at: scratch.mirror)
        let second = try scratch.run()
        #expect(second.status == 0)
        #expect(second.output == "test data: all 325 files present and verified in \(scratch.destination.path)\n")
        let check = try scratch.run(["--check"])
        #expect(check.status == 0)
        #expect(check.output == second.output)
    }

    @Test("a changed file is downloaded again, alone")
    func repairs() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        #expect(try scratch.run().status == 0)
        let twitter = scratch.destination.appendingPathComponent("bench/twitter.json")
        try Data("{}".utf8).write(to: twitter)
        let check = try scratch.run(["--check"])
        #expect(check.status == 1)
        #expect(
            check.errors == """
                error: 1 of 325 files are missing or differ in \(scratch.destination.path):
                  bench/twitter.json
                run Scripts/fetch-test-data.sh to install them

                """)
        let repair = try scratch.run()
        #expect(repair.status == 0)
        #expect(repair.output.hasPrefix("test data: downloading 1 of 325 files from "))
        let original = TestFiles.sharedData.appendingPathComponent("bench/twitter.json")
        let repaired = FileManager.default.contents(atPath: twitter.path)
        #expect(repaired == FileManager.default.contents(atPath: original.path))
    }

    @Test("a corrupt or missing download fails the run and installs nothing")
    func rejectsBadDownloads() throws {
        let scratch = try Scratch()
        defer { scratch.remove() }
        let twitter = scratch.mirror.appendingPathComponent(try Self.upstream("bench/twitter.json"))
        try Data("{\"tampered\": true}".utf8).write(to: twitter)
        let hash = scratch.mirror.appendingPathComponent(
            try Self.upstream("JSONTestSuite/test_parsing/n_structure_trailing_#.json"))
        try FileManager.default.removeItem(at: hash)

        let run = try scratch.run()
        #expect(run.status == 1)
        #expect(
            run.errors.hasSuffix(
                """
                error: 2 files are missing or fail their SHA-256 check; nothing was installed:
                  JSONTestSuite/test_parsing/n_structure_trailing_#.json: FAILED open or read
                  bench/twitter.json: FAILED

                """))
        #expect(scratch.installed() == [])
    }
}
