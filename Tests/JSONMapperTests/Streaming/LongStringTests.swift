import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// Strings longer than the container budget outside the records (a member beside the array, an element of another
/// array, the whole document) are validated piece by piece as they are read: memory stays bounded, and an error in
/// them reads word for word as when the whole text is scanned at once.
@Suite("Long strings in streamed input")
struct LongStringTests {
    /// The most the window may grow to while it walks with the library's sizes.
    static let walkBound = 2 * StructureWalker.unitBudget + StreamWindow.initialCapacity

    /// Documents with a long string (`…` is where its content goes), and the records at `records`.
    static let shapes: [(before: String, after: String, records: [Int])] = [
        (#"{"big": ""#, #"", "records": [1, 2]}"#, [1, 2]),
        (#"{"big": [0, ""#, #"", 3], "records": [1, 2]}"#, [1, 2]),
        (#"{"records": [1, 2], "big": {"k": ""#, #""}}"#, [1, 2]),
        ("\"", "\"", []),
    ]

    @Test("a string four times the walker's bound, beside the records, is not held", arguments: [0, 1, 2, 3])
    func notHeld(shape: Int) throws {
        let (before, after, records) = Self.shapes[shape]
        let times = 4 * Self.walkBound
        let validating = StructureWalker(
            window: try StreamWindow(ScriptedInputStream.repeating(before, "a", times: times, after)),
            options: .default,
            target: nil)
        #expect(validating.validate() == nil)
        #expect(validating.window.capacity <= Self.walkBound)
        let streaming = StructureWalker(
            window: try StreamWindow(ScriptedInputStream.repeating(before, "a", times: times, after)),
            options: .default,
            target: [.key("records")])
        var values: [Int?] = []
        while let context = streaming.next() { values.append(context.get(Int.self, at: [])) }
        #expect(values == (records.isEmpty ? [nil] : records))
        #expect(streaming.window.capacity <= Self.walkBound)
    }

    @Test(
        "escapes and characters of every length are cut between characters, never inside one",
        arguments: ["é", "\\u00e9", "😀", "\\n", "東", #"a\"b"#, "\\ud83d\\ude00", "\\\\"])
    func everyCharacterLength(filler: String) throws {
        let budget = 64 * 1024
        let times = 3 * StreamWindow.initialCapacity / filler.utf8.count
        for (before, after, records) in Self.shapes.prefix(3) {
            let window = try StreamWindow(ScriptedInputStream.repeating(before, filler, times: times, after))
            let walker = StructureWalker(window: window, options: .default, target: [.key("records")], budget: budget)
            var values: [Int?] = []
            while let context = walker.next() { values.append(context.get(Int.self, at: [])) }
            #expect(values == records, "\(filler) in \(before)")
            #expect(window.capacity <= StreamWindow.initialCapacity + 2 * budget, "\(filler) in \(before)")
        }
    }

    /// Text to put a flaw into: characters of every length and every escape.
    static let content = Array(#"ab\u00e9é\n😀東\\x\"\ud83d\ude00\/z"#.utf8)

    /// Flaws the scanner reports inside a string.
    static let flaws: [[UInt8]] = [
        [0x01], [0x0A], Array(#"\x"#.utf8), Array(#"\u12G4"#.utf8), Array(#"\u12"#.utf8), [0x5C, 0xC3, 0xA9],
        [0xC3, 0x28], [0x80], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98], [0xF5, 0x80, 0x80, 0x80],
        [0xE6, 0x9D], [0xFF],
    ]

    @Test("a flaw anywhere in a long string gives the error the whole text gives, however the reads fall")
    func flawsAnywhere() throws {
        for flaw in Self.flaws {
            for offset in 0...Self.content.count {
                let string = Array(Self.content[..<offset]) + flaw + Array(Self.content[offset...])
                for (before, after, _) in Self.shapes {
                    let bytes = Array(before.utf8) + string + Array(after.utf8)
                    // Most flaws make the text invalid; a few make an escape of it (`\\x`).
                    let expected = JSONMapper.context(Data(bytes)).errors.first
                    for (chunk, budget) in [(1, 1), (3, 4), (7, 16), (64, 8)] {
                        let found = try Walks.firstError(bytes, chunk: chunk, budget: budget, batch: 30)
                        let comment = Comment(rawValue: "\(String(decoding: bytes, as: UTF8.self)), reads of \(chunk)")
                        #expect(found == expected, comment)
                        guard let expected else { continue }
                        let elements = try Walks.elements(
                            bytes, chunk: chunk, budget: budget, batch: 30, target: ["records"])
                        #expect(elements.last?.errors.first == expected, comment)
                    }
                }
            }
        }
    }

    @Test("a long string where the path needs the array is named in the error as in memory")
    func onThePath() throws {
        let pieces = ["a", "é", "\\u00e9", "😀", "\\n", "e\u{301}", "🇫🇷", "\\\\"]
        for length in [0, 1, 39, 40, 41, 42, 43, 90] {
            let string = (0..<length).map { pieces[$0 % pieces.count] }.joined()
            for (text, message) in [
                (#"{"records": ""# + string + #""}"#, "records: expected Array, found "),
                ("\"" + string + "\"", "expected Object, found "),
            ] {
                let found = try #require(JSONMapper.context(#"""# + string + #"""#).node?.found)
                #expect(found.hasPrefix("String \""))
                for (chunk, budget) in [(1, 1), (5, 8), (4096, 4096)] {
                    let elements = try Walks.elements(
                        Array(text.utf8), chunk: chunk, budget: budget, batch: 1, target: ["records"])
                    #expect(elements.count == 1, "\(text)")
                    #expect(elements.first.map(descriptions) == [message + found], "\(text), reads of \(chunk)")
                }
            }
        }
    }

    @Test("a long string that ends the input unterminated, or where the stream fails, reads as in memory")
    func cutOff() throws {
        let text = #"{"records": [1], "big": "ab\u00e9"# + String(repeating: "é", count: 40)
        let bytes = Array(text.utf8)
        let expected = try #require(JSONMapper.context(Data(bytes)).errors.first)
        #expect(expected.message == NativeScanner.unterminatedString)
        for chunk in [1, 5, 64] {
            #expect(try Walks.firstError(bytes, chunk: chunk, budget: 1, batch: 1) == expected)
            for count in 20...bytes.count {
                let failing = JSONMapper.context(ScriptedInputStream(bytes, reads: .of(chunk), failing: .after(count)))
                    .errors.first
                let window = try StreamWindow(ScriptedInputStream(bytes, reads: .of(chunk), failing: .after(count)))
                let walker = StructureWalker(window: window, options: .default, target: nil, budget: 1, batchLimit: 1)
                #expect(walker.validate() == failing, "failing after \(count)")
            }
        }
    }
}
