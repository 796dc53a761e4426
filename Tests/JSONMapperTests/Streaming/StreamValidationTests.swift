import Foundation
import JSONMapperTestSupport
import Testing

@testable import JSONMapper

/// The streamed walk against the in-memory scanner: the same verdict and the same first error, word for word, with
/// the same line, column and path, however the input is cut into reads and whatever the walker holds whole.
@Suite("Streamed validation agrees with the in-memory parser")
struct StreamValidationTests {
    @Test(
        "every JSONTestSuite file gives the same first error, read a byte at a time or in large reads",
        SharedDataSuite.streamValidation.trait)
    func jsonTestSuite() throws {
        let names = try TestSuiteFiles.names(prefix: "")
        #expect(names.count == 318)
        for name in names {
            let data = try TestSuiteFiles.data(name)
            let expected = JSONMapper.context(data).errors.first
            try Walks.expectSameFirstError(Array(data), as: expected, name)
            #expect(JSONMapper.validate(InputStream(data: data)) == expected, "\(name)")
            // As a top-level array, its elements stream, then the same error ends them.
            let elements = Array(JSONMapper.elements(of: InputStream(data: data)))
            if let expected {
                #expect(elements.last?.errors.first == expected, "\(name)")
                #expect(elements.dropLast().allSatisfy { $0.valid }, "\(name)")
            } else if JSONMapper.context(data).node?.kind == .array {
                #expect(elements.count == JSONMapper.context(data).node?.count, "\(name)")
            }
        }
    }

