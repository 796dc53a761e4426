import Foundation
import Testing

@testable import JSONMapper
@testable import JSONMapperCLI

/// Every public entry point that reads an `InputStream`, given streams in every state a caller can hand over:
/// Foundation's own, already read by an earlier call, closed, opened and read to their end, on a missing file or a
/// folder; and subclasses that fail without overriding `streamError` (on the first read, after some bytes, or as
/// soon as they are opened), for which Foundation's getter traps on Linux. None may crash; each says what happened
/// and how many bytes were read, word for word the same from every entry point and both engines.
@Suite("Input streams in every state")
struct InputStreamStateTests {
    /// The text every stream below would hold: an array, at the top level and at `records`.
    static let text = #"{"records": [{"id": 1}, {"id": 2}]}"#

    /// A stream in some state, made anew for each entry point, and the error each must report: its message, at
    /// `column` of line 1.
    struct Case: Sendable {
        let name: String
        let make: @Sendable () -> InputStream
        let message: String
        var column = 1

        /// The error's description: `line 1, column 1: the stream failed after 0 bytes: it is closed`.
        var expected: String { "line 1, column \(column): \(message)" }
    }

    /// `InputStream(data:)` on ``text``, once `use` has been done to it.
    static func foundationStream(_ use: (InputStream) -> Void) -> InputStream {
        let stream = InputStream(data: json(text))
        use(stream)
        return stream
    }

    /// Opens `stream` and reads it to its end as a caller would, with reads larger than the text.
    static func readToEnd(_ stream: InputStream) {
        stream.open()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while stream.read(&buffer, maxLength: buffer.count) > 0 {}
    }

    static let closed = "the stream failed after 0 bytes: it is closed"
    static let atEnd = "the stream failed after 0 bytes: it was already at its end, with no bytes left to read"
    static let reportedAnError = "the stream failed after 0 bytes: it reported an error"

    static var cases: [Case] {
        let bytes = Array(text.utf8)
        var cases = [
            Case(name: "read by context", make: { foundationStream { _ = JSONMapper.context($0) } }, message: closed),
            Case(
                name: "read by context on the Foundation engine",
                make: { foundationStream { _ = JSONMapper.context($0, engine: .foundation) } }, message: closed),
            Case(name: "read by validate", make: { foundationStream { _ = JSONMapper.validate($0) } }, message: closed),
            Case(
                name: "read by lines", make: { foundationStream { _ = Array(JSONMapper.lines($0)) } }, message: closed),
            Case(
                name: "read by elements", make: { foundationStream { _ = Array(JSONMapper.elements(of: $0)) } },
                message: closed),
            Case(
                name: "closed before use",
                make: {
                    foundationStream {
                        $0.open()
                        $0.close()
                    }
                }, message: closed),
            Case(name: "opened and read to its end", make: { foundationStream(readToEnd) }, message: atEnd),
            Case(
                name: "a subclass failing on its first read", make: { TrickleStream(bytes, chunk: 3, failAfter: 0) },
                message: reportedAnError),
            Case(
                name: "a subclass that is .error once opened",
                make: { TrickleStream(bytes, chunk: 3, failsToOpen: true) }, message: reportedAnError),
            Case(
                name: "a subclass failing after 7 bytes", make: { TrickleStream(bytes, chunk: 3, failAfter: 7) },
                message: "the stream failed after 7 bytes: it reported an error", column: 8),
            Case(
                name: "a subclass reading nothing with the status .error after 7 bytes",
                make: { TrickleStream(bytes, chunk: 3, failAfter: 7, failureResult: 0) },
                message: "the stream failed after 7 bytes: it reported an error", column: 8),
        ]
        #if os(Linux)
            // Foundation's own file streams fail as they open, with an error of their own that is safe to read.
            let folder = FileManager.default.temporaryDirectory.path
            cases += [
                Case(
                    name: "a file stream on a missing file",
                    make: { InputStream(fileAtPath: "/nonexistent-folder/in.json") ?? InputStream(data: Data()) },
                    message: "the stream failed after 0 bytes: The operation could not be completed. No such file "
                        + "or directory"),
                Case(
                    name: "a file stream on a folder",
                    make: { InputStream(fileAtPath: folder) ?? InputStream(data: Data()) },
                    message: "the stream failed after 0 bytes: The operation could not be completed. Is a directory"),
            ]
        #endif
        return cases
    }

