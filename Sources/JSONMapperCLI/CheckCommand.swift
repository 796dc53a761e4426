import Foundation
import JSONMapper

/// `jsonmapper check [--lines] FILE...`: validates each file with the strict native parser, reading it piece by
/// piece, so that a file of any size is checked in bounded memory.
enum CheckCommand: Subcommand {
    static let name = "check"

    static let help = """
        USAGE: jsonmapper check [--lines] FILE...

        Checks that each FILE (- for standard input) is a JSON text per RFC 8259, with JSONMapper's strict parser.
        Files are read piece by piece: memory stays bounded by the largest key or number (or, with --lines, the
        longest line), whatever the file's size.
        Prints one line per file:
          FILE: ok
          FILE:LINE:COLUMN: error: MESSAGE

        OPTIONS:
          --lines   Check JSON Lines instead: one JSON text per non-blank line (\\n or \\r\\n). Prints every bad
                    line as FILE:LINE:COLUMN: error: MESSAGE, or FILE: ok when there is none.

        EXIT STATUS: 0 when every file is JSON, 1 when any is not, 2 for a usage error or an unreadable file.

        """

    struct Options {
        var lines = false
        var files: [String] = []
    }

    static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        withOptions(arguments, io: io) { checkFiles($0, io: io) }
    }

    /// The options, or `nil` for `--help`. Every argument is read before any is refused, so that `--help` anywhere
    /// prints the help; an unknown option is reported before missing files.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
        var options = Options()
        var unknown: String?
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case .help: return nil
            case .option("--lines"): options.lines = true
            case .option(let other): unknown = unknown ?? other
            case .operand(let file): options.files.append(file)
            }
        }
        if let unknown { throw .unknownOption(unknown) }
        guard !options.files.isEmpty else { throw .noFiles }
        return options
    }

    /// Checks every file; the exit status.
    private static func checkFiles(_ options: Options, io: CommandIO) -> Int32 {
        var status = ExitStatus.success
        for path in options.files {
            guard let stream = JSONMapperCommand.openStream(path, io: io) else {
                status = ExitStatus.usage
                continue
            }
            let name = JSONMapperCommand.displayName(path)
            let valid = options.lines ? checkLines(stream, name: name, io: io) : check(stream, name: name, io: io)
            if !valid && status == ExitStatus.success { status = ExitStatus.invalid }
        }
        return status
    }

    /// Checks one JSON text; prints `FILE: ok` or its first error.
    private static func check(_ stream: InputStream, name: String, io: CommandIO) -> Bool {
        guard let error = JSONMapper.validate(stream) else {
            io.output("\(name): ok\n")
            return true
        }
        io.output(line(for: error, file: name) + "\n")
        return false
    }

    /// Checks JSON Lines; prints every bad line, or `FILE: ok`.
    private static func checkLines(_ stream: InputStream, name: String, io: CommandIO) -> Bool {
        var valid = true
        for record in JSONMapper.lines(stream) where !record.valid {
            valid = false
            if let error = record.errors.first { io.output(line(for: error, file: name) + "\n") }
        }
        if valid { io.output("\(name): ok\n") }
        return valid
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE (in PATH)`, the form editors and CI logs link to; a long path is
    /// abbreviated around the middle, so that the line fits on a screen.
    static func line(for error: JSONMappingError, file: String) -> String {
        let position = "\(error.line ?? 1):\(error.column ?? 1)"
        let location = error.path.isEmpty ? "" : " (in \(error.displayPath))"
        return "\(file):\(position): error: \(error.message)\(location)"
    }
}
