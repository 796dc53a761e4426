import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

@testable import JSONMapperCLI

@Suite("jsonmapper format")
struct FormatCommandTests {
    let document = #"{"b": [1, 12.50, 1e400, -0, {}], "a": {"z": "\u0041\n", "y": []}, "b2": null}"#

    @Test("two-space indent by default; numbers keep their text")
    func pretty() {
        let run = CapturedRun(["format"], input: document)
        #expect(run.status == 0)
        #expect(run.errorOutput == "")
        #expect(
            run.output == """
                {
                  "b": [
                    1,
                    12.50,
                    1e400,
                    -0,
                    {}
                  ],
                  "a": {
                    "z": "A\\n",
                    "y": []
                  },
                  "b2": null
                }

                """)
    }

    @Test("--compact, --sort-keys and --indent N")
    func options() {
        let compact = CapturedRun(["format", "-", "--compact", "--sort-keys"], input: document)
        #expect(compact.status == 0)
        #expect(compact.output == #"{"a":{"y":[],"z":"A\n"},"b":[1,12.50,1e400,-0,{}],"b2":null}"# + "\n")
        let four = CapturedRun(["format", "--indent", "4"], input: #"{"a": [1]}"#)
        #expect(four.output == "{\n    \"a\": [\n        1\n    ]\n}\n")
        let zero = CapturedRun(["format", "--indent", "0"], input: #"{"a": [1]}"#)
        #expect(zero.output == "{\n\"a\": [\n1\n]\n}\n")
        let scalar = CapturedRun(["format"], input: " \"x\" ")
        #expect(scalar.output == "\"x\"\n")
    }

    @Test("a file is read by its path")
    func file() {
        let run = CapturedRun(["format", fixturePath("people.json"), "--compact"])
        #expect(run.status == 0)
        let expected = (try? TestFiles.fixture("people.json")).flatMap { try? JSONValue(parsing: $0) }?.description
        #expect(run.output == (expected ?? "?") + "\n")
    }

    @Test("malformed input: FILE:LINE:COL: error: as check prints it, exit 1")
    func malformed() {
        let run = CapturedRun(["format", fixturePath("person_malformed.json")])
        #expect(run.status == 1)
        #expect(run.output == "")
        #expect(
            run.errorOutput == """
                \(fixturePath("person_malformed.json")):4:41: error: expected a value after ',', found ']' \
                (trailing commas are not allowed) (in roles[2])

                """)
        let stdin = CapturedRun(["format"], input: "{\n  \"a\": tru\n}")
        #expect(stdin.status == 1)
        #expect(
            stdin.errorOutput
                == "<stdin>:2:11: error: invalid literal: expected 'true', found control character U+000A (in a)\n")
    }

    @Test(
        "usage errors exit 2 with the help",
        arguments: [
            ["format", "--indent"], ["format", "--indent", "x"], ["format", "--indent", "17"],
            ["format", "--compact", "--indent", "2"], ["format", "a.json", "b.json"], ["format", "--bogus"],
        ])
    func usageErrors(arguments: [String]) {
        let run = CapturedRun(arguments)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errorOutput.hasPrefix("jsonmapper format: "))
        #expect(run.errorOutput.contains("USAGE: jsonmapper format"))
    }

    @Test("--help, and the command list names format")
    func help() {
        let run = CapturedRun(["format", "--help"])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("USAGE: jsonmapper format [FILE | -] [--indent N | --compact] [--sort-keys]"))
        #expect(CapturedRun(["--help"]).output.contains("  format [FILE]              Print a document reformatted"))
        let missing = CapturedRun(["format", "/no/such/file.json"])
        #expect(missing.status == 2)
        #expect(missing.errorOutput == "jsonmapper: cannot read /no/such/file.json: no such file\n")
    }

    @Test("lone surrogates stay escapes, so format loses nothing; pairs and other escapes become characters")
    func loneSurrogates() {
        let input = #"{"\ud800x": "\udc00", "pair": "\uD83D\uDE00", "reversed": "\udc00\ud800", "#
            + #""cut": "\ud800\u0041", "end": "a\udbff", "key\uDFFF": [1]}"#
        let run = CapturedRun(["format", "--compact"], input: input)
        #expect(run.status == 0)
        #expect(run.errorOutput == "")
        let expected =
            #"{"\uD800x":"\uDC00","pair":"😀","reversed":"\uDC00\uD800","cut":"\uD800A","end":"a\uDBFF","#
            + #""key\uDFFF":[1]}"#
        #expect(run.output == expected + "\n")
        // Formatting the output again changes nothing.
        #expect(CapturedRun(["format", "--compact"], input: run.output).output == run.output)
        let pretty = CapturedRun(["format"], input: #"{"\ud800x":"\udc00"}"#)
        #expect(pretty.output == "{\n  \"\\uD800x\": \"\\uDC00\"\n}\n")
    }

    @Test("keys are compared by code points: escapes of one key are one key, lone surrogates are keys of their own")
    func keysByCodePoint() {
        let input = #"{"a": 1, "\u0061": 2, "\ud800": 3, "\udbff": 4, "\uD800": 5, "\ud800\u0041": 6, "b": 7}"#
        let run = CapturedRun(["format", "--compact"], input: input)
        #expect(run.output == #"{"a":2,"\uD800":5,"\uDBFF":4,"\uD800A":6,"b":7}"# + "\n")
        let sorted = CapturedRun(["format", "--compact", "--sort-keys"], input: input)
        // U+D800 and U+DBFF sort between U+D7FF and U+E000, where their code points are.
        #expect(
            sorted.output == #"{"a":2,"b":7,"\uD800":5,"\uD800A":6,"\uDBFF":4}"# + "\n")
        let many = "{" + (0..<2_000).map { #""k\#($0 % 700)": \#($0)"# }.joined(separator: ",") + "}"
        let deduplicated = CapturedRun(["format", "--compact"], input: many)
        let value = try? JSONValue(parsing: Data(deduplicated.output.utf8))
        #expect(value?.objectValue?.count == 700)
        #expect(value?.objectValue?.keys.prefix(2) == ["k0", "k1"])
        #expect(value?["k0"] == 1400)
        #expect(value?["k699"] == 1399)
    }

    /// Runs `format` in process with a chunk size and memory of its own, collecting the pieces of output.
    static func chunkedRun(
        _ arguments: [String], input: String, chunkSize: Int, memoryLimit: Int = .max
    ) -> (status: Int32, chunks: [Data], errorOutput: String) {
        final class Collected: @unchecked Sendable {
            let lock = NSLock()
            var chunks: [Data] = []
            var errors = ""
        }
        let collected = Collected()
        let io = CommandIO(
            standardInput: { Data(input.utf8) },
            writeOutput: { bytes in collected.lock.withLock { collected.chunks.append(Data(bytes)) } },
            errorOutput: { text in collected.lock.withLock { collected.errors += text } })
        let status = FormatCommand.run(
            Array(arguments.dropFirst()), io: io, memoryLimit: memoryLimit, chunkSize: chunkSize)
        return collected.lock.withLock { (status, collected.chunks, collected.errors) }
    }

    @Test("the output is written in chunks as it is made, the same text as in one piece")
    func streamed() throws {
        let input = try #require(String(data: TestFiles.fixture("people.json"), encoding: .utf8))
        let whole = CapturedRun(["format", "--sort-keys"], input: input)
        let (status, chunks, errors) = Self.chunkedRun(["format", "--sort-keys"], input: input, chunkSize: 16)
        #expect(status == 0)
        #expect(errors == "")
        #expect(chunks.count > 10)
        // Full chunks, then the rest, then the final newline.
        #expect(chunks.dropLast(2).allSatisfy { $0.count >= 16 })
        #expect(chunks.last == Data("\n".utf8))
        #expect(String(decoding: chunks.reduce(Data(), +), as: UTF8.self) == whole.output)
    }

    @Test("--indent 16 on deep arrays: 3 MB of output from 22 KB of input, written in 256 KB of memory")
    func memoryBoundedByInput() {
        // The review's document, smaller: each of the zeros is 500 levels deep.
        let input = String(repeating: "[", count: 500) + String(repeating: "0,", count: 399) + "0"
            + String(repeating: "]", count: 500)
        let (status, chunks, errors) = Self.chunkedRun(
            ["format", "--indent", "16"], input: input, chunkSize: JSONFormatter.defaultChunkSize,
            memoryLimit: 256 * 1024)
        #expect(status == 0)
        #expect(errors == "")
        let output = chunks.reduce(Data(), +)
        // Per level: a newline and 16 spaces times the depth, before each bracket and each zero.
        let brackets = 2 * (0..<500).reduce(0) { $0 + 1 + 1 + 16 * $1 } - 1
        let zeros = 400 * (1 + 1 + 16 * 500) + 399
        #expect(output.count == brackets + zeros + 1)
        #expect(output.prefix(21) == Data(("[\n" + String(repeating: " ", count: 16) + "[\n ").utf8))
        #expect(output.suffix(3) == Data("\n]\n".utf8))
    }

    @Test("running out of memory, or output that cannot be written, exits 1 with the reason")
    func failures() throws {
        let long = #"[""# + String(repeating: "x", count: 100_000) + #""]"#
        let (status, chunks, errors) = Self.chunkedRun(
            ["format"], input: long, chunkSize: 1024, memoryLimit: 50_000)
        #expect(status == 1)
        #expect(chunks.isEmpty)
        #expect(errors == "<stdin>: error: not enough memory to write the JSON text (could not have 100006 bytes)\n")
        struct Closed: Error, LocalizedError {
            var errorDescription: String? { "the pipe is closed" }
        }
        let io = CommandIO(
            standardInput: { Data("[1, 2]".utf8) }, writeOutput: { _ in throw Closed() },
            errorOutput: { text in #expect(text == "jsonmapper: cannot write the output: the pipe is closed\n") })
        #expect(FormatCommand.run([], io: io) == 1)
    }

    @Test("jsonmapper format keeps both spellings, and writes a repeated one once")
    func keySpellings() {
        let run = CapturedRun(
            ["format", "--compact"], input: #"{"\#(composed)": 1, "\#(decomposed)": 2, "\#(composed)": 3}"#)
        #expect(run.status == 0)
        #expect(spelled(run.output) == #"{"\u{E9}":3,"e\u{301}":2}"# + "\n")
    }
}