    @Test(
        "context(stream) gives an invalid context with the stream's failure",
        arguments: [JSONMapper.Engine.native, .foundation])
    func context(engine: JSONMapper.Engine) {
        for item in Self.cases {
            let context = JSONMapper.context(item.make(), engine: engine)
            #expect(!context.valid, "\(item.name)")
            #expect(context.hasFailed, "\(item.name)")
            #expect(descriptions(context) == [item.expected], "\(item.name)")
            #expect(context.errors.first?.code == .malformedJSON, "\(item.name)")
            #expect(context.getInt(at: ["records", 0, "id"]) == nil, "\(item.name)")
        }
    }

    @Test("validate(stream) returns the stream's failure")
    func validate() {
        for item in Self.cases {
            #expect(JSONMapper.validate(item.make())?.description == item.expected, "\(item.name)")
        }
    }

    @Test("lines(stream) gives one invalid context with the failure, then ends; numbered() too")
    func lines() {
        for item in Self.cases {
            let lines = Array(JSONMapper.lines(item.make()))
            #expect(lines.map { $0.valid } == [false], "\(item.name)")
            #expect(lines.map(descriptions) == [[item.expected]], "\(item.name)")
            let numbered = Array(JSONMapper.lines(item.make()).numbered())
            #expect(numbered.map(\.line) == [1], "\(item.name)")
            #expect(numbered.map { descriptions($0.context) } == [[item.expected]], "\(item.name)")
        }
    }

    @Test("elements(of: stream) gives one invalid context with the failure, then ends, at the top and on a path")
    func elements() {
        for item in Self.cases {
            for path: [JSONPathElement] in [[], ["records"]] {
                var iterator = JSONMapper.elements(of: item.make(), at: path).makeIterator()
                let first = iterator.next()
                #expect(first?.valid == false, "\(item.name) at \(path)")
                #expect(first.map(descriptions) == [item.expected], "\(item.name) at \(path)")
                #expect(iterator.next() == nil, "\(item.name) at \(path)")
                #expect(iterator.next() == nil, "\(item.name) at \(path)")
            }
        }
    }

    @Test("jsonmapper check and check --lines report the failure of standard input in any state")
    func checkCommand() {
        for item in Self.cases {
            for lines in [false, true] {
                let output = CapturedOutput()
                let io = CommandIO(
                    standardInput: { Data() }, writeOutput: { output.append($0) }, errorOutput: { output.append($0) },
                    standardInputStream: { item.make() })
                let status = JSONMapperCommand.run(["check"] + (lines ? ["--lines"] : []) + ["-"], io: io)
                #expect(status == 1, "\(item.name)")
                #expect(output.text == "<stdin>:1:\(item.column): error: \(item.message)\n", "\(item.name)")
            }
        }
    }

    @Test("a stream read to its end by the caller is refused, but a fresh stream of no bytes is an empty document")
    func emptyAgainstExhausted() {
        let empty = JSONMapper.context(InputStream(data: Data()))
        #expect(descriptions(empty) == ["line 1, column 1: the document is empty"])
        let opened = InputStream(data: Data())
        opened.open()
        #expect(descriptions(JSONMapper.context(opened)) == descriptions(empty))
        #expect(Array(JSONMapper.lines(InputStream(data: Data()))).isEmpty)

        let exhausted = InputStream(data: json("[1]"))
        Self.readToEnd(exhausted)
        #expect(exhausted.streamStatus == .atEnd)
        #expect(descriptions(JSONMapper.context(exhausted)) == ["line 1, column 1: " + Self.atEnd])
    }

    @Test("a stream the caller opened and read part of is read from where it stands")
    func partlyRead() {
        let stream = InputStream(data: json("[1] [2, 3]"))
        stream.open()
        var skipped = [UInt8](repeating: 0, count: 4)
        #expect(stream.read(&skipped, maxLength: 4) == 4)
        let context = JSONMapper.context(stream)
        #expect(context.valid)
        #expect(context.getArray() == [2, 3])
        #expect(stream.streamStatus == .atEnd)
        stream.close()
    }
}

/// Output a command wrote, standard output and error together.
final class CapturedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var bytes = Data()

    func append(_ raw: UnsafeRawBufferPointer) { lock.withLock { bytes.append(contentsOf: raw) } }
    func append(_ text: String) { lock.withLock { bytes.append(contentsOf: Data(text.utf8)) } }
    var text: String { lock.withLock { String(decoding: bytes, as: UTF8.self) } }
}
