import Foundation
import Testing

/// `withTemporaryDirectory` gives each caller a folder of its own and leaves nothing behind, or the tests that use
/// it would share files or fill the temporary directory.
@Suite("The temporary-directory helper")
struct TemporaryDirectoryTests {
    /// Whether `url` names an existing folder.
    static func isFolder(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    struct Planned: Error {}

    @Test("the folder is new and empty, and it is gone with its files after the body returns")
    func afterReturn() throws {
        let (folder, held) = try withTemporaryDirectory { folder in
            #expect(Self.isFolder(folder))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
            try Data("[1]".utf8).write(to: folder.appendingPathComponent("a.json"))
            return (folder, try Data(contentsOf: folder.appendingPathComponent("a.json")))
        }
        #expect(held == Data("[1]".utf8))
        #expect(!Self.isFolder(folder))
        #expect(!FileManager.default.fileExists(atPath: folder.path))
    }

    @Test("the folder is gone after the body throws, and the body's error comes out")
    func afterThrow() {
        var seen: URL?
        #expect(throws: Planned.self) {
            try withTemporaryDirectory { folder in
                seen = folder
                try Data("[1]".utf8).write(to: folder.appendingPathComponent("a.json"))
                throw Planned()
            }
        }
        #expect(seen != nil)
        #expect(seen.map { !FileManager.default.fileExists(atPath: $0.path) } == true)
    }

    @Test("two calls get two folders")
    func distinct() throws {
        let first = try withTemporaryDirectory { $0 }
        let second = try withTemporaryDirectory { $0 }
        #expect(first != second)
    }
}
