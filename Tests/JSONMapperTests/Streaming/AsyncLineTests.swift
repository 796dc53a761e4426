import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `JSONMapper.lines` over async sources: the same records as from an `InputStream`, however the bytes are cut;
/// a failing source, a cancelled task, the end.
@Suite("JSON Lines from an async source")
struct AsyncLineTests {
    /// Small inputs whose every cut matters: CRLF, multi-byte characters, escapes, numbers, keys, blank lines, a
    /// byte-order mark, malformed lines, a last line without `\n`.
    static let smallInputs: [String] = [
        "{\"id\": 1, \"name\": \"é😀\"}\r\n\n  \n[1.5e3, \"a\\u00e9\\n\"]\r\n",
        "\u{FEFF}{\"k\":true}\n{\"k\": tru}\n-12\n\"x\"",
        "1\n2 3\n{\"a\":[}\n\r\n{\"é\": null}",
        "[\"\\ud83d\\ude00\", 1e5x]\n{\"a\": 1}  \n",
    ]

    @Test("every cut at one or two places, one-byte chunks and empty chunks give the InputStream's records", arguments: smallInputs)
    func everySplit(_ text: String) async {
        let bytes = Array(text.utf8)
        let expected = Streamed.lines(bytes)
        #expect(expected.count >= 2)
        for cuts in JSONMapperTests.everySplit(of: bytes.count) {
            let seen = await Streamed.lines(ScriptedAsyncSource(bytes, cuts: cuts))
            #expect(seen == expected, "cuts \(cuts)")
        }
        #expect(await Streamed.lines(ScriptedAsyncSource(bytes, chunkSize: 1, emptyChunks: true)) == expected)
        #expect(await Streamed.lines(ScriptedAsyncSource(bytes, chunkSize: 3).asData) == expected)
        #expect(await Streamed.lines(bytesOf: ScriptedAsyncSource(bytes, chunkSize: 5).singleBytes) == expected)
    }

    @Test("the records of a line read as documents of their own, with errors in the whole input's lines")
    func wordForWord() async {
        let text = "{\"id\": 1, \"name\": \"a\"}\r\n\n{\"id\": 2, \"name\": tru}\n[1,\n"
        let seen = await Streamed.lines(ScriptedAsyncSource(Array(text.utf8), chunkSize: 4))
        #expect(seen.map(\.number) == [1, 3, 4])
        #expect(seen[0].value == ["id": 1, "name": "a"])
        #expect(seen[1].errors == ["name: line 3, column 22: invalid literal: expected 'true', found '}'"])
        #expect(seen[2].errors == ["[1]: line 4, column 4: expected a value after ',', found end of input"])
    }

    @Test("random cuts of 3 MB of lines, long lines among them, give the InputStream's records")
    func randomSplitsOfLargeInput() async {
        var generator = SplitMix64(seed: 25)
        var bytes: [UInt8] = []
        var number = 0
        while bytes.count < 3 << 20 {
            number += 1
            switch number % 97 {
            case 0: bytes += Array("{\"long\": \"\(String(repeating: "é", count: 40_000))\"}\r\n".utf8)
            case 13: bytes += Array("{\"bad\": [1, 2}\n".utf8)
            case 50: bytes += Array("   \n".utf8)
            default: bytes += Array("{\"id\":\(number),\"x\":-\(number).25e-2,\"s\":\"a\\\"b\\u00e9\"}\n".utf8)
            }
        }
        let expected = Streamed.lines(bytes)
        #expect(expected.count > 3_000)
        for largest in [100, 70_000, 1 << 20] {
            let cuts = randomCuts(of: bytes.count, largest: largest, using: &generator)
            let seen = await Streamed.lines(ScriptedAsyncSource(bytes, cuts: cuts))
            #expect(seen == expected, "chunks up to \(largest) bytes")
        }
    }

    @Test("a source that throws gives the lines whole before it, then one invalid context naming the error and the bytes")
    func throwingSource() async {
        let text = "{\"a\": 1}\n{\"a\": 2}\n{\"a\": 33}\n"
        let bytes = Array(text.utf8)
        // After 22 bytes: inside the third line, which is not handed out.
        let seen = await Streamed.lines(ScriptedAsyncSource(bytes, chunkSize: 5, failing: 22))
        #expect(seen.map(\.value) == [["a": 1], ["a": 2], nil])
        #expect(seen.last?.errors == ["line 3, column 5: the source failed after 22 bytes: connection reset after 22 bytes"])
        #expect(seen.last?.number == 3)
        // At every byte, in every chunking: the InputStream's records, the failure worded as the source's.
        for failing in 0..<bytes.count {
            let expected = Streamed.asSourceFailure(Streamed.lines(bytes, failing: failing), failing: failing)
            for chunk in [1, 4, 64] {
                let chunks = ScriptedAsyncSource(bytes, chunkSize: chunk, failing: failing)
                #expect(await Streamed.lines(chunks) == expected, "failing at \(failing), chunks of \(chunk)")
                #expect(await Streamed.lines(bytesOf: chunks.singleBytes) == expected, "failing at \(failing)")
            }
        }
    }

