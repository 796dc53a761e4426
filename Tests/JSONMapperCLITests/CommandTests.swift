import Foundation
import JSONMapper
import JSONMapperTestSupport
import Testing

@testable import JSONMapperCLI

@Suite("jsonmapper check")
struct CheckCommandTests {
    @Test("valid files print ok and exit 0")
    func allValid() {
        let run = CapturedRun(["check", fixturePath("person.json"), fixturePath("people.json")])
        #expect(run.status == 0)
        #expect(run.output == "\(fixturePath("person.json")): ok\n\(fixturePath("people.json")): ok\n")
        #expect(run.errorOutput == "")
    }

    @Test("an invalid file prints FILE:LINE:COLUMN: error: and exits 1")
    func invalidFile() {
        let run = CapturedRun(["check", fixturePath("person.json"), fixturePath("person_malformed.json")])
        #expect(run.status == 1)
        #expect(
            run.output == """
                \(fixturePath("person.json")): ok
                \(fixturePath("person_malformed.json")):4:41: error: expected a value after ',', found ']' \
                (trailing commas are not allowed) (in roles[2])

                """)
    }

    @Test("standard input is read for -")
    func standardInput() {
        let ok = CapturedRun(["check", "-"], input: #"{"a": [1, 2]}"#)
        #expect(ok.status == 0)
        #expect(ok.output == "<stdin>: ok\n")
        let bad = CapturedRun(["check", "-"], input: "{\n  \"a\": tru\n}")
        #expect(bad.status == 1)
        #expect(
            bad.output
                == "<stdin>:2:11: error: invalid literal: expected 'true', found control character U+000A (in a)\n")
    }

    @Test("an unreadable file is a usage error that names it, and the other files are still checked")
    func unreadableFile() {
        let run = CapturedRun(["check", "/no/such/file.json", fixturePath("person_malformed.json")])
        #expect(run.status == 2)
        #expect(run.errorOutput == "jsonmapper: cannot read /no/such/file.json: no such file\n")
        #expect(run.output.hasPrefix("\(fixturePath("person_malformed.json")):4:41: error:"))
        let directory = CapturedRun(["check", TestFiles.fixtures.path])
        #expect(directory.status == 2)
        #expect(directory.errorOutput == "jsonmapper: cannot read \(TestFiles.fixtures.path): it is a directory\n")
    }

    @Test(
        "usage errors exit 2 with the command's help",
        arguments: [["check", "--bogus", "x.json"], ["frobnicate"], []])
    func usageErrors(arguments: [String]) {
        let run = CapturedRun(arguments)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errorOutput.contains("USAGE: jsonmapper"))
    }

    @Test("--help prints the help and exits 0", arguments: [["--help"], ["check", "--help"], ["generate", "--help"]])
    func help(arguments: [String]) {
        let run = CapturedRun(arguments)
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("USAGE: jsonmapper"))
        #expect(run.errorOutput == "")
    }

    @Test("the jsonmapper executable exits with the documented statuses")
    func executable() throws {
        let binary = try #require(
            Bundle.main.executableURL?.deletingLastPathComponent().appendingPathComponent("jsonmapper"))
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "\(binary.path) was not built")
        func run(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = binary
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
        let valid = try run(["check", fixturePath("person.json")])
        #expect(valid.0 == 0)
        #expect(valid.1 == "\(fixturePath("person.json")): ok\n")
        let invalid = try run(["check", fixturePath("person_malformed.json")])
        #expect(invalid.0 == 1)
        #expect(invalid.1.hasPrefix("\(fixturePath("person_malformed.json")):4:41: error: "))
        #expect(try run(["check", "/no/such/file.json"]).0 == 2)
        let generated = try run(["generate", fixturePath("person.json"), "--name", "Person"])
        #expect(generated.0 == 0)
        #expect(generated.1.contains("struct Person: JSONSerializable, JSONWritable, Equatable, Sendable {"))
        // format writes to standard output as it goes: the same text as in process.
        let formatted = try run(["format", fixturePath("people.json"), "--sort-keys"])
        #expect(formatted.0 == 0)
        #expect(formatted.1 == CapturedRun(["format", fixturePath("people.json"), "--sort-keys"]).output)
        #expect(formatted.1.hasPrefix("[\n  {\n"))
    }

    @Test("jsonmapper check and check --lines report the failure of standard input in any state")
    func streamStates() {
        for item in InputStreamStates.cases {
            for lines in [false, true] {
                let run = CapturedRun(["check"] + (lines ? ["--lines"] : []) + ["-"], inputStream: item.make)
                #expect(run.status == 1, "\(item.name)")
                #expect(run.output == "<stdin>:1:\(item.column): error: \(item.message)\n", "\(item.name)")
                #expect(run.errorOutput == "", "\(item.name)")
            }
        }
    }

    @Test("jsonmapper check prints a line that fits on a screen for a 600-deep file")
    func deepPath() {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let run = CapturedRun(["check", "-"], input: deep)
        #expect(run.status == 1)
        let ends = String(repeating: "[0]", count: 13)
        let lines = run.output.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "<stdin>:1:513: error: nesting is deeper than the limit of 512 levels "
                + "(in \(ends)…(485 more steps)…\(ends))")
        #expect(lines.first?.count == 170)
        #expect(lines.count == 2)
    }
}

