import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `JSONLinesWriter`: one compact value per line, buffered in 64 KB, a failing value costing only its line, a
/// failing stream ending the writer, and lines from many threads that never mix.
@Suite("Writing JSON Lines")
struct JSONLinesWriterTests {
    static let person = WritablePerson(
        id: 7, name: "Ada", address: WritableAddress(city: "London", zip: nil), roles: ["admin"])

    @Test("one compact value per line, each a JSON text that lines(_:) reads back")
    func wordForWord() throws {
        let stream = ScriptedOutputStream()
        let writer = try JSONLinesWriter(to: stream)
        try writer.append(Self.person)
        try writer.append(JSONValue.array([1, "two", ["three": nil]]))
        try writer.append("line\nbreak")
        try writer.append(WritablePerson(id: 8, name: "Zoë 😀", address: nil, roles: []))
        try writer.append([1.5, 2])
        #expect(writer.linesWritten == 5)
        #expect(stream.offered.isEmpty)
        try writer.finish()
        #expect(
            stream.text == """
                {"id":7,"name":"Ada","address":{"city":"London"},"roles":["admin"]}
                [1,"two",{"three":null}]
                "line\\nbreak"
                {"id":8,"name":"Zoë 😀","roles":[]}
                [1.5,2]

                """)
        let read = Array(JSONMapper.lines(InputStream(data: Data(stream.bytes))))
        #expect(read.count == 5)
        #expect(read.allSatisfy { $0.valid })
        #expect(WritablePerson(read[0]) == Self.person)
        #expect(read[2].get(String.self, at: []) == "line\nbreak")
    }

    @Test("options shape each line; prettyPrinted is refused before the stream is opened")
    func options() throws {
        let stream = ScriptedOutputStream()
        let options = JSONMapper.WriteOptions(
            sortedKeys: true, writesNilAsNull: true, escapesSlashes: true, escapesNonASCII: true)
        let writer = try JSONLinesWriter(to: stream, options: options)
        try writer.append(WritablePerson(id: 1, name: "é/", address: nil, roles: []))
        try writer.finish()
        #expect(stream.text == #"{"address":null,"id":1,"name":"\u00E9\/","roles":[]}"# + "\n")
        #expect(writer.options.sortedKeys)

        let refused = ScriptedOutputStream()
        let error = #expect(throws: JSONMappingError.self) {
            try JSONLinesWriter(to: refused, options: JSONMapper.WriteOptions(prettyPrinted: true))
        }
        #expect(error?.code == .invalidValue)
        #expect(
            error?.description
                == "JSON Lines are written compact: WriteOptions.prettyPrinted would break a value over several lines")
        #expect(refused.openCount == 0)
    }

    @Test("OutputStream(toMemory:), (toFileAtPath:append:), (url:append:) and the writer's own URL initializer")
    func foundationStreams() throws {
        let memory = OutputStream(toMemory: ())
        let toMemory = try JSONLinesWriter(to: memory)
        try toMemory.append(Self.person)
        try toMemory.finish()
        #expect(writtenText(memory) == #"{"id":7,"name":"Ada","address":{"city":"London"},"roles":["admin"]}"# + "\n")
        #expect(memory.streamStatus == .closed)

        let file = scratchFile("lines-path")
        defer { try? FileManager.default.removeItem(at: file) }
        for (append, values) in [(false, [1, 2]), (true, [3])] {
            let stream = try #require(OutputStream(toFileAtPath: file.path, append: append))
            let writer = try JSONLinesWriter(to: stream)
            for value in values { try writer.append(value) }
            try writer.finish()
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "1\n2\n3\n")

        let url = scratchFile("lines-url")
        defer { try? FileManager.default.removeItem(at: url) }
        let fromStream = try JSONLinesWriter(to: try #require(OutputStream(url: url, append: false)))
        try fromStream.append(["a": 1])
        try fromStream.finish()
        let appending = try JSONLinesWriter(url: url, append: true)
        try appending.append(["b": 2])
        try appending.finish()
        #expect(try String(contentsOf: url, encoding: .utf8) == "{\"a\":1}\n{\"b\":2}\n")
        let replacing = try JSONLinesWriter(url: url)
        try replacing.append(true)
        try replacing.finish()
        #expect(try String(contentsOf: url, encoding: .utf8) == "true\n")

        let missing = URL(fileURLWithPath: "/nonexistent-folder/out.jsonl")
        let error = #expect(throws: JSONMappingError.self) { try JSONLinesWriter(url: missing) }
        #expect(error?.code == .outputFailed)
        #if os(Linux)
            #expect(
                error?.description
                    == "cannot write /nonexistent-folder/out.jsonl: cannot open the output stream: The operation could "
                    + "not be completed. No such file or directory")
        #endif
    }

    @Test("a value JSON cannot hold, or too large for memory, costs only its line, and the writer goes on")
    func failingLines() throws {
        var options = JSONMapper.WriteOptions()
        options.memoryLimit = 10_000
        let stream = ScriptedOutputStream()
        let writer = try JSONLinesWriter(to: stream, options: options)
        try writer.append(Series(values: [1]))
        let invalid = #expect(throws: JSONMappingError.self) { try writer.append(Series(values: [2, .nan, 3])) }
        #expect(invalid?.description == "values[1]: cannot write Double nan: JSON numbers are finite")
        let large = #expect(throws: JSONMappingError.self) { try writer.append(Padding(20_000)) }
        #expect(large?.description == "not enough memory to write the JSON text (could not have 20007 bytes)")
        try writer.append(Series(values: [4]))
        #expect(writer.linesWritten == 2)
        try writer.finish()
        #expect(stream.text == "{\"values\":[1]}\n{\"values\":[4]}\n")
    }

    @Test(
        "the buffer is handed on when full: lines that leave it one byte short, full, or one byte over",
        arguments: [(65_526, [65_535, 10]), (65_527, [65_536, 10]), (65_528, [65_536, 11])])
    func bufferThreshold(length: Int, chunks: [Int]) throws {
        // The first line takes length + 8 bytes and its newline: 65,535, 65,536 and 65,537. The second takes 10.
        let stream = ScriptedOutputStream()
        let writer = try JSONLinesWriter(to: stream)
        try writer.append(Padding(length))
        try writer.append(Padding(1))
        try writer.finish()
        #expect(stream.offered == chunks)
        #expect(stream.text == "{\"s\":\"\(String(repeating: "x", count: length))\"}\n{\"s\":\"x\"}\n")
    }

    @Test("flush() hands on the buffered lines now; a small buffer hands on each time it fills")
    func flushing() throws {
        let stream = ScriptedOutputStream()
        let writer = try JSONLinesWriter(to: stream, options: .default, bufferSize: 16)
        try writer.append(1234)  // 5 bytes
        try writer.flush()
        try writer.flush()
        try writer.append(123_456)  // 7 bytes
        try writer.append(12_345_678)  // 9 bytes: 16 with the 7, the buffer is full and handed on at once
        try writer.append(1_234_567)  // 8 bytes
        try writer.append(12_345_678_901_234)  // 15 bytes: do not fit after the 8, which are handed on first
        try writer.append(0)  // 2 bytes: do not fit after the 15
        try writer.append(String(repeating: "y", count: 20))  // 23 bytes: the line goes by itself, then its newline
        try writer.finish()
        #expect(stream.offered == [5, 16, 8, 15, 2, 22, 1])
        #expect(
            stream.text
                == "1234\n123456\n12345678\n1234567\n12345678901234\n0\n\"\(String(repeating: "y", count: 20))\"\n")
    }

    @Test("a stream that takes one byte per call gets every line")
    func oneBytePerCall() throws {
        let stream = ScriptedOutputStream(maxPerWrite: 1)
        let writer = try JSONLinesWriter(to: stream)
        for id in 0..<10_000 { try writer.append(WritablePerson(id: id, name: "n\(id)", address: nil, roles: [])) }
        try writer.finish()
        let expected = (0..<10_000).map { #"{"id":\#($0),"name":"n\#($0)","roles":[]}"# + "\n" }.joined()
        #expect(stream.text == expected)
        #expect(stream.offered.count == expected.utf8.count)
    }
}
