import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// What `JSONMapper.write(…, to: OutputStream)` throws, word for word, and what the stream holds afterwards: the
/// elements before a value JSON cannot hold, a prefix that ends after an element when memory runs out, and the bytes
/// a failing stream took.
@Suite("Writing to an OutputStream: errors")
struct StreamWritingErrorTests {
    static let element = #"{"s":"xxxxxxxxxx"}"#

    /// `count` elements of 18 bytes, the one at `failing` with a NaN instead.
    static func elements(_ count: Int, failing: Int) -> [any JSONWritable] {
        (0..<count).map { index -> any JSONWritable in
            index == failing ? Writes { c in c.set("values", [1, .nan]) } : Padding(10)
        }
    }

    @Test(
        "a value JSON cannot hold: every element before it is written, nothing of it, and its path", arguments: [1, 64])
    func invalidElement(chunkSize: Int) throws {
        let stream = ScriptedOutputStream()
        let elements = Self.elements(10, failing: 6).map(AnyWritable.init)
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.streamElements(elements, to: stream, options: .default, chunkSize: chunkSize)
        }
        #expect(error?.code == .invalidValue)
        #expect(error?.description == "[6].values[1]: cannot write Double nan: JSON numbers are finite")
        #expect(stream.text == "[" + Array(repeating: Self.element, count: 6).joined(separator: ","))
        #expect(stream.closeCount == 1)
        // Pretty: the separator and indentation before the failing element are not written either.
        let pretty = ScriptedOutputStream()
        #expect(throws: JSONMappingError.self) {
            try JSONMapper.write(elements, to: pretty, options: JSONMapper.WriteOptions(prettyPrinted: true))
        }
        #expect(pretty.text.hasSuffix("\n  {\n    \"s\": \"xxxxxxxxxx\"\n  }"))
        #expect(pretty.text.components(separatedBy: "\"s\"").count == 7)
    }

    @Test("a model with a value JSON cannot hold writes nothing, and the stream is not even opened")
    func invalidModel() throws {
        let stream = ScriptedOutputStream()
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.write(Series(values: [1, .infinity]), to: stream)
        }
        #expect(error?.description == "values[1]: cannot write Double inf: JSON numbers are finite")
        #expect(stream.offered.isEmpty)
        #expect(stream.openCount == 0)
        let failing = ScriptedOutputStream()
        #expect(throws: JSONMappingError.self) { try JSONMapper.write(["a": Double.nan], to: failing) }
        #expect(failing.offered.isEmpty)
    }

    @Test("memory that runs out: outOfMemory, and the stream ends after an element already handed on")
    func outOfMemory() throws {
        var options = JSONMapper.WriteOptions()
        options.memoryLimit = 100_000
        // Twelve elements of 1,008 bytes, then one of 150,008 that cannot fit.
        let elements = (0..<12).map { _ in Padding(1_000) } + [Padding(150_000), Padding(1)]
        let stream = ScriptedOutputStream()
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.streamElements(elements, to: stream, options: options, chunkSize: 4_096)
        }
        #expect(error?.code == .outOfMemory)
        // Elements 10 and 11 waiting (2 × 1,009 bytes), `,{"s":` and the string with its quotes.
        #expect(error?.description == "not enough memory to write the JSON text (could not have 152026 bytes)")
        // Elements 0-4 and 5-9 filled a chunk each; 10 and 11 were waiting, and went with the writer's memory.
        let padding = "{\"s\":\"\(String(repeating: "x", count: 1_000))\"}"
        #expect(stream.offered == [5_045, 5_045])
        #expect(stream.text == "[" + Array(repeating: padding, count: 10).joined(separator: ","))
        #expect(stream.closeCount == 1)
    }

    @Test("a stream that fails: the message says how many bytes it took, and it keeps exactly those")
    func streamFailures() throws {
        let models = (0..<50).map { _ in Padding(20) }
        let expected = Array(try JSONMapper.data(from: models))
        let cases: [(ScriptedOutputStream.Failure, String)] = [
            (.error, "the output stream failed after 100 bytes: it reported an error"),
            (.full, "the output stream failed after 100 bytes: it accepted no more bytes (it is full)"),
            (
                .overclaim,
                "the output stream failed after 100 bytes: it reported \(expected.count - 90) bytes written of "
                    + "\(expected.count - 100) offered"
            ),
        ]
        for (failure, message) in cases {
            let stream = ScriptedOutputStream(maxPerWrite: 30, failAfter: 100, failure: failure)
            let error = #expect(throws: JSONMappingError.self) { try JSONMapper.write(models, to: stream) }
            #expect(error?.code == .outputFailed)
            #expect(error?.path == "")
            #expect(error?.description == message)
            #expect(stream.bytes == Array(expected.prefix(100)))
            #expect(
                stream.offered == [
                    expected.count, expected.count - 30, expected.count - 60, expected.count - 90,
                    expected.count - 100,
                ])
            #expect(stream.closeCount == 1)
        }
    }

    @Test("a closed stream, a full buffer, a file that cannot be opened, a full disk")
    func foundationStreamFailures() throws {
        let closed = OutputStream(toMemory: ())
        closed.open()
        closed.close()
        let error = #expect(throws: JSONMappingError.self) { try JSONMapper.write([1, 2], to: closed) }
        #expect(error?.description == "the output stream failed after 0 bytes: it is closed")

        var storage = [UInt8](repeating: 0, count: 8)
        let full = #expect(throws: JSONMappingError.self) {
            try storage.withUnsafeMutableBufferPointer { buffer in
                let base = try #require(buffer.baseAddress)
                try JSONMapper.write(Padding(20), to: OutputStream(toBuffer: base, capacity: buffer.count))
            }
        }
        #expect(full?.code == .outputFailed)
        #expect(full?.message.hasPrefix("the output stream failed after ") == true)

        let missing = try #require(OutputStream(toFileAtPath: "/nonexistent-folder/out.json", append: false))
        let unopened = #expect(throws: JSONMappingError.self) { try JSONMapper.write([1], to: missing) }
        #expect(unopened?.code == .outputFailed)
        #if os(Linux)
            #expect(
                unopened?.description
                    == "cannot open the output stream: The operation could not be completed. No such file or directory")
            // /dev/full takes nothing: every write fails with ENOSPC, as a full disk does.
            let disk = try #require(OutputStream(toFileAtPath: "/dev/full", append: false))
            let noSpace = #expect(throws: JSONMappingError.self) {
                try JSONMapper.write(contentsOf: (0..<10_000).map { _ in Padding(20) }, to: disk)
            }
            #expect(
                noSpace?.description
                    == "the output stream failed after 0 bytes: The operation could not be completed. "
                    + "No space left on device"
            )
            #expect(disk.streamStatus == .error)
        #endif
    }

    @Test("a context used from another thread stops the write at the next chunk, with the key as the path")
    func foreignThread() throws {
        let stray = Writes.writingLateFromAnotherThread { c in c.set("s", "xxxxxxxxxx") }
        let elements = [
            AnyWritable(Padding(10)), AnyWritable(Padding(10)), AnyWritable(stray), AnyWritable(Padding(10)),
        ]
        let stream = ScriptedOutputStream()
        let error = #expect(throws: JSONMappingError.self) {
            try JSONMapper.streamElements(elements, to: stream, options: .default, chunkSize: 1)
        }
        #expect(
            error?.description
                == "late: JSONSerializationContext used from another thread: it writes only on the thread running "
                + "write(to:), so nothing was written")
        #expect(stream.text == "[" + Self.element + "," + Self.element)
    }
}

/// A model of any writable type, for arrays that mix them.
struct AnyWritable: JSONWritable {
    let model: any JSONWritable

    init(_ model: any JSONWritable) {
        self.model = model
    }

    func write(to c: JSONSerializationContext) {
        model.write(to: c)
    }
}