@Suite("jsonmapper check on large files and JSON Lines")
struct CheckStreamingTests {
    @Test("check --lines reports every bad line with its position, and exits 1")
    func lines() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-\(UUID()).jsonl")
        try json("{\"a\": 1}\r\n\n{\"a\": tru}\n[1, 2]\n{\"b\": [1,]}\n").write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let run = CapturedRun(["check", "--lines", url.path])
        #expect(run.status == 1)
        #expect(
            run.output == """
                \(url.path):3:10: error: invalid literal: expected 'true', found '}' (in a)
                \(url.path):5:10: error: expected a value after ',', found ']' (trailing commas are not allowed) \
                (in b[1])

                """)
        let good = CapturedRun(["check", "--lines", "-"], input: "1\n\"two\"\n{}\n")
        #expect(good.status == 0)
        #expect(good.output == "<stdin>: ok\n")
        // Without --lines, the same file is one JSON text with something after it.
        let whole = CapturedRun(["check", url.path])
        #expect(
            whole.output == "\(url.path):3:1: error: expected end of input after the top-level value, found '{'\n"
                + "\(url.path):3:1: note: a JSON Lines file holds one JSON text per line: check it with --lines\n")
    }

    @Test("check reads a large file piece by piece and reports what the in-memory parser reports")
    func largeFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: url) }
        var bytes = Array(StreamDocuments.document(ofSize: 3 << 20))
        try Data(bytes).write(to: url)
        #expect(CapturedRun(["check", url.path]).output == "\(url.path): ok\n")
        bytes[(3 << 20) - 40] = UInt8(ascii: "x")
        try Data(bytes).write(to: url)
        let run = CapturedRun(["check", url.path])
        let error = try #require(JSONMapper.context(Data(bytes)).errors.first)
        #expect(run.status == 1)
        #expect(run.output == CheckCommand.line(for: error, file: url.path) + "\n")
    }
}

@Suite("jsonmapper --version")
struct VersionTests {
    @Test("--version prints the command's name and version and exits 0")
    func version() {
        let run = CapturedRun(["--version"])
        #expect(run.status == 0)
        #expect(run.output == "jsonmapper 0.1.0\n")
        #expect(run.errorOutput == "")
        #expect(CapturedRun(["--help"]).output.contains("  --version                  Print the version.\n"))
    }

    @Test("the top-level help lists every command, --version and --help, word for word")
    func topLevelHelp() {
        let help = """
            USAGE: jsonmapper <command> [options]

            COMMANDS:
              check [--lines] [FILE...]  Check that each file is JSON (or JSON Lines), with the strict parser.
              generate FILE...           Print models that read and write documents like the samples.
              format [FILE]              Print a document reformatted: indented, compact or with sorted keys.

            OPTIONS:
              --version                  Print the version.
              --help                     Print this help.

            Run `jsonmapper <command> --help` for a command's options.

            """
        #expect(CapturedRun(["--help"]).output == help)
        let bare = CapturedRun([])
        #expect(bare.status == 2)
        #expect(bare.errorOutput == help)
    }
}

@Suite("Files the commands cannot read")
struct UnreadableFileTests {
    @Test(
        "check, format and generate name a missing file or a folder the same way, and exit 2",
        arguments: [["check"], ["format"], ["generate"], ["generate", "--lines"]])
    func unreadable(command: [String]) {
        let folder = TestFiles.fixtures.path
        for (path, problem) in [("/no/such/file.json", "no such file"), (folder, "it is a directory")] {
            let run = CapturedRun(command + [path])
            #expect(run.status == 2, "\(command) \(path)")
            #expect(run.output == "", "\(command) \(path)")
            #expect(run.errorOutput == "jsonmapper: cannot read \(path): \(problem)\n", "\(command) \(path)")
        }
    }

    @Test("check with no file reads standard input, as format does")
    func checkStandardInput() {
        let valid = CapturedRun(["check"], input: "{}")
        #expect(valid.status == 0)
        #expect(valid.output == "<stdin>: ok\n")
        let invalid = CapturedRun(["check"], input: "{\"a\": }")
        #expect(invalid.status == 1)
        #expect(invalid.output == "<stdin>:1:7: error: expected a value, found '}' (in a)\n")
        let lines = CapturedRun(["check", "--lines"], input: "{}\n[]\n")
        #expect(lines.status == 0)
        #expect(lines.output == "<stdin>: ok\n")
    }

