import Foundation

/// Where a command reads and writes, so that tests can run commands without a process.
struct CommandIO: Sendable {
    var standardInput: @Sendable () -> Data
    var output: @Sendable (String) -> Void
    var errorOutput: @Sendable (String) -> Void

    /// The process's standard input, output and error.
    static let process = CommandIO(
        standardInput: { FileHandle.standardInput.readDataToEndOfFile() },
        output: { FileHandle.standardOutput.write(Data($0.utf8)) },
        errorOutput: { FileHandle.standardError.write(Data($0.utf8)) }
    )
}

/// Exit statuses shared by the commands.
enum ExitStatus {
    static let success: Int32 = 0
    /// `check` found a file that is not JSON.
    static let invalid: Int32 = 1
    /// Bad arguments, or a file that cannot be read.
    static let usage: Int32 = 2
}

/// The `jsonmapper` command line: `check`, `generate` and `format`, with `--help` for each.
enum JSONMapperCommand {
    static let usage = """
        USAGE: jsonmapper <command> [options]

        COMMANDS:
          check FILE...        Check that each file is JSON, with the library's strict parser.
          generate FILE...     Print models that read and write documents like the samples.
          format [FILE]        Print a document reformatted: indented, compact or with sorted keys.

        Run `jsonmapper <command> --help` for a command's options.

        """

    /// Runs the command line `arguments` (without the program name) and returns the exit status.
    static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        guard let command = arguments.first else {
            io.errorOutput(usage)
            return ExitStatus.usage
        }
        let rest = Array(arguments.dropFirst())
        switch command {
        case "check":
            return CheckCommand.run(rest, io: io)
        case "generate":
            return GenerateCommand.run(rest, io: io)
        case "format":
            return FormatCommand.run(rest, io: io)
        case "--help", "-h", "help":
            io.output(usage)
            return ExitStatus.success
        default:
            io.errorOutput("jsonmapper: unknown command '\(command)'\n\n" + usage)
            return ExitStatus.usage
        }
    }

    /// The contents of `path`, or of standard input for `-`; a readable message names the file otherwise.
    static func read(_ path: String, io: CommandIO) -> Result<Data, ReadError> {
        if path == "-" { return .success(io.standardInput()) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            return .failure(ReadError(message: "jsonmapper: cannot read \(path): no such file"))
        }
        guard !isDirectory.boolValue else {
            return .failure(ReadError(message: "jsonmapper: cannot read \(path): it is a directory"))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .failure(ReadError(message: "jsonmapper: cannot read \(path): permission denied or unreadable"))
        }
        return .success(data)
    }

    struct ReadError: Error {
        let message: String
    }
}