    static let base = Array(
        (#"{"pre": {"k": [1, "a\nb"]}, "records": [{"a": [1, -2.5e3, "x\"y\u00e9"]}, "#
            + #"{"b": [true, false, null, []], "c": {}}, 7, "s", [[0]]], "d\t": "é😀", "e": [[[0]]]}"#).utf8)

    @Test("mutated documents give the same first error, for validation and for the elements of an array in them")
    func mutations() throws {
        var generator = SplitMix64(seed: 2026)
        for round in 0..<1500 {
            let bytes = mutated(Self.base, using: &generator)
            let options = JSONMapper.Options(maximumDepth: round % 5 == 0 ? 3 : 512)
            let direct = JSONMapper.context(Data(bytes), options: options)
            let setting = Walks.settings[round % Walks.settings.count]
            let found = try Walks.firstError(
                bytes, chunk: setting.chunk, budget: setting.budget, batch: setting.batch, options: options)
            #expect(found == direct.errors.first, "\(String(decoding: bytes, as: UTF8.self))")
            let elements = try Walks.elements(
                bytes, chunk: setting.chunk, budget: setting.budget, batch: setting.batch, target: ["records"],
                options: options)
            if let expected = direct.errors.first {
                #expect(elements.last?.errors.first == expected, "\(String(decoding: bytes, as: UTF8.self))")
            } else if let records = direct.node?.member("records"), records.kind == .array {
                #expect(elements.count == records.count)
                for (index, element) in elements.enumerated() {
                    guard let node = element.node, let expected = records.element(at: index) else { continue }
                    #expect(EngineComparison.differences(expected, node).isEmpty)
                }
            }
        }
    }

    /// Text with a string, escapes (`\"`, `\u00e9`, a surrogate pair), multi-byte UTF-8, numbers of every form,
    /// literals and `\r\n` line ends, for cutting at every byte.
    static let cuttable =
        "{\"meta\": \"é\\u00e9\",\r\n \"records\": [\r\n"
        + "{\"id\": -12.5e+3, \"name\": \"a \\\"quoted\\\" 😀 \\ud83d\\ude00\"},\r\n"
        + "{\"id\": 12345678901234567890, \"name\": \"東京\"}, true, null, false,\r\n"
        + "{\"id\": 0.001, \"name\": \"\\\\\\/\\b\\f\\n\\r\\t\"}]}\r\n"

    @Test("a read may end at any byte: inside a string, a number, an escape, a character, or a \\r\\n")
    func everyCut() {
        let bytes = Array(Self.cuttable.utf8)
        let direct = JSONMapper.context(Data(bytes))
        #expect(direct.valid)
        let records = direct.node?.member("records")
        for cut in 0...bytes.count {
            let elements = Array(
                JSONMapper.elements(of: ScriptedInputStream(bytes, reads: .split(at: cut)), at: ["records"]))
            #expect(elements.count == 6, "cut at \(cut)")
            for (index, element) in elements.enumerated() {
                guard let node = element.node, let expected = records?.element(at: index) else {
                    Issue.record("cut at \(cut): element \(index) is missing")
                    continue
                }
                #expect(EngineComparison.differences(expected, node).isEmpty, "cut at \(cut)")
            }
            #expect(JSONMapper.validate(ScriptedInputStream(bytes, reads: .split(at: cut))) == nil, "cut at \(cut)")
            // Malformed at the end: the same error wherever the read ends.
            let broken = Array(bytes.dropLast(4)) + Array("x}\r\n".utf8)
            let error = JSONMapper.context(Data(broken)).errors.first
            #expect(error != nil)
            #expect(JSONMapper.validate(ScriptedInputStream(broken, reads: .split(at: cut))) == error, "cut at \(cut)")
        }
    }

    @Test("JSON Lines cut at every byte give the same lines")
    func everyCutOfLines() {
        let text =
            "{\"id\": -12.5e+3, \"name\": \"a \\\"q\\\" 😀 \\ud83d\\ude00\"}\r\n\r\n"
            + "{\"id\": 1, \"name\": \"東京\"}\n  tru\r\n\"\\u00e9\"\n12345678901234567890\r\n"
        let bytes = Array(text.utf8)
        let expected = Array(JSONMapper.lines(InputStream(data: Data(bytes))).numbered())
        #expect(expected.map(\.line) == [1, 3, 4, 5, 6])
        #expect(expected.map(\.context.valid) == [true, true, false, true, true])
        for cut in 0...bytes.count {
            let lines = Array(JSONMapper.lines(ScriptedInputStream(bytes, reads: .split(at: cut))).numbered())
            #expect(lines.map(\.line) == expected.map(\.line), "cut at \(cut)")
            #expect(
                lines.map { descriptions($0.context) } == expected.map { descriptions($0.context) }, "cut at \(cut)")
            for (line, other) in zip(lines, expected) {
                if let a = line.context.node, let b = other.context.node {
                    #expect(EngineComparison.differences(a, b).isEmpty, "cut at \(cut), line \(line.line)")
                }
            }
        }
    }
    @Test("a check, which keeps no tape, names the keys and indices around an error after thousands of values")
    func errorsAfterThousandsOfValues() throws {
        // A check keeps each open key's entry on its stack, not on a tape: thousands of values come between the
        // keys and the error (a check once kept a short tape of 4,096 entries, which started over twice here).
        let many = 4096 * 5 / 2
        let zeros = Array(repeating: "0", count: many).joined(separator: ",")
        let cases: [(text: String, path: String)] = [
            (#"{"outer": [\#(zeros), x]}"#, "outer[\(many)]"),
            // A key with an escape is read by the scanner's full key path; the error is in a later member.
            (#"{"a\u0062": {"k": [\#(zeros)], "m": tru}}"#, "ab.m"),
            (#"{"é": [\#(zeros), {"deep": [\#(zeros)"#, "é[\(many)].deep"),
            (#"[{"p": 1}, [\#(zeros)], {"q": [\#(zeros), 1,]}]"#, "[2].q[\(many + 1)]"),
            (#"{"k": "s", "z": [\#(zeros)], "y": }"#, "y"),
        ]
        for (text, path) in cases {
            let data = Data(text.utf8)
            let expected = try #require(JSONMapper.context(data).errors.first)
            #expect(expected.path == path, "\(text.prefix(24))")
            #expect(JSONMapper.validate(InputStream(data: data)) == expected, "\(text.prefix(24))")
            try Walks.expectSameFirstError(Array(data), as: expected, String(text.prefix(24)))
        }
    }

    @Test("a check names keys read by the scanner's full key path as the parser does, escapes decoded")
    func keysOnTheFullPath() throws {
        // Keys the scanner's fast path leaves to `memberKeyInFull`: escaped, not ASCII, empty, or with whitespace
        // before the colon. A check writes no tape, so it makes each key's entry from its text; the error inside
        // the value must name the key as the parser names it.
        // Each key as written, and as the error's path names it.
        let cases: [(key: String, segment: String)] = [
            (#""a\"b""#, #"["a\"b"]"#), (#""\u00e9t\u00e9""#, "été"), (#""\\""#, #"["\\"]"#),
            (#""\n""#, #"["\n"]"#), (#""ünï""#, "ünï"), (#""""#, #"[""]"#), (#""k" "#, "k"), (#""\/x"  "#, "/x"),
            (#""\ud83d\ude00 \u0000""#, #"["😀 \u0000"]"#),
        ]
        for (key, segment) in cases {
            let inner = segment.hasPrefix("[") ? segment : "." + segment
            for (text, path) in [
                (#"{\#(key): [1, tru]}"#, segment + "[1]"),
                (#"{"o": {"p": 0, \#(key): {"q": [nul]}}}"#, "o" + inner + ".q[0]"),
            ] {
                let data = Data(text.utf8)
                let expected = try #require(JSONMapper.context(data).errors.first)
                #expect(expected.path == path, "\(text)")
                #expect(JSONMapper.validate(InputStream(data: data)) == expected, "\(text)")
                try Walks.expectSameFirstError(Array(data), as: expected, text)
            }
        }
    }

    @Test("containers and keys after thousands of values are checked as the parser does")
    func containersAfterThousandsOfValues() {
        // `lead` values come first (the outer array and its zeros), so that the containers and keys of each tail
        // come where the parser's tape has thousands of entries and the check's none (the check once kept a short
        // tape of 4,096 entries, and these leads put the tails around its end).
        let block = 4096
        for lead in (block - 6)...(block + 2) {
            let zeros = Array(repeating: "0", count: lead - 1).joined(separator: ",")
            for tail in [#"[[[1]], [2]]"#, #"{"a": {"b": [3]}, "c": {}}"#, #"{"a": {"b": tru}}"#, #"[[1, ]]"#] {
                let data = Data("[\(zeros), \(tail)]".utf8)
                let expected = JSONMapper.context(data).errors.first
                #expect(JSONMapper.validate(InputStream(data: data)) == expected, "\(lead) entries, then \(tail)")
            }
        }
    }

    @Test("past the whole-scan limit validate walks on from the bytes it read ahead, with the scanner's errors")
    func pastTheWholeScanLimit() throws {
        // About 1.2 times the limit of records, so that the read-ahead stops inside one and the walker takes over.
        let record = Array(#"{"a": [1, -2.5e3, "x\"y\u00e9 東京"], "b": {"c": null}},"#.utf8)
        let repeats = StructureWalker.wholeScanLimit * 21 / 20 / record.count
        let body = Array([[UInt8(ascii: "[")], Array(repeating: record, count: repeats).flatMap { $0 }].joined())
        let valid = Data(body + Array("0]".utf8))
        #expect(valid.count > StructureWalker.wholeScanLimit)
        #expect(JSONMapper.validate(InputStream(data: valid)) == nil)
        var early = body
        early[record.count * 10 + 7] = UInt8(ascii: "x")  // inside the read-ahead
        var late = body
        late[body.count - 3] = UInt8(ascii: "]")  // past it: `…}]` closes the array early
        for broken in [Data(early + Array("0]".utf8)), Data(late + Array("0]".utf8))] {
            let expected = try #require(JSONMapper.context(broken).errors.first)
            #expect(JSONMapper.validate(InputStream(data: broken)) == expected)
        }
        // A file, which ends without its last bracket: the error at the very end.
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("walk-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(body).write(to: file)
        let unterminated = try #require(JSONMapper.context(Data(body)).errors.first)
        #expect(JSONMapper.validate(contentsOf: file) == unterminated)
        #expect(unterminated.line == 1)
    }
}
