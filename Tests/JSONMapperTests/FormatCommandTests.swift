import Foundation
import JSONMapper
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
        #expect(CapturedRun(["--help"]).output.contains("  format [FILE]            Print a document reformatted"))
        let missing = CapturedRun(["format", "/no/such/file.json"])
        #expect(missing.status == 2)
        #expect(missing.errorOutput == "jsonmapper: cannot read /no/such/file.json: no such file\n")
    }
}
