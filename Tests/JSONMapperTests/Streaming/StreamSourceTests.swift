import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Where `lines`, `elements` and `validate` read from: files by URL; anything else is refused with a clear error,
/// never handed to Foundation (on Linux the stream of a URL that is not a file crashes when opened).
@Suite("Streamed sources")
struct StreamSourceTests {
    /// The errors of each way to read `url` (lines, elements, validate), each of which must give exactly one.
    static func errors(_ url: URL) -> [[String]] {
        [
            Array(JSONMapper.lines(contentsOf: url)).map(\.errors.first?.description),
            Array(JSONMapper.elements(contentsOf: url, at: ["records"])).map(\.errors.first?.description),
            [JSONMapper.validate(contentsOf: url)?.description],
        ].map { $0.map { $0 ?? "no error" } }
    }

    @Test(
        "a URL that is not a file URL gives one invalid context saying so, and no crash",
        arguments: [
            ("https://example.com/x.jsonl", "only file URLs can be read: https://example.com/x.jsonl"),
            ("http://127.0.0.1:9/x.json", "only file URLs can be read: http://127.0.0.1:9/x.json"),
            ("data:,%5B1%5D", "only file URLs can be read: data:,%5B1%5D"),
            ("ftp://example.com/x.json", "only file URLs can be read: ftp://example.com/x.json"),
            ("x.json", "only file URLs can be read: x.json"),
        ])
    func notAFile(text: String, message: String) throws {
        let url = try #require(URL(string: text))
        #expect(Self.errors(url) == Array(repeating: [message], count: 3))
    }

    @Test("a missing file or a folder is named, with why it cannot be read")
    func unreadableFiles() throws {
        try withTemporaryDirectory { directory in
            let missing = directory.appendingPathComponent("missing.json")
            #expect(Self.errors(missing) == Array(repeating: ["cannot read \(missing.path): no such file"], count: 3))
            let folder = "cannot read \(directory.path): it is a directory"
            #expect(Self.errors(directory) == Array(repeating: [folder], count: 3))
            // A file URL reads as before, each iteration anew.
            let file = directory.appendingPathComponent("records.json")
            try json(#"{"records": [1, 2]}"#).write(to: file)
            let elements = JSONMapper.elements(contentsOf: file, at: ["records"])
            #expect(elements.map { $0.get(Int.self, at: []) } == [1, 2])
            #expect(elements.map { $0.get(Int.self, at: []) } == [1, 2])
            #expect(JSONMapper.validate(contentsOf: file) == nil)
        }
    }
}