    @Test("after the end, and after a failure's context, next() keeps returning nil")
    func afterTheEnd() async {
        var ended = JSONMapper.lines(ScriptedAsyncSource(Array("1\n2".utf8), chunkSize: 1)).makeAsyncIterator()
        #expect(await ended.next()?.getValue(as: Int.self) == 1)
        #expect(await ended.next()?.getValue(as: Int.self) == 2)
        for _ in 0..<3 { #expect(await ended.next() == nil) }
        let failing = ScriptedAsyncSource(Array("1\n2\n".utf8), chunkSize: 1, failing: 3)
        var failed = JSONMapper.lines(failing).makeAsyncIterator()
        #expect(await failed.next()?.getValue(as: Int.self) == 1)
        #expect(await failed.next()?.valid == false)
        let pulls = failing.pulls.value
        for _ in 0..<3 { #expect(await failed.next() == nil) }
        #expect(failing.pulls.value == pulls)
    }

    @Test("a task cancelled before it starts gets nothing, and asks the source for nothing")
    func cancelledBeforeStart() async {
        let source = ScriptedAsyncSource(Array("1\n2\n".utf8), chunkSize: 1)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await Streamed.lines(source)
        }
        #expect(await task.value == [])
        #expect(source.pulls.value == 0)
    }

    @Test("cancelled while iterating, the sequence ends with nil and asks the source for no more chunks")
    func cancelledWhileIterating() async {
        let source = ScriptedAsyncSource(Array("1\n2\n3\n4\n".utf8), chunkSize: 2)
        let (seen, pullsAtCancel) = await Task {
            var seen: [Int?] = []
            var pullsAtCancel = 0
            for await line in JSONMapper.lines(source) {
                seen.append(line.getValue(as: Int.self))
                pullsAtCancel = source.pulls.value
                withUnsafeCurrentTask { $0?.cancel() }
            }
            return (seen, pullsAtCancel)
        }.value
        #expect(seen == [1])
        #expect(pullsAtCancel == 1)
        #expect(source.pulls.value == pullsAtCancel)
    }

    @Test("cancelled while the source waits, the sequence ends with nil as soon as the source hands back control")
    func cancelledWhileWaiting() async throws {
        let source = StallingSource(first: Array("{\"a\": 1}\n{\"a\"".utf8))
        let task = Task { await Streamed.lines(source) }
        try await source.stalled.wait()
        task.cancel()
        let seen = await task.value
        #expect(seen.map(\.value) == [["a": 1]])
        #expect(seen.allSatisfy { $0.valid })
        #expect(source.pulls.value == 2)
    }

    @Test("contexts are Sendable and stay valid after the iteration moved on")
    func contextsOutliveIteration() async {
        var contexts: [JSONDeserializationContext] = []
        let text = (0..<2_000).map { "{\"id\": \($0), \"name\": \"n\($0)\"}" }.joined(separator: "\n")
        for await context in JSONMapper.lines(ScriptedAsyncSource(Array(text.utf8), chunkSize: 1000)) {
            contexts.append(context)
        }
        let held = contexts
        let ids = await Task.detached { held.map { StreamedItem($0).id } }.value
        #expect(ids == Array(0..<2_000))
    }
}

/// A source that hands out its first chunk, then waits until the task is cancelled (and throws
/// `CancellationError`, as `Task.sleep` does), counting the chunks asked for.
struct StallingSource: AsyncSequence, Sendable {
    let first: [UInt8]
    let pulls = Counter()
    let stalled = Signal()

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }

    struct Iterator: AsyncIteratorProtocol {
        let source: StallingSource
        var given = false

        mutating func next() async throws -> [UInt8]? {
            source.pulls.increment()
            if !given {
                given = true
                return source.first
            }
            source.stalled.fire()
            try await Task.sleep(for: .seconds(600))
            return nil
        }
    }
}

/// A one-time signal a test waits for.
final class Signal: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false

    func fire() { lock.withLock { fired = true } }

    /// Waits until ``fire()`` was called (polling, for at most a minute).
    func wait() async throws {
        for _ in 0..<60_000 {
            if lock.withLock({ fired }) { return }
            try await Task.sleep(for: .milliseconds(1))
        }
        Issue.record("the signal never fired")
    }
}
