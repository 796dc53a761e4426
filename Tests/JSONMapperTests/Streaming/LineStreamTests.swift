import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

@Suite("JSON Lines from a stream")
struct LineStreamTests {
    static func lines(_ text: String) -> [(line: Int, context: JSONDeserializationContext)] {
        Array(JSONMapper.lines(InputStream(data: json(text))).numbered())
    }

    @Test("one context per non-blank line, \\n or \\r\\n, each a document of its own")
    func linesAreDocuments() {
        let text = "{\"id\": 1, \"name\": \"a\"}\r\n\n   \t\n{\"id\": 2, \"name\": 2}\n{\"id\": 3, \"name\": \"c\"}"
        let lines = Self.lines(text)
        #expect(lines.map(\.line) == [1, 4, 5])
        let items = lines.map { StreamedItem($0.context) }
        #expect(items.map(\.id) == [1, 2, 3])
        #expect(lines.allSatisfy { $0.context.valid && $0.context.path == "" })
        #expect(descriptions(lines[0].context) == [])
        #expect(descriptions(lines[1].context) == ["name: expected String, found Number 2"])
        #expect(descriptions(lines[2].context) == [])
        // The plain sequence gives the same contexts, without numbers.
        let plain = Array(JSONMapper.lines(InputStream(data: json(text))))
        #expect(plain.map { StreamedItem($0).id } == [1, 2, 3])
    }

