import Foundation
import Testing

/// `Scripts/fetch-test-data.sh` where it cannot download anything: it says so at once instead of trying every
/// file, and `--check` leaves the disk as it found it. These need neither the shared data nor the network.
@Suite("Scripts/fetch-test-data.sh offline")
struct FetchTestDataOfflineTests {
    /// A destination in a scratch folder that does not exist yet.
    static func scratch() -> (root: URL, destination: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-test-data-\(UUID())")
        return (root, root.appendingPathComponent("shared/data"))
    }

    @Test(
        "an unreachable mirror stops the run before any file is asked for, and says what to do",
        arguments: [("file:///nonexistent-\(UUID())/mirror", 37), ("http://127.0.0.1:9", 7)])
    func unreachable(mirror: String, curlError: Int) throws {
        let (root, destination) = Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try FetchTestDataTests.run([], destination: destination, mirror: mirror)
        #expect(run.status == 3)
        #expect(run.output == "")
        let lines = run.errors.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 3 && lines.last == "")
        // curl words its reason itself: the code is what matters.
        #expect(lines.first?.hasPrefix("error: cannot reach \(mirror) (curl: (\(curlError)) ") == true)
        #expect(lines.first?.hasSuffix("); nothing was downloaded") == true)
        let advice =
            "set JSONMAPPER_TEST_DATA_MIRROR to a mirror with the same layout (https://… or file:///…), or copy "
            + "the files listed in Scripts/test-data.sha256 into \(destination.path)"
        #expect(lines.dropFirst().first.map(String.init) == advice)
        #expect(!run.errors.contains("FAILED"))
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }

    @Test("--check on a folder that does not exist says so and creates nothing")
    func checkCreatesNothing() throws {
        let (root, destination) = Self.scratch()
        defer { try? FileManager.default.removeItem(at: root) }
        let run = try FetchTestDataTests.run(["--check"], destination: destination, mirror: "file:///nonexistent")
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(
            run.errors == """
                error: \(destination.path) does not exist: none of the 325 files is installed
                run Scripts/fetch-test-data.sh to install them

                """)
        #expect(!FileManager.default.fileExists(atPath: root.path))
    }
}
