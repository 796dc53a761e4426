import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// `JSONMapper.textSequence`: RFC 7464 JSON text sequences from an async source.
@Suite("JSON text sequences (RFC 7464)")
struct TextSequenceTests {
    static let rs = "\u{1E}"

    static func texts(_ bytes: [UInt8], cuts: [Int] = []) async -> [SeenRecord] {
        var seen: [SeenRecord] = []
        for await (number, context) in JSONMapper.textSequence(ScriptedAsyncSource(bytes, cuts: cuts)).numbered() {
            seen.append(SeenRecord(context, number: number))
        }
        return seen
    }

    static func texts(_ text: String) async -> [SeenRecord] {
        await texts(Array(text.utf8))
    }

    @Test("each text after RS is a document; whitespace around it is fine; empty texts are skipped and not numbered")
    func textsAndEmptyTexts() async {
        let seen = await Self.texts("\(Self.rs){\"a\": 1}\n\(Self.rs)\(Self.rs)  \n\(Self.rs) [1,\n 2] \n\(Self.rs)\"x\"\(Self.rs)\n\(Self.rs)true\n")
        #expect(seen.map(\.number) == [1, 2, 3, 4])
        #expect(seen.map(\.value) == [["a": 1], [1, 2], "x", true])
        #expect(seen.allSatisfy { $0.valid && $0.errors.isEmpty })
    }

    @Test("a number or literal with no whitespace after it may be truncated: an invalid context that says so")
    func truncatedScalars() async {
        let seen = await Self.texts("\(Self.rs)123\(Self.rs)123\n\(Self.rs)null\(Self.rs){}\(Self.rs)[]\(Self.rs)-1.5")
        #expect(seen.map(\.valid) == [false, true, false, true, true, false])
        let truncated = "line 1, column 4: the text ends in a number or literal with no whitespace after it: "
            + "it may have been truncated"
        #expect(seen[0].errors == [truncated])
        #expect(seen[2].errors == [truncated.replacingOccurrences(of: "column 4", with: "column 5")])
        #expect(seen[5].errors == [truncated.replacingOccurrences(of: "column 4", with: "column 5")])
        #expect(seen.map(\.number) == [1, 2, 3, 4, 5, 6])
    }

    @Test("a malformed text has the error the same text gets in memory, and the sequence goes on", arguments: [
        "{\"a\": tru}\n", "[1,\n  2,,]\n", "{\"a\" 1}", "\"\\x\"\n", "1 2\n", "[\"é\", nul]\n",
    ])
    func malformedText(_ text: String) async {
        let seen = await Self.texts("\(Self.rs){\"ok\": 1}\n\(Self.rs)\(text)\(Self.rs)2\n")
        #expect(seen.map(\.number) == [1, 2, 3])
        #expect(seen[1].errors == descriptions(JSONMapper.context(json(text))))
        #expect(!seen[1].errors.isEmpty)
        #expect(seen[2].value == 2)
    }

    @Test("bytes before the first RS are one invalid context; whitespace alone there is an empty text")
    func bytesBeforeFirstRS() async {
        let seen = await Self.texts("  {\"a\": 1}\n\(Self.rs)2\n")
        #expect(
            seen.map(\.errors) == [
                ["line 1, column 3: expected a record separator (0x1E) before the first text, found '{'"], [],
            ])
        #expect(seen.map(\.number) == [1, 2])
        #expect(await Self.texts(" \n\(Self.rs)2\n").map(\.value) == [2])
    }

    @Test("a byte-order mark is skipped at the start of the input and of each text, as a text alone skips it")
    func byteOrderMarks() async {
        let bom = "\u{FEFF}"
        let texts = ["\(bom)1", "\(bom){\"a\": 1}\n", "\(bom) [2]\n", "\(bom)[tru]\n", "[1, \(bom)2]\n", "\(bom)3\n"]
        let bytes = Array("\(bom)\(Self.rs)\(texts.joined(separator: Self.rs))".utf8)
        let whole = await Self.texts(bytes)
        #expect(whole.map(\.number) == [1, 2, 3, 4, 5, 6])
        #expect(whole.map(\.valid) == [false, true, true, false, false, true])
        // A number after a mark, with nothing after it, may be truncated as any other (the mark is one column).
        #expect(
            whole[0].errors == [
                "line 1, column 3: the text ends in a number or literal with no whitespace after it: it may have "
                    + "been truncated"
            ])
        #expect(whole.map(\.value)[1...2] == [["a": 1], [2]])
        #expect(whole[5].value == 3)
        // A malformed text, with its mark or with a mark inside it, has the error it has alone in memory.
        for i in [3, 4] {
            #expect(whole[i].errors == descriptions(JSONMapper.context(json(texts[i]))))
            #expect(!whole[i].errors.isEmpty)
        }
        for cuts in JSONMapperTests.everySplit(of: bytes.count) {
            #expect(await Self.texts(bytes, cuts: cuts) == whole, "cuts \(cuts)")
        }
        var bytewise: [SeenRecord] = []
        let source = ScriptedAsyncSource(bytes, chunkSize: 1).singleBytes
        for await (number, context) in JSONMapper.textSequence(source).numbered() {
            bytewise.append(SeenRecord(context, number: number))
        }
        #expect(bytewise == whole)
        // A text of a mark and whitespace is empty, as a text of whitespace is: skipped and not numbered.
        let markOnly = await Self.texts("\(Self.rs)\(bom)\t \n\(Self.rs)2\n")
        #expect(markOnly.map(\.number) == [1])
        #expect(markOnly.map(\.value) == [2])
        // Marks before the first RS: skipped at the very start; anything else there is one invalid context.
        #expect(await Self.texts("\(bom) \n\(Self.rs)2\n").map(\.value) == [2])
        let before = await Self.texts(" \(bom)\(Self.rs)2\n")
        #expect(before.map(\.valid) == [false, true])
        #expect(before[0].errors.first?.contains("expected a record separator (0x1E) before the first text") == true)
    }

    @Test("every cut at one or two places gives the same texts")
    func everySplit() async {
        let bytes = Array("x\(Self.rs){\"é\": \"😀\\n\"}\r\n\(Self.rs)\(Self.rs)12\(Self.rs) [tru]\n\(Self.rs)3 \n".utf8)
        let whole = await Self.texts(bytes)
        #expect(whole.map(\.number) == [1, 2, 3, 4, 5])
        #expect(whole.map(\.valid) == [false, true, false, false, true])
        for cuts in JSONMapperTests.everySplit(of: bytes.count) {
            #expect(await Self.texts(bytes, cuts: cuts) == whole, "cuts \(cuts)")
        }
        var bytewise: [SeenRecord] = []
        let source = ScriptedAsyncSource(bytes, chunkSize: 1).singleBytes
        for await (number, context) in JSONMapper.textSequence(source).numbered() {
            bytewise.append(SeenRecord(context, number: number))
        }
        #expect(bytewise == whole)
    }

    @Test("a text a failing source cut short is not handed out: the failure is")
    func failingSource() async {
        let bytes = Array("\(Self.rs){\"a\": 1}\n\(Self.rs){\"a\": 22}\n".utf8)
        var seen: [SeenRecord] = []
        for await (number, context) in JSONMapper.textSequence(ScriptedAsyncSource(bytes, chunkSize: 3, failing: 15))
            .numbered()
        {
            seen.append(SeenRecord(context, number: number))
        }
        #expect(seen.map(\.value) == [["a": 1], nil])
        #expect(seen.last?.errors == ["line 2, column 6: the source failed after 15 bytes: connection reset after 15 bytes"])
        #expect(seen.map(\.number) == [1, 2])
    }
}
