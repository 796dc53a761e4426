import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `JSONMapper.elements(of:at:)` and `JSONMapper.validate` over async sources: the same answers as from an
/// `InputStream`, however the bytes are cut; a failing source, a cancelled task, the end.
@Suite("Array elements and validation from an async source")
struct AsyncElementTests {
    static let smallInputs: [(String, [JSONPathElement])] = [
        (#"{"a": [1, "é😀", {"k": [true, null]}, -2.5e3, "\u00e9"], "b": 2}"#, ["a"]),
        ("\u{FEFF}[1,2 ,3]\r\n", []),
        (#"[{"x":1},{"x":}]"#, []),
        (#"{"a": {"b": 1}, "c": [1]}"#, ["a"]),
        (#"[1, 12] x"#, []),
        (#"{"é": [[1], []], "z": [1,]}"#, ["é"]),
    ]

    @Test(
        "every cut at one or two places, one-byte chunks and empty chunks give the InputStream's elements and errors",
        arguments: smallInputs)
    func everySplit(_ text: String, _ path: [JSONPathElement]) async {
        let bytes = Array(text.utf8)
        let expected = Streamed.elements(bytes, at: path)
        let expectedError = JSONMapper.validate(InputStream(data: Data(bytes)))
        #expect(!expected.isEmpty)
        for cuts in JSONMapperTests.everySplit(of: bytes.count) {
            let source = ScriptedAsyncSource(bytes, cuts: cuts)
            #expect(await Streamed.elements(source, at: path) == expected, "cuts \(cuts)")
            #expect(await JSONMapper.validate(source) == expectedError, "cuts \(cuts)")
        }
        let bytewise = ScriptedAsyncSource(bytes, chunkSize: 1, emptyChunks: true)
        #expect(await Streamed.elements(bytewise, at: path) == expected)
        #expect(await Streamed.elements(bytesOf: bytewise.singleBytes, at: path) == expected)
        #expect(await Streamed.elements(ScriptedAsyncSource(bytes, chunkSize: 2).asData, at: path) == expected)
        #expect(await JSONMapper.validate(bytewise.singleBytes) == expectedError)
    }

    @Test("elements and errors word for word")
    func wordForWord() async {
        let source = ScriptedAsyncSource(Array(#"{"a": [{"id": 1, "name": "x"}, {"id": 2}, 3,]}"#.utf8), chunkSize: 3)
        let seen = await Streamed.elements(source, at: ["a"])
        #expect(seen.map(\.value) == [["id": 1, "name": "x"], ["id": 2], 3, nil])
        #expect(
            seen.last?.errors == [
                "a[3]: line 1, column 45: expected a value after ',', found ']' (trailing commas are not allowed)"
            ])
        #expect(
            await JSONMapper.validate(source)?.description
                == "a[3]: line 1, column 45: expected a value after ',', found ']' (trailing commas are not allowed)")
        let mismatch = await Streamed.elements(ScriptedAsyncSource(Array(#"{"a": {}}"#.utf8), chunkSize: 1), at: ["a"])
        #expect(mismatch.map(\.errors) == [["a: expected Array, found Object"]])
    }

    @Test("random cuts of large documents (long strings beside the array, containers past the budget) give the same")
    func randomSplitsOfLargeInputs() async {
        var generator = SplitMix64(seed: 2525)
        let records = StreamDocuments.document(ofSize: 3 << 20)
        let long = "\"" + String(repeating: "ü\\n", count: 700_000) + "\""
        let big = "{\"k\": [" + (0..<150_000).map { "{\"n\": \($0)}" }.joined(separator: ",") + "]}"
        let documents: [([UInt8], [JSONPathElement])] = [
            (Array(records), []),
            (Array("{\"skip\": \(long), \"other\": \(big), \"items\": \(String(decoding: records, as: UTF8.self))}".utf8),
             ["items"]),
            (Array("{\"skip\": \(long), \"items\": [1, {\"bad\": tru}]}".utf8), ["items"]),
        ]
        for (bytes, path) in documents {
            let expected = Streamed.elements(bytes, at: path)
            let expectedError = JSONMapper.validate(InputStream(data: Data(bytes)))
            #expect(!expected.isEmpty)
            for largest in [1_000, 100_000] {
                let source = ScriptedAsyncSource(bytes, cuts: randomCuts(of: bytes.count, largest: largest, using: &generator))
                #expect(await Streamed.elements(source, at: path) == expected, "chunks up to \(largest)")
                #expect(await JSONMapper.validate(source) == expectedError, "chunks up to \(largest)")
            }
        }
    }

    @Test("a source that throws: every element whole before it, no other, then its error; validate returns it")
    func throwingSource() async {
        let bytes = Array(#"{"a": [12, true, "x", {"b": [1]}, 345]}"#.utf8)
        for failing in 0..<bytes.count {
            let expected = Streamed.asSourceFailure(Streamed.elements(bytes, at: ["a"], failing: failing), failing: failing)
            let stream = ScriptedInputStream(bytes, reads: .of(7), failing: .after(failing))
            let streamError = JSONMapper.validate(stream)?.description
            for chunk in [1, 3, 64] {
                let source = ScriptedAsyncSource(bytes, chunkSize: chunk, failing: failing)
                #expect(await Streamed.elements(source, at: ["a"]) == expected, "failing at \(failing), chunks of \(chunk)")
                #expect(await Streamed.elements(bytesOf: source.singleBytes, at: ["a"]) == expected)
                let error = await JSONMapper.validate(source)
                #expect(
                    error?.description == streamError.map {
                        $0.replacingOccurrences(
                            of: "the stream failed after \(failing) bytes: it reported an error",
                            with: "the source failed after \(failing) bytes: connection reset after \(failing) bytes")
                    }, "failing at \(failing)")
            }
        }
        // A number is whole only once the byte after it has arrived.
        let cut = await Streamed.elements(ScriptedAsyncSource(Array("[12, 34".utf8), chunkSize: 100, failing: 7), at: [])
        #expect(cut.map(\.value) == [12, nil])
        #expect(cut.last?.errors == ["line 1, column 8: the source failed after 7 bytes: connection reset after 7 bytes"])
    }

    @Test("cancelled: elements end with nil and ask for nothing more; validate returns an error, never nil")
    func cancellation() async throws {
        let source = StallingSource(first: Array("[1, 2, {\"a\"".utf8))
        let task = Task { await Streamed.elements(source, at: []) }
        try await source.stalled.wait()
        task.cancel()
        #expect(await task.value.map(\.value) == [1, 2])
        #expect(source.pulls.value == 2)

        let waiting = StallingSource(first: Array("[1, 2]".utf8))
        let validation = Task { await JSONMapper.validate(waiting) }
        try await waiting.stalled.wait()
        validation.cancel()
        #expect(await validation.value?.description == "line 1, column 7: the task was cancelled after 6 bytes")

        let before = ScriptedAsyncSource(Array("[1]".utf8), chunkSize: 1)
        let early = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return (await Streamed.elements(before, at: []), await JSONMapper.validate(before))
        }
        let (elements, error) = await early.value
        #expect(elements == [])
        #expect(error?.description == "line 1, column 1: the task was cancelled after 0 bytes")
        #expect(before.pulls.value == 0)
    }

    @Test("after the end, and after the error that ends the walk, next() keeps returning nil")
    func afterTheEnd() async {
        var iterator = JSONMapper.elements(of: ScriptedAsyncSource(Array("[1] x".utf8), chunkSize: 1)).makeAsyncIterator()
        #expect(await iterator.next()?.getValue(as: Int.self) == 1)
        #expect(await iterator.next()?.valid == false)
        for _ in 0..<3 { #expect(await iterator.next() == nil) }
    }

    /// The first `count` elements at `path` of `text` given one byte at a time by a source that then stalls until
    /// cancelled, each described by `describe`. Were an element held back, the source would be asked for the byte
    /// after it and stall: a watchdog cancels after 20 seconds, and the elements seen by then come back.
    static func elementsBeforeStall(
        _ text: String, at path: [JSONPathElement], count: Int,
        _ describe: @escaping @Sendable (JSONDeserializationContext) -> String?
    ) async -> [String?] {
        let source = StallingByteSource(first: Array(text.utf8))
        let task = Task { () -> [String?] in
            var seen: [String?] = []
            for await element in JSONMapper.elements(of: source, at: path) {
                seen.append(describe(element))
                if seen.count == count { break }
            }
            return seen
        }
        let watchdog = Task {
            try await Task.sleep(for: .seconds(20))
            task.cancel()
        }
        let seen = await task.value
        watchdog.cancel()
        return seen
    }

    @Test("single bytes: an element is out once its last byte arrives, whatever , ] } and quotes its strings hold")
    func singleBytesPrompt() async throws {
        // The run of bytes ends only at a `,` `]` `}` of the elements' own level: these strings and nested values
        // must neither end it early nor keep it from ending at the element's last `}`.
        let text = #"{"records":[{"a":"x,]}\"y\\","b":[1,{"c":[2]}]},{"a":"z"}"#
        let seen = await Self.elementsBeforeStall(text, at: ["records"], count: 2) { $0.getString("a") }
        #expect(seen == [#"x,]}"y\"#, "z"])

        // Elements that are strings, and numbers and literals followed by whitespace, are whole as well.
        for (text, expected) in [
            (#"["a", "b""#, [#""a""#, #""b""#]), ("[1, 2 ", ["1", "2"]), ("[true,\tfalse\r", ["true", "false"]),
            (#"{"records": [[1], {"k": "v"}, -0.5 "#, ["[1]", #"{"k":"v"}"#, "-0.5"]),
        ] {
            let path: [JSONPathElement] = text.hasPrefix("{") ? ["records"] : []
            let seen = await Self.elementsBeforeStall(text, at: path, count: expected.count) { element in
                let written = element.getValue(as: JSONValue.self).flatMap { try? JSONMapper.data(from: $0) }
                return written.map { String(decoding: $0, as: UTF8.self) } ?? "?"
            }
            #expect(seen == expected, "\(text)")
        }
    }

    @Test("single bytes, cancelled while the source waits: the byte it hands back is the last asked for")
    func singleBytesCancelled() async throws {
        for entry in ["elements", "lines", "validate"] {
            let first = entry == "lines" ? #"{"a": 1}"# + "\n" + #"{"a""# : #"[1, 2, {"a""#
            // After the cancellation the source goes on handing out bytes instead of throwing.
            let source = StallingByteSource(first: Array(first.utf8), then: Array(#": 3}, 4]"#.utf8))
            let task = Task { () -> Int in
                switch entry {
                case "elements": return await Streamed.elements(bytesOf: source, at: []).count
                case "lines": return await Streamed.lines(bytesOf: source).count
                default: return await JSONMapper.validate(source) == nil ? -1 : 0
                }
            }
            try await source.stalled.wait()
            task.cancel()
            let delivered = await task.value
            #expect(delivered == (entry == "validate" ? 0 : entry == "lines" ? 1 : 2), "\(entry)")
            #expect(source.pulls.value == first.utf8.count + 1, "\(entry)")
        }
    }
}

/// Single bytes: `first` one at a time; then it waits, until the task is cancelled, for the next byte, and hands out
/// the bytes of `then` (a source that does not throw when cancelled), counting the bytes asked for.
struct StallingByteSource: AsyncSequence, Sendable {
    let first: [UInt8]
    var then: [UInt8] = []
    let pulls = Counter()
    let stalled = Signal()

    func makeAsyncIterator() -> Iterator { Iterator(source: self) }

    struct Iterator: AsyncIteratorProtocol {
        let source: StallingByteSource
        var offset = 0

        mutating func next() async -> UInt8? {
            source.pulls.increment()
            defer { offset += 1 }
            if offset < source.first.count { return source.first[offset] }
            if offset == source.first.count {
                source.stalled.fire()
                while !Task.isCancelled { try? await Task.sleep(for: .milliseconds(1)) }
            }
            let index = offset - source.first.count
            return index < source.then.count ? source.then[index] : nil
        }
    }
}
