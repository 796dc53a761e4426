import JSONMapper

/// `jsonmapper check FILE...`: validates each file with the strict native parser.
enum CheckCommand {
    static let help = """
        USAGE: jsonmapper check FILE...

        Checks that each FILE (- for standard input) is a JSON text per RFC 8259, with JSONMapper's strict parser.
        Prints one line per file:
          FILE: ok
          FILE:LINE:COLUMN: error: MESSAGE

        EXIT STATUS: 0 when every file is JSON, 1 when any is not, 2 for a usage error or an unreadable file.

        """

    static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        if arguments.contains("--help") || arguments.contains("-h") {
            io.output(help)
            return ExitStatus.success
        }
        if let option = arguments.first(where: { $0.hasPrefix("-") && $0 != "-" }) {
            io.errorOutput("jsonmapper check: unknown option '\(option)'\n\n" + help)
            return ExitStatus.usage
        }
        guard !arguments.isEmpty else {
            io.errorOutput("jsonmapper check: no files given\n\n" + help)
            return ExitStatus.usage
        }
        var status = ExitStatus.success
        for path in arguments {
            switch JSONMapperCommand.read(path, io: io) {
            case .failure(let error):
                io.errorOutput(error.message + "\n")
                status = ExitStatus.usage
            case .success(let data):
                let name = path == "-" ? "<stdin>" : path
                let context = JSONMapper.context(data)
                if context.valid {
                    io.output("\(name): ok\n")
                } else if let error = context.errors.first {
                    io.output(line(for: error, file: name) + "\n")
                    if status == ExitStatus.success { status = ExitStatus.invalid }
                }
            }
        }
        return status
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE (in PATH)`, the form editors and CI logs link to; a long path is
    /// abbreviated around the middle, so that the line fits on a screen.
    static func line(for error: JSONMappingError, file: String) -> String {
        let position = "\(error.line ?? 1):\(error.column ?? 1)"
        let location = error.path.isEmpty ? "" : " (in \(error.displayPath))"
        return "\(file):\(position): error: \(error.message)\(location)"
    }
}
