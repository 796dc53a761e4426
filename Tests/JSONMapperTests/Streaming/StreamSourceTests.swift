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

    /// What each of `threads` threads gets from iterating `sequence` at the same time: the ids of its valid
    /// contexts, and the errors of its invalid ones.
    static func iteratedAtOnce<Contexts: Sequence<JSONDeserializationContext> & SendableMetatype>(
        _ sequence: Contexts, threads: Int
    ) -> [(ids: [Int], errors: [String])] {
        nonisolated(unsafe) let shared = sequence
        let results = SharedList<(ids: [Int], errors: [String])>()
        onThreads(threads) { _ in
            var (ids, errors): ([Int], [String]) = ([], [])
            for context in shared {
                if context.valid {
                    ids.append(context.getInt("id") ?? -1)
                } else {
                    errors += descriptions(context)
                }
            }
            results.append((ids, errors))
        }
        return results.values
    }

    @Test("one InputStream's sequence iterated from many threads at once: one reads it all, every other is refused")
    func oneStreamManyThreads() {
        let count = 2_000
        let records = (0..<count).map { #"{"id": \#($0)}"# }
        let lines = json(records.joined(separator: "\n"))
        let array = json("[" + records.joined(separator: ",") + "]")
        let alreadyRead =
            "the stream was already read by an earlier iteration: a sequence made from an InputStream can be "
            + "iterated once (make a new stream, or use contentsOf: to read a file again)"
        for _ in 0..<20 {
            for (kind, results) in [
                ("lines", Self.iteratedAtOnce(JSONMapper.lines(InputStream(data: lines)), threads: 8)),
                ("elements", Self.iteratedAtOnce(JSONMapper.elements(of: InputStream(data: array)), threads: 8)),
            ] {
                let readers = results.filter { !$0.ids.isEmpty }
                #expect(results.count == 8, "\(kind)")
                #expect(readers.count == 1, "\(kind)")
                #expect(readers.first?.ids == Array(0..<count), "\(kind)")
                #expect(readers.first?.errors == [], "\(kind)")
                #expect(results.filter { $0.errors == [alreadyRead] && $0.ids.isEmpty }.count == 7, "\(kind)")
            }
        }
    }
}
