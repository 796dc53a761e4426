import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `JSONLinesWriter`'s life: a stream that fails ends it, `finish()` closes what it opened, a writer released
/// unfinished still hands on its lines, and many threads may append at once.
@Suite("Writing JSON Lines: failures, finishing and threads")
struct JSONLinesWriterStateTests {
    @Test("a stream that fails ends the writer: every later call throws the same error, and finish still closes")
    func streamFailure() throws {
        let stream = ScriptedOutputStream(maxPerWrite: 7, failAfter: 20)
        let writer = try JSONLinesWriter(to: stream, options: .default, bufferSize: 16)
        try writer.append(123_456_789)  // 10 bytes
        try writer.append(12_345)  // 6 bytes: the buffer is full, and the stream takes all 16
        try writer.append(12_345_678)  // 9 bytes, buffered
        let message = "the output stream failed after 20 bytes: it reported an error"
        let failed = #expect(throws: JSONMappingError.self) { try writer.append(1_234_567_890) }  // 11 bytes
        #expect(failed?.code == .outputFailed)
        #expect(failed?.description == message)
        // The stream keeps what it took: two whole lines and the start of the third. The rest is lost.
        #expect(stream.text == "123456789\n12345\n1234")
        #expect(writer.linesWritten == 3)
        for call in [
            { try writer.append(1) }, { try writer.flush() }, { try writer.finish() }, { try writer.finish() },
        ] {
            let again = #expect(throws: JSONMappingError.self) { try call() }
            #expect(again?.description == message)
        }
        #expect(stream.closeCount == 1)
        #expect(stream.text == "123456789\n12345\n1234")
    }

    @Test("finish() hands on the lines and closes a stream the writer opened; appending afterwards throws")
    func finishing() throws {
        let stream = ScriptedOutputStream()
        let writer = try JSONLinesWriter(to: stream)
        try writer.append(["a": 1])
        try writer.finish()
        #expect(stream.text == "{\"a\":1}\n")
        #expect(stream.closeCount == 1)
        let late = #expect(throws: JSONMappingError.self) { try writer.append(2) }
        #expect(late?.code == .outputFailed)
        #expect(late?.description == "the JSON Lines writer is finished: nothing more can be appended")
        try writer.finish()
        try writer.flush()
        #expect(stream.closeCount == 1)
        #expect(writer.linesWritten == 1)

        let open = OutputStream(toMemory: ())
        open.open()
        let keeping = try JSONLinesWriter(to: open)
        try keeping.append("first")
        try keeping.finish()
        #expect(open.streamStatus == .open)
        #expect(writtenText(open) == "\"first\"\n")
        open.close()
    }

    @Test("a writer released without finish() hands on its lines and closes what it opened")
    func releasedUnfinished() throws {
        let stream = ScriptedOutputStream()
        var writer: JSONLinesWriter? = try JSONLinesWriter(to: stream)
        try writer?.append([1, 2])
        #expect(stream.offered.isEmpty)
        writer = nil
        #expect(stream.text == "[1,2]\n")
        #expect(stream.closeCount == 1)

        let file = scratchFile("lines-released")
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            let fileWriter = try JSONLinesWriter(url: file)
            try fileWriter.append("kept")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "\"kept\"\n")
    }

    @Test("many threads appending at once: every line whole, none lost, each thread's in its order")
    func manyThreads() throws {
        let stream = OutputStream(toMemory: ())
        let writer = try JSONLinesWriter(to: stream, options: .default, bufferSize: 4_096)
        let threads = 8
        let perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                let name = String(repeating: "t\(thread)", count: index % 40)
                try? writer.append(WritablePerson(id: thread * perThread + index, name: name, address: nil, roles: []))
            }
        }
        try writer.finish()
        #expect(writer.linesWritten == threads * perThread)
        let lines = Array(JSONMapper.lines(InputStream(data: Data(writtenText(stream).utf8))))
        #expect(lines.count == threads * perThread)
        #expect(lines.allSatisfy { $0.valid && $0.errors.isEmpty })
        let people = lines.map(WritablePerson.init)
        #expect(Set(people.map(\.id)) == Set(0..<threads * perThread))
        for thread in 0..<threads {
            let own = people.filter { $0.id / perThread == thread }
            #expect(own.map(\.id) == Array(thread * perThread..<(thread + 1) * perThread))
            #expect(own.allSatisfy { $0.name ?? "" == String(repeating: "t\(thread)", count: $0.id % perThread % 40) })
        }
    }

    @Test("a model's write(to:) may append to the same writer: its line comes first, and nothing blocks")
    func reentrantAppend() throws {
        let stream = ScriptedOutputStream()
        let writer = try JSONLinesWriter(to: stream)
        let outer = Writes { c in
            try? writer.append(["inner": true])
            c.set("outer", true)
        }
        try writer.append(outer)
        try writer.finish()
        #expect(stream.text == "{\"inner\":true}\n{\"outer\":true}\n")
    }

    @Test("a line whose context is used from another thread throws, and the writer goes on")
    func foreignThread() throws {
        let stream = ScriptedOutputStream()
        let writer = try JSONLinesWriter(to: stream)
        let stray = Writes.writingLateFromAnotherThread { c in c.set("on", 2) }
        let error = #expect(throws: JSONMappingError.self) { try writer.append(stray) }
        #expect(error?.code == .invalidValue)
        #expect(error?.path == "late")
        try writer.append(["next": 3])
        try writer.finish()
        #expect(stream.text == "{\"next\":3}\n")
    }
}
