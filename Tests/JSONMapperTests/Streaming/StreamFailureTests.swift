import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// A stream that fails, wherever it fails (before the value, inside it, in the target array, after the top-level
/// value, after the last byte), is reported by every streaming entry point exactly as `context(stream)` reports it,
/// and nothing read before the failure is delivered wrong.
@Suite("Stream failures in streamed input")
struct StreamFailureTests {
    /// Valid documents, with the path of an array in each.
    static let documents: [(text: String, path: [JSONPathElement])] = [
        (
            #"{"meta": {"a": [1, "x\u00e9"]}, "records": [{"id": 1, "name": "a"}, 12, -3.5e2, "s", [true, null]], "#
                + #""after": [1, 2.5]}"#,
            ["records"]
        ),
        ("[1,2]", []),
        ("[1, 2, 345, true]  \n", []),
        ("12", ["records"]),
        (#""text""#, []),
        // A byte-order mark: a stream failing inside it reports the failure, not the mark's first bytes as a value.
        ("\u{FEFF}[1, {\"a\": 2}]", []),
    ]

    /// The error `context(stream)` gives when the stream fails after `count` bytes of `bytes`.
    static func failure(_ bytes: [UInt8], after count: Int) -> JSONMappingError? {
        JSONMapper.context(ScriptedInputStream(bytes, reads: .of(3), failing: .after(count))).errors.first
    }

    @Test("validate reports the stream's failure at every byte, after the top-level value too")
    func validate() throws {
        for (text, _) in Self.documents {
            let bytes = Array(text.utf8)
            for count in 0...bytes.count {
                let expected = try #require(Self.failure(bytes, after: count))
                #expect(expected.message.hasPrefix("the stream failed after \(count) bytes"))
                for setting in Walks.settings {
                    let window = try StreamWindow(
                        ScriptedInputStream(bytes, reads: .of(setting.chunk), failing: .after(count)))
                    let walker = StructureWalker(
                        window: window, options: .default, target: nil, budget: setting.budget,
                        batchLimit: setting.batch)
                    #expect(walker.validate() == expected, "\(text) failing after \(count)")
                }
                let stream = ScriptedInputStream(bytes, reads: .of(3), failing: .after(count))
                #expect(JSONMapper.validate(stream) == expected, "\(text) failing after \(count)")
            }
        }
    }

    @Test("elements delivers only whole elements read before the failure, then the failure, at every byte")
    func elements() throws {
        for (text, path) in Self.documents {
            let bytes = Array(text.utf8)
            let whole = JSONMapper.context(json(text)).node
            let array = path.isEmpty ? whole : whole?.member("records")
            for count in 0...bytes.count {
                let expected = try #require(Self.failure(bytes, after: count))
                for setting in Walks.settings {
                    let window = try StreamWindow(
                        ScriptedInputStream(bytes, reads: .of(setting.chunk), failing: .after(count)))
                    let walker = StructureWalker(
                        window: window, options: .default, target: path.map(\.component), budget: setting.budget,
                        batchLimit: setting.batch)
                    var contexts: [JSONDeserializationContext] = []
                    while let context = walker.next() { contexts.append(context) }
                    let comment = Comment(rawValue: "\(text) failing after \(count), reads of \(setting.chunk)")
                    #expect(contexts.last?.errors == [expected], comment)
                    for (index, context) in contexts.dropLast().enumerated() {
                        #expect(context.valid, comment)
                        guard let node = context.node, let original = array?.element(at: index) else {
                            Issue.record("\(comment): element \(index) is not in the document")
                            continue
                        }
                        #expect(EngineComparison.differences(original, node).isEmpty, comment)
                    }
                }
                let stream = ScriptedInputStream(bytes, reads: .of(3), failing: .after(count))
                let streamed = Array(JSONMapper.elements(of: stream, at: path))
                #expect(streamed.last?.errors == [expected], "\(text) failing after \(count)")
            }
        }
    }

    @Test("lines delivers the lines read before the failure, then the failure, at every byte")
    func lines() throws {
        let text = "1\n{\"a\": [2, \"b\"]}\r\n\n  345  \n[true]"
        let bytes = Array(text.utf8)
        let complete = Array(JSONMapper.lines(InputStream(data: json(text))).numbered())
        #expect(complete.map(\.line) == [1, 2, 4, 5])
        for count in 0...bytes.count {
            let expected = try #require(Self.failure(bytes, after: count))
            for chunk in [1, 4, 4096] {
                let lines = Array(
                    JSONMapper.lines(ScriptedInputStream(bytes, reads: .of(chunk), failing: .after(count))).numbered())
                let comment = Comment(rawValue: "failing after \(count), reads of \(chunk)")
                #expect(lines.last?.context.errors == [expected], comment)
                // Only lines that ended with their newline before the failure are delivered, whole.
                let ended = bytes.prefix(count).filter { $0 == UInt8(ascii: "\n") }.count
                let delivered = complete.prefix { $0.line <= ended }
                #expect(lines.dropLast().map(\.line) == delivered.map(\.line), comment)
                for (line, original) in zip(lines, delivered) {
                    #expect(line.context.valid, comment)
                    if let a = line.context.node, let b = original.context.node {
                        #expect(EngineComparison.differences(a, b).isEmpty, comment)
                    }
                }
            }
        }
    }

    @Test("validate gives a failure after a syntax error as context does, from a stream and from an async source")
    func failureAfterASyntaxError() async throws {
        for text in ["[1,]", "[1 2]", #"{"a" 1, "b": [true]}"#, "[1, nul]  ", "\u{FEFF}{]", "\u{FEFF}1\n2\n", "01"] {
            let bytes = Array(text.utf8)
            for count in 0...bytes.count {
                let expected = try #require(Self.failure(bytes, after: count))
                #expect(expected.message.hasPrefix("the stream failed after \(count) bytes"), "\(text)")
                // The async source fails the same way, in its own words.
                let sourceFailure = expected.description.replacingOccurrences(
                    of: "the stream failed after \(count) bytes: it reported an error",
                    with: "the source failed after \(count) bytes: connection reset after \(count) bytes")
                for chunk in [1, 3, 4096] {
                    let stream = ScriptedInputStream(bytes, reads: .of(chunk), failing: .after(count))
                    #expect(JSONMapper.validate(stream) == expected, "\(text) failing after \(count)")
                    let source = ScriptedAsyncSource(bytes, chunkSize: chunk, failing: count)
                    let fromSource = await JSONMapper.validate(source)
                    #expect(fromSource?.description == sourceFailure, "\(text) failing after \(count)")
                    #expect(await JSONMapper.validate(source.singleBytes)?.description == sourceFailure)
                }
            }
            // A stream or source that does not fail gives the syntax error, the same way.
            let syntax = try #require(JSONMapper.context(Data(bytes)).errors.first)
            #expect(!syntax.message.hasPrefix("the stream failed"))
            #expect(JSONMapper.validate(ScriptedInputStream(bytes, reads: .of(3))) == syntax, "\(text)")
            #expect(await JSONMapper.validate(ScriptedAsyncSource(bytes, chunkSize: 3)) == syntax, "\(text)")
        }
    }

    @Test("past the whole-scan limit, validate reports the first of a syntax error and a later stream failure")
    func failureAfterASyntaxErrorPastTheLimit() throws {
        // Past 8 MB the walker stops at the syntax error and reads nothing past the bytes it holds by then, so a
        // failure at the very end is never seen (as documented on `validate`). `context` reads the whole input first.
        let head = "[" + String(repeating: "1,", count: StructureWalker.wholeScanLimit / 2 + 10)
        let bytes = Array((head + "x," + String(repeating: "1,", count: 300_000) + "1]").utf8)
        let syntax = try #require(JSONMapper.context(Data(bytes)).errors.first)
        #expect(syntax.line == 1 && syntax.column == head.utf8.count + 1, "\(syntax)")
        let stream = ScriptedInputStream(bytes, failing: .after(bytes.count))
        #expect(JSONMapper.validate(stream) == syntax)
        let failure = try #require(Self.failure(bytes, after: bytes.count))
        #expect(failure.message.hasPrefix("the stream failed after \(bytes.count) bytes"))
    }

    @Test("a stream that claims to have read more than it was offered gets the same error from every entry point")
    func overreportingStream() {
        let message = "the stream failed after 0 bytes: it reported more bytes read than the space it was offered"
        func stream() -> InputStream { ScriptedInputStream([], failing: .overreporting) }
        #expect(JSONMapper.context(stream()).errors.map(\.message) == [message])
        #expect(JSONMapper.context(stream(), engine: .foundation).errors.map(\.message) == [message])
        #expect(JSONMapper.validate(stream())?.message == message)
        #expect(Array(JSONMapper.elements(of: stream())).map { $0.errors.map(\.message) } == [[message]])
        #expect(Array(JSONMapper.lines(stream())).map { $0.errors.map(\.message) } == [[message]])
    }

    @Test("a stream that fails right after a complete document is not a complete document")
    func failureAfterTheValue() {
        let bytes = Array("[1,2]".utf8)
        let message = "line 1, column 6: the stream failed after 5 bytes: it reported an error"
        func failing() -> InputStream { ScriptedInputStream(bytes, reads: .of(9), failing: .after(5)) }
        #expect(JSONMapper.context(failing()).errors.map(\.description) == [message])
        #expect(JSONMapper.validate(failing())?.description == message)
        let elements = Array(JSONMapper.elements(of: failing()))
        #expect(elements.map { $0.get(Int.self, at: []) } == [1, 2, nil])
        #expect(elements.last.map(descriptions) == [message])
        let lines = Array(
            JSONMapper.lines(ScriptedInputStream(Array("1\n2\n".utf8), reads: .of(9), failing: .after(4))))
        #expect(lines.map { $0.get(Int.self, at: []) } == [1, 2, nil])
        #expect(
            lines.last.map(descriptions) == ["line 3, column 1: the stream failed after 4 bytes: it reported an error"])
    }
}