    @Test("a malformed line gives an invalid context with its line and column in the file, and the rest maps")
    func malformedLines() {
        let text = """
            {"id": 1, "name": "a"}
            {"id": 2, "name": tru}
            [1,
            2]
            {"id": 5, "name": "e"} {"id": 6}
            1e5x
            "ok"
            {"id": 8, "name": "h"}
            """
        let lines = Self.lines(text)
        #expect(lines.map(\.line) == [1, 2, 3, 4, 5, 6, 7, 8])
        #expect(lines.map(\.context.valid) == [true, false, false, false, false, false, true, true])
        #expect(
            lines.filter { !$0.context.valid }.map { descriptions($0.context) } == [
                ["name: line 2, column 22: invalid literal: expected 'true', found '}'"],
                ["[1]: line 3, column 4: expected a value after ',', found end of input"],
                ["line 4, column 2: expected end of input after the top-level value, found ']'"],
                ["line 5, column 24: expected end of input after the top-level value, found '{'"],
                ["line 6, column 4: expected end of input after the top-level value, found 'x'"],
            ])
        #expect(StreamedItem(lines[7].context).id == 8)
        #expect(lines[6].context.get(String.self, at: []) == "ok")
    }

    @Test("lines that only balance together are each malformed")
    func linesThatBalanceTogether() {
        let lines = Self.lines("[1\n2],[3\n]")
        #expect(lines.map(\.context.valid) == [false, false, false])
        #expect(lines.map(\.line) == [1, 2, 3])
    }

    @Test("the depth limit applies to each line, and a byte-order mark only at the start")
    func depthAndByteOrderMark() {
        let options = JSONMapper.Options(maximumDepth: 2)
        let text = "\u{FEFF}[[1]]\n[[[1]]]\n\u{FEFF}[1]\n"
        let lines = Array(JSONMapper.lines(InputStream(data: json(text)), options: options).numbered())
        #expect(lines.map(\.context.valid) == [true, false, false])
        #expect(lines[0].context.getArray(at: [0]) == [1])
        #expect(
            descriptions(lines[1].context) == ["[0]: line 2, column 3: nesting is deeper than the limit of 2 levels"])
        #expect(descriptions(lines[2].context) == ["line 3, column 1: expected a value, found byte 0xEF"])
    }

    @Test("every line maps as the same text would alone, in batches and out of them")
    func differential() throws {
        var generator = SplitMix64(seed: 12)
        let base = Array(#"{"a": [1, -2.5e3, "x\"y\u00e9"], "b": {"c": true, "d": null}, "e": "é😀"}"#.utf8)
        for round in 0..<60 {
            var lines: [[UInt8]] = []
            for k in 0..<40 {
                let line = (k + round) % 3 == 0 ? mutated(base, using: &generator) : base
                // A mutation may add a newline: split there, as a file would.
                lines += line.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
            }
            let bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
            let window = try StreamWindow(ScriptedInputStream(bytes, reads: .of(1 + round * 37)))
            let splitter = LineSplitter(window: window, options: .default, batchLimit: 1 + round * 97)
            var streamed: [Int: JSONDeserializationContext] = [:]
            while let (line, context) = splitter.next() { streamed[line] = context }
            for (index, line) in lines.enumerated() {
                var content = line
                if content.last == UInt8(ascii: "\r") { content.removeLast() }
                let alone = JSONMapper.context(Data(content))
                let blank = content.allSatisfy { [0x20, 0x09, 0x0D, 0x0A].contains($0) }
                guard let context = streamed[index + 1] else {
                    #expect(blank, "line \(index + 1) is missing")
                    continue
                }
                #expect(context.valid == alone.valid, "line \(index + 1)")
                #expect(context.errors.first?.message == alone.errors.first?.message, "line \(index + 1)")
                #expect(context.errors.first?.column == alone.errors.first?.column, "line \(index + 1)")
                #expect(context.errors.first?.line.map { $0 - index } == alone.errors.first?.line)
                if alone.valid, let a = alone.node, let b = context.node {
                    #expect(EngineComparison.differences(a, b).isEmpty, "line \(index + 1)")
                }
            }
        }
    }

    @Test("a stream that fails ends the lines with its error")
    func failingStream() {
        let text = "{\"id\": 1, \"name\": \"a\"}\n{\"id\": 2, \"name\": \"b\"}\n{\"id\": 3, \"name\": \"c\"}\n"
        let stream = ScriptedInputStream(Array(text.utf8), reads: .of(7), failing: .after(50))
        let lines = Array(JSONMapper.lines(stream).numbered())
        #expect(lines.map(\.line) == [1, 2, 3])
        #expect(lines.prefix(2).allSatisfy { $0.context.valid })
        #expect(
            lines.last.map { descriptions($0.context) } == [
                "line 3, column 5: the stream failed after 50 bytes: it reported an error"
            ])
        #expect(stream.closeCount == 1)
    }

    @Test("a sequence over a stream iterates once, then says so; a sequence over a file reads it again")
    func secondIteration() throws {
        let sequence = JSONMapper.lines(InputStream(data: json("1\n2\n")))
        #expect(sequence.map { $0.get(Int.self, at: []) } == [1, 2])
        let again = Array(sequence)
        #expect(again.count == 1 && again.first?.errors.first == StreamSource.alreadyRead)

        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-\(UUID()).jsonl")
        try json("1\n2\n").write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let file = JSONMapper.lines(contentsOf: url)
        #expect(file.map { $0.get(Int.self, at: []) } == [1, 2])
        #expect(file.numbered().map(\.line) == [1, 2])
    }

    @Test("contexts outlive the iteration and map from many threads at once")
    func threads() {
        let count = 3_000
        let text = (0..<count).map { #"{"id": \#($0), "name": "n\#($0)"}"# }.joined(separator: "\n")
        let contexts = Array(JSONMapper.lines(InputStream(data: json(text))))
        #expect(contexts.count == count)
        let wrong = SharedList<Int>()
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let item = StreamedItem(contexts[index])
            _ = contexts[index].getBool("id")
            if !(item.id == index && item.name == "n\(index)") { wrong.append(index) }
        }
        #expect(wrong.values == [])
        #expect(contexts.allSatisfy { $0.errors.map(\.path) == ["id"] })
    }

    @Test("a malformed line longer than the first check is reported and skipped without holding it all")
    func longMalformedLine() throws {
        let long = "{\"a\": 1 \"b\": \"" + String(repeating: "x", count: 3 * LineSplitter.firstEarlyCheck)
        let bytes = Array((#"{"id": 1, "name": "a"}"# + "\n" + long + "\"}\n" + #"{"id": 3, "name": "c"}"#).utf8)
        let window = try StreamWindow(InputStream(data: Data(bytes)))
        let splitter = LineSplitter(window: window, options: .default)
        var lines: [(Int, JSONDeserializationContext)] = []
        while let next = splitter.next() { lines.append(next) }
        #expect(lines.map(\.0) == [1, 2, 3])
        #expect(
            lines.map { descriptions($0.1) } == [
                [], ["line 2, column 9: expected ',' or '}' after an object member, found '\"'"], [],
            ])
        #expect(window.capacity < 2 * LineSplitter.firstEarlyCheck)
    }
}
