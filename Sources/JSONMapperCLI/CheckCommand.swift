import Foundation
import JSONMapper

/// `jsonmapper check [--lines] FILE...`: validates each file with the strict native parser, reading it piece by
/// piece, so that a file of any size is checked in bounded memory.
enum CheckCommand {
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

    static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            io.output(help)
            return ExitStatus.success
        }
        let lines = arguments.contains("--lines")
        let files = arguments.filter { $0 != "--lines" }
        if let option = files.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            io.errorOutput("jsonmapper check: unknown option '\(option)'\n\n" + help)
            return ExitStatus.usage
        }
        guard !files.isEmpty else {
            io.errorOutput("jsonmapper check: no files given\n\n" + help)
            return ExitStatus.usage
        }
        var status = ExitStatus.success
        for path in files {
            switch JSONMapperCommand.openStream(path, io: io) {
            case .failure(let error):
                io.errorOutput(error.message + "\n")
                status = ExitStatus.usage
            case .success(let stream):
                let name = path == "-" ? "<stdin>" : path
                let valid = lines ? checkLines(stream, name: name, io: io) : check(stream, name: name, io: io)
                if !valid && status == ExitStatus.success { status = ExitStatus.invalid }
            }
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
