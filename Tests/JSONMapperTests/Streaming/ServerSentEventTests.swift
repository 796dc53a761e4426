import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `JSONMapper.events`: the HTML standard's event-stream interpretation, from chunks cut anywhere.
@Suite("Server-sent events")
struct ServerSentEventTests {
    static func events(_ text: String, chunk: Int = 1_000) async throws -> [ServerSentEvent] {
        try await events(Array(text.utf8), chunk: chunk)
    }

    static func events(_ bytes: [UInt8], chunk: Int = 1_000) async throws -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for try await event in JSONMapper.events(ScriptedAsyncSource(bytes, chunkSize: chunk)) { events.append(event) }
        return events
    }

    // MARK: The standard's examples

    @Test("the standard's stock-ticker example: one event per blank line, data lines joined by \\n")
    func stockExample() async throws {
        let stream = "data: YHOO\ndata: +2\ndata: 10\n\n"
        #expect(try await Self.events(stream) == [ServerSentEvent(data: "YHOO\n+2\n10")])
    }

    @Test("the standard's example of a comment, an id, an id without value and an unfinished last block")
    func idExample() async throws {
        let stream = ": test stream\n\ndata: first event\nid: 1\n\ndata:second event\nid\n\ndata:  third event\n"
        #expect(
            try await Self.events(stream) == [
                ServerSentEvent(data: "first event", id: "1"),
                // `id` alone resets the last event ID to the empty string.
                ServerSentEvent(data: "second event", id: nil),
            ])
        // With the blank line, the third fires too, one of its two spaces kept.
        #expect(try await Self.events(stream + "\n").last == ServerSentEvent(data: " third event"))
    }

    @Test("the standard's example of empty data: empty string, then a single newline; the last block is dropped")
    func emptyDataExample() async throws {
        let stream = "data\n\ndata\ndata\n\ndata:"
        #expect(try await Self.events(stream) == [ServerSentEvent(data: ""), ServerSentEvent(data: "\n")])
    }

    @Test("the standard's example: a space after the colon or not, two identical events")
    func spaceExample() async throws {
        #expect(try await Self.events("data:test\n\ndata: test\n\n") == Array(repeating: ServerSentEvent(data: "test"), count: 2))
    }

    @Test("the standard's example of event types: add, remove, add")
    func typesExample() async throws {
        let stream = "event: add\ndata: 73857293\n\nevent: remove\ndata: 2153\n\nevent: add\ndata: 113411\n\n"
        #expect(
            try await Self.events(stream) == [
                ServerSentEvent(type: "add", data: "73857293"), ServerSentEvent(type: "remove", data: "2153"),
                ServerSentEvent(type: "add", data: "113411"),
            ])
    }

    // MARK: The rules

    /// A stream that exercises every rule, and the events it must give.
    static let ruleStream: [UInt8] =
        [0xEF, 0xBB, 0xBF]
        + Array(": keep-alive\r\nevent: delta\rdata: {\"t\": \"é😀\"}\r\n\r\n".utf8)
        + Array("id: 7\nretry: 1500\ndata\n\n".utf8)
        + Array("Data: ignored\nretry: 15x\nfoo: bar\nid: a\u{0}b\ndata: line 1\ndata:line 2\n\n".utf8)
        + Array("event: skipped\nid: 9\n\n".utf8)
        + [0x64, 0x61, 0x74, 0x61, 0x3A, 0x20, 0xFF, 0x61, 0x0A, 0x0A]
        + Array("data: unfinished\n".utf8)
    static let ruleEvents = [
        ServerSentEvent(type: "delta", data: "{\"t\": \"é😀\"}"),
        ServerSentEvent(data: "", id: "7", retry: 1500),
        ServerSentEvent(data: "line 1\nline 2", id: "7"),
        ServerSentEvent(data: "\u{FFFD}a", id: "9"),
    ]

    @Test("BOM, CR/LF/CRLF, comments, case-sensitive names, NUL in id, digits-only retry, reset type, U+FFFD, at every cut")
    func everyRuleAtEveryCut() async throws {
        let bytes = Self.ruleStream
        #expect(try await Self.events(bytes) == Self.ruleEvents)
        for cut in 1..<bytes.count {
            var events: [ServerSentEvent] = []
            for try await event in JSONMapper.events(ScriptedAsyncSource(bytes, cuts: [cut])) { events.append(event) }
            #expect(events == Self.ruleEvents, "cut at \(cut)")
        }
        var bytewise: [ServerSentEvent] = []
        for try await event in JSONMapper.events(ScriptedAsyncSource(bytes, chunkSize: 1).singleBytes) {
            bytewise.append(event)
        }
        #expect(bytewise == Self.ruleEvents)
        #expect(try await Self.events(bytes, chunk: 1) == Self.ruleEvents)
    }

    @Test("a CR at the end of a chunk and a LF at the start of the next end one line, not two")
    func carriageReturnAcrossChunks() async throws {
        let bytes = Array("data: a\r\n\r\ndata: b\r\r".utf8)
        for cut in 1..<bytes.count {
            var events: [ServerSentEvent] = []
            for try await event in JSONMapper.events(ScriptedAsyncSource(bytes, cuts: [cut])) { events.append(event) }
            #expect(events == [ServerSentEvent(data: "a"), ServerSentEvent(data: "b")], "cut at \(cut)")
        }
    }

    @Test("a source that throws: the events dispatched before it, then its error, then nil")
    func throwingSource() async throws {
        let bytes = Array("data: 1\n\ndata: 2\n\ndata: 3".utf8)
        let source = ScriptedAsyncSource(bytes, chunkSize: 4, failing: 20)
        var iterator = JSONMapper.events(source).makeAsyncIterator()
        #expect(try await iterator.next() == ServerSentEvent(data: "1"))
        #expect(try await iterator.next() == ServerSentEvent(data: "2"))
        await #expect(throws: ScriptedAsyncSource.SourceFailure(bytes: 20)) { try await iterator.next() }
        #expect(try await iterator.next() == nil)
        // Single bytes: the same.
        var bytewise = JSONMapper.events(source.singleBytes).makeAsyncIterator()
        #expect(try await bytewise.next()?.data == "1")
        #expect(try await bytewise.next()?.data == "2")
        await #expect(throws: ScriptedAsyncSource.SourceFailure(bytes: 20)) { try await bytewise.next() }
    }

    @Test("cancelled while the source waits, the sequence ends with nil, nothing thrown")
    func cancelledWhileWaiting() async throws {
        let source = StallingSource(first: Array("data: 1\n\ndata: 2".utf8))
        let task = Task {
            var seen: [String] = []
            for try await event in JSONMapper.events(source) { seen.append(event.data) }
            return seen
        }
        try await source.stalled.wait()
        task.cancel()
        #expect(try await task.value == ["1"])
        #expect(source.pulls.value == 2)
    }

    @Test("an event's data as JSON: a context to map, invalid for [DONE]")
    func dataAsJSON() {
        let chunk = ServerSentEvent(data: #"{"choices": [{"delta": {"content": "Hel"}}]}"#)
        #expect(chunk.context().getString(at: ["choices", 0, "delta", "content"]) == "Hel")
        let done = ServerSentEvent(data: "[DONE]").context()
        #expect(!done.valid)
        #expect(descriptions(done) == ["[0]: line 1, column 2: expected a value, found 'D'"])
    }
}
