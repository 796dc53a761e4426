import Foundation

/// Where a command reads and writes, so that tests can run commands without a process.
struct CommandIO: Sendable {
    var standardInput: @Sendable () -> Data
    /// Writes bytes to standard output, as they come (`format` streams its output); throws when they cannot be
    /// written.
    var writeOutput: @Sendable (UnsafeRawBufferPointer) throws -> Void
    var errorOutput: @Sendable (String) -> Void
    /// Standard input as a stream, for commands that read it piece by piece; by default a stream over
    /// ``standardInput``.
    var standardInputStream: (@Sendable () -> InputStream)? = nil

    /// Writes text to standard output.
    func output(_ text: String) {
        var text = text
        text.withUTF8 { try? writeOutput(UnsafeRawBufferPointer($0)) }
    }

    /// The process's standard input, output and error.
    static let process = CommandIO(
        standardInput: { FileHandle.standardInput.readDataToEndOfFile() },
        writeOutput: { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            let start = UnsafeMutableRawPointer(mutating: base)
            let data = Data(bytesNoCopy: start, count: bytes.count, deallocator: .none)
            try FileHandle.standardOutput.write(contentsOf: data)
        },
        errorOutput: { FileHandle.standardError.write(Data($0.utf8)) },
        standardInputStream: { InputStream(fileAtPath: "/dev/stdin") ?? InputStream(data: Data()) }
    )
}

/// Exit statuses shared by the commands.
enum ExitStatus {
    static let success: Int32 = 0
    /// `check` found a file that is not JSON; `format` got one, ran out of memory, or could not write its output.
    static let invalid: Int32 = 1
    /// Bad arguments, or a file that cannot be read.
    static let usage: Int32 = 2
}

/// The `jsonmapper` command line: `check`, `generate` and `format`, with `--help` for each.
enum JSONMapperCommand {
    /// The version `--version` prints (``Release/version``).
    static let version = Release.version

    static let usage = """
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
        case "--version":
            io.output("jsonmapper \(version)\n")
            return ExitStatus.success
        default:
            io.errorOutput("jsonmapper: unknown command '\(command)'\n\n" + usage)
            return ExitStatus.usage
        }
    }

    /// The contents of `path`, or of standard input for `-`; `nil` after saying on standard error why the file
    /// cannot be read.
    ///
    /// Reads through a file handle to the end, so that a pipe, a FIFO, `/dev/null` or a process substitution
    /// (`<(…)`, read as `/dev/fd/63`) reads as a file does (`FileManager.contents(atPath:)` gives `nil` for anything
    /// but a regular file on Linux).
    static func read(_ path: String, io: CommandIO) -> Data? {
        if path == "-" { return io.standardInput() }
        return open(path, io: io) { path in
            guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
            defer { try? handle.close() }
            do {
                return try handle.readToEnd() ?? Data()
            } catch {
                return nil
            }
        }
    }

    /// A stream on `path`, or on standard input for `-`, to read piece by piece; `nil` after saying on standard
    /// error why the file cannot be read.
    static func openStream(_ path: String, io: CommandIO) -> InputStream? {
        if path == "-" { return io.standardInputStream?() ?? InputStream(data: io.standardInput()) }
        return open(path, io: io) { FileManager.default.isReadableFile(atPath: $0) ? InputStream(fileAtPath: $0) : nil }
    }

    /// How messages name the file at `path`: `<stdin>` for standard input.
    static func displayName(_ path: String) -> String {
        path == "-" ? "<stdin>" : path
    }

    /// What `opener` makes of the file at `path`, once it is known to be a file; `nil` after printing why it cannot
    /// be read: `jsonmapper: cannot read PATH: no such file`, `it is a directory`, or `permission denied or
    /// unreadable` when `opener` fails.
    private static func open<Opened>(_ path: String, io: CommandIO, _ opener: (String) -> Opened?) -> Opened? {
        var isDirectory: ObjCBool = false
        let problem: String
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            problem = "no such file"
        } else if isDirectory.boolValue {
            problem = "it is a directory"
        } else if let opened = opener(path) {
            return opened
        } else {
            problem = "permission denied or unreadable"
        }
        io.errorOutput("jsonmapper: cannot read \(path): \(problem)\n")
        return nil
    }
}
