import Foundation
import Testing

@testable import JSONMapperCLI

/// The three commands read their arguments with one parser: each usage error, word for word, with the command's
/// help after it; and help wherever the command reads it.
@Suite("Command arguments")
struct ArgumentParsingTests {
    /// The help of each command, by the name typed after `jsonmapper`.
    static let helps = ["check": CheckCommand.help, "format": FormatCommand.help, "generate": GenerateCommand.help]

    @Test(
        "each usage error is `jsonmapper COMMAND: MESSAGE`, then the command's help, and exits 2",
        arguments: [
            (["check", "--bogus", "x.json"], "unknown option '--bogus'"),
            (["check", "x.json", "--bogus", "-q"], "unknown option '--bogus'"),
            (["check", "--bogus"], "unknown option '--bogus'"),
            (["format", "--indent"], "--indent needs a number of spaces from 0 to 16"),
            (["format", "--indent", "x"], "--indent needs a number of spaces from 0 to 16"),
            (["format", "--indent", "17"], "--indent needs a number of spaces from 0 to 16"),
            (["format", "--indent", "-1"], "--indent needs a number of spaces from 0 to 16"),
            (["format", "--indent", "--help"], "--indent needs a number of spaces from 0 to 16"),
            (["format", "--compact", "--indent", "2"], "--indent and --compact cannot be used together"),
            (["format", "--indent", "2", "--compact"], "--indent and --compact cannot be used together"),
            (["format", "a.json", "b.json"], "one file at a time"),
            (["format", "--bogus", "--help"], "unknown option '--bogus'"),
            (["format", "-x"], "unknown option '-x'"),
            (["format", "--max-depth", "0"], "--max-depth needs a whole number of levels, at least 1"),
            (["check", "--max-depth", "many"], "--max-depth needs a whole number of levels, at least 1"),
            (["check", "x.json", "--max-depth"], "--max-depth needs a whole number of levels, at least 1"),
            (["generate"], "no files given"),
            (["generate", "--enums"], "no files given"),
            (["generate", "x.json", "--name"], "--name needs a type name"),
            (["generate", "x.json", "--namespace"], "--namespace needs a type name"),
            (["generate", "--lines"], "--lines needs a file"),
            (["generate", "x.json", "--name", "--help"], "'--help' is not a Swift type name"),
            (["generate", "--bogus", "--help"], "unknown option '--bogus'"),
            (["generate", "x.json", "--struct", "--class"], "--struct and --class cannot be used together"),
            (["generate", "x.json", "--name", "A", "--namespace", "A"], "--namespace and --name must differ ('A')"),
        ])
    func usageErrors(arguments: [String], message: String) throws {
        let command = try #require(arguments.first)
        let help = try #require(Self.helps[command])
        let run = CapturedRun(arguments)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errorOutput == "jsonmapper \(command): \(message)\n\n" + help)
    }

    @Test(
        "--help and -h print the command's help and exit 0, where the command reads them",
        arguments: [
            ["check", "--help"], ["check", "-h"], ["check", "x.json", "--help"],
            // check reads every argument before it complains: help wins over an unknown option anywhere.
            ["check", "--bogus", "--help"], ["check", "--lines", "-h", "--bogus"],
            ["format", "--help"], ["format", "-h"], ["format", "--help", "--bogus"], ["format", "a", "b", "--help"],
            ["generate", "--help"], ["generate", "-h"], ["generate", "x.json", "--help", "--bogus"],
            ["generate", "--help", "--struct", "--class"],
        ])
    func help(arguments: [String]) throws {
        let command = try #require(arguments.first)
        let help = try #require(Self.helps[command])
        let run = CapturedRun(arguments)
        #expect(run.status == 0)
        #expect(run.output == help)
        #expect(run.errorOutput == "")
    }

    @Test("- is standard input, not an option, for every command")
    func dash() {
        let check = CapturedRun(["check", "-"], input: "[]")
        #expect(check.status == 0)
        #expect(check.output == "<stdin>: ok\n")
        let format = CapturedRun(["format", "-", "--compact"], input: "[1, 2]")
        #expect(format.status == 0)
        #expect(format.output == "[1,2]\n")
        let generate = CapturedRun(["generate", "-", "--name", "A", "--read-only"], input: #"{"a": 1}"#)
        #expect(generate.status == 0)
        #expect(generate.output.contains("struct A: JSONSerializable, Equatable, Sendable {"))
    }
}