    @Test("a second top-level value in a .jsonl or .ndjson file suggests --lines; other files get no note")
    func linesNote() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jsonmapper-note-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["events.jsonl", "events.NDJSON", "events.json"] {
            let url = folder.appendingPathComponent(name)
            try Data("{\"a\": 1}\n{\"a\": 2}\n".utf8).write(to: url)
            let run = CapturedRun(["check", url.path])
            #expect(run.status == 1)
            let error = "\(url.path):2:1: error: expected end of input after the top-level value, found '{'\n"
            let note = "\(url.path):2:1: note: a JSON Lines file holds one JSON text per line: check it with --lines\n"
            #expect(run.output == error + (name == "events.json" ? "" : note), "\(name)")
            #expect(CapturedRun(["check", "--lines", url.path]).output == "\(url.path): ok\n")
        }
    }

    @Test("--max-depth raises the nesting limit of check and format; past the limit a note names the option")
    func maximumDepth() throws {
        let deep = String(repeating: "[", count: 600) + String(repeating: "]", count: 600)
        let refused = CapturedRun(["check", "-"], input: deep)
        #expect(refused.status == 1)
        let lines = refused.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("<stdin>:1:513: error: nesting is deeper than the limit of 512 levels") == true)
        #expect(
            lines.last == "<stdin>:1:513: note: raise the limit with --max-depth N if the input is meant to nest this "
                + "deeply")
        #expect(CapturedRun(["check", "--max-depth", "600"], input: deep).output == "<stdin>: ok\n")
        #expect(CapturedRun(["check", "--max-depth", "599"], input: deep).status == 1)
        #expect(CapturedRun(["check", "--lines", "--max-depth", "600"], input: deep).output == "<stdin>: ok\n")
        let formatted = CapturedRun(["format", "--compact", "--max-depth", "600"], input: deep)
        #expect(formatted.status == 0)
        #expect(formatted.output == deep + "\n")
        let formatRefused = CapturedRun(["format", "--compact"], input: deep)
        #expect(formatRefused.status == 1)
        #expect(formatRefused.output == "")
        #expect(
            formatRefused.errorOutput.hasSuffix(
                "<stdin>:1:513: note: raise the limit with --max-depth N if the input is meant to nest this deeply\n"))
    }
}

@Suite("Files that are not regular files")
struct SpecialFileTests {
    /// A named pipe in a fresh folder, fed `text` by another thread once a reader opens it, as a shell feeds
    /// `<(echo …)`.
    static func fifo(feeding text: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("input.json").path
        #expect(mkfifo(path, 0o600) == 0)
        // A reader that closes the pipe early must fail the test, not kill the process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        Thread {
            // Opening for writing waits for the reader.
            guard let handle = FileHandle(forWritingAtPath: path) else { return }
            try? handle.write(contentsOf: Data(text.utf8))
            try? handle.close()
        }.start()
        return path
    }

    @Test("format and generate read a named pipe, as check does")
    func namedPipe() throws {
        let formatted = CapturedRun(["format", try Self.fifo(feeding: #"{"a":[1]}"#)])
        #expect(formatted.errorOutput == "")
        #expect(formatted.status == 0)
        #expect(formatted.output == "{\n  \"a\": [\n    1\n  ]\n}\n")

        let generated = CapturedRun(["generate", try Self.fifo(feeding: #"{"id":1}"#), "--name", "R"])
        #expect(generated.errorOutput == "")
        #expect(generated.status == 0)
        #expect(generated.output.contains("struct R: JSONSerializable"))
        #expect(generated.output.contains("var id: Int"))

        let records = try Self.fifo(feeding: "{\"id\":1}\n{\"id\":2}\n")
        let lines = CapturedRun(["generate", "--lines", records, "--name", "R"])
        #expect(lines.errorOutput == "")
        #expect(lines.status == 0)
        #expect(lines.output == generated.output)

        let checked = CapturedRun(["check", try Self.fifo(feeding: #"{"a":[1]}"#)])
        #expect(checked.status == 0)
    }

    @Test("/dev/null is an empty document for format and generate, as for check", arguments: [["format"], ["generate"]])
    func devNull(command: [String]) {
        let checked = CapturedRun(["check", "/dev/null"])
        #expect(checked.status == 1)
        #expect(checked.output.contains("the document is empty"))
        let run = CapturedRun(command + ["/dev/null"])
        #expect(run.status == 1)
        #expect(!run.errorOutput.contains("cannot read"))
        #expect((run.output + run.errorOutput).contains("the document is empty"))
    }
}

