import Foundation
import JSONMapper

/// `jsonmapper check [--lines] [--max-depth N] [FILE...]`: validates each file (standard input when there is none)
/// with the strict native parser. A regular file of up to `JSONMapper.wholeScanLimit` bytes is mapped and scanned in
/// place (``MappedFile``); anything else is read piece by piece, so that a file of any size is checked in bounded
/// memory.
enum CheckCommand: Subcommand {
    static let name = "check"

    static let help = """
        USAGE: jsonmapper check [--lines] [--max-depth N] [FILE...]

        Checks that each FILE (- or no FILE for standard input) is a JSON text per RFC 8259, with JSONMapper's
        strict parser.
        Files of up to 8 MB are mapped into memory and scanned whole; larger ones are read piece by piece:
        memory stays bounded by the largest key or number (or, with --lines, the longest line), whatever the
        file's size. A mapped file seen to change while it is checked (its size or modification time differ,
        or it is cut short) cannot be read (exit status 2).
        Prints one line per file:
          FILE: ok
          FILE:LINE:COLUMN: error: MESSAGE

        OPTIONS:
          --lines        Check JSON Lines instead: one JSON text per non-blank line (\\n or \\r\\n). Prints every
                         bad line as FILE:LINE:COLUMN: error: MESSAGE, or FILE: ok when there is none. A
                         .jsonl or .ndjson file checked without it gets a note that suggests it.
          --max-depth N  Accept arrays and objects nested up to N levels (default 512).

        EXIT STATUS: 0 when every file is JSON, 1 when any is not, 2 for a usage error or an unreadable file.

        """

    struct Options {
        var lines = false
        var maximumDepth = JSONMapper.Options.default.maximumDepth
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
            case .option("--max-depth"): options.maximumDepth = try maximumDepth(&reader)
            case .option(let other): unknown = unknown ?? other
            case .operand(let file): options.files.append(file)
            }
        }
        if let unknown { throw .unknownOption(unknown) }
        if options.files.isEmpty { options.files = ["-"] }
        return options
    }

    /// Checks every file; the exit status.
    private static func checkFiles(_ options: Options, io: CommandIO) -> Int32 {
        var status = ExitStatus.success
        for path in options.files {
            let name = JSONMapperCommand.displayName(path)
            let parsing = JSONMapper.Options(maximumDepth: options.maximumDepth)
            let valid: Bool
            // A regular file that `validate` would scan whole is mapped and scanned where its pages are; standard
            // input, pipes and larger files are read as streams, in bounded memory.
            if !options.lines, path != "-", let file = MappedFile(path: path, limit: JSONMapper.wholeScanLimit) {
                // nil: the file changed while it was read; .some(nil): it is valid.
                guard let firstError = file.read({ JSONMapper.validate(paddedBytes: $0, options: parsing) }) else {
                    io.errorOutput("jsonmapper: cannot read \(path): \(MappedFile.changedMessage)\n")
                    status = ExitStatus.usage
                    continue
                }
                valid = report(firstError, name: name, io: io)
            } else {
                guard let stream = JSONMapperCommand.openStream(path, io: io) else {
                    status = ExitStatus.usage
                    continue
                }
                valid =
                    options.lines
                    ? checkLines(stream, name: name, options: parsing, io: io)
                    : report(JSONMapper.validate(stream, options: parsing), name: name, io: io)
            }
            if !valid && status == ExitStatus.success { status = ExitStatus.invalid }
        }
        return status
    }

    /// Prints `FILE: ok` for a valid JSON text, or its first error; whether it was valid.
    private static func report(_ error: JSONMappingError?, name: String, io: CommandIO) -> Bool {
        guard let error else {
            io.output("\(name): ok\n")
            return true
        }
        io.output(line(for: error, file: name) + "\n")
        if let note = note(for: error, file: name, isLines: false) { io.output(note + "\n") }
        return false
    }

    /// Checks JSON Lines; prints every bad line, or `FILE: ok`.
    private static func checkLines(
        _ stream: InputStream, name: String, options: JSONMapper.Options, io: CommandIO
    ) -> Bool {
        var valid = true
        for record in JSONMapper.lines(stream, options: options) where !record.valid {
            valid = false
            guard let error = record.errors.first else { continue }
            io.output(line(for: error, file: name) + "\n")
            if let note = note(for: error, file: name, isLines: true) { io.output(note + "\n") }
        }
        if valid { io.output("\(name): ok\n") }
        return valid
    }

    /// `--max-depth N`'s value: a whole number of at least 1.
    static func maximumDepth(_ reader: inout ArgumentReader) throws(UsageError) -> Int {
        try reader.value(of: "--max-depth", "a whole number of levels, at least 1") { text in
            Int(text).flatMap { $0 >= 1 ? $0 : nil }
        }
    }

    /// `FILE:LINE:COLUMN: note: …` after an error the user can act on: nesting past the limit (`--max-depth`), or a
    /// second top-level value in a file named as JSON Lines checked as one document (`--lines`).
    static func note(for error: JSONMappingError, file: String, isLines: Bool) -> String? {
        let position = "\(file):\(error.line ?? 1):\(error.column ?? 1): note: "
        if error.message.hasPrefix("nesting is deeper than the limit of") {
            return position + "raise the limit with --max-depth N if the input is meant to nest this deeply"
        }
        let lowercased = file.lowercased()
        if !isLines, lowercased.hasSuffix(".jsonl") || lowercased.hasSuffix(".ndjson"),
            error.message.hasPrefix("expected end of input after the top-level value")
        {
            return position + "a JSON Lines file holds one JSON text per line: check it with --lines"
        }
        return nil
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE (in PATH)`, the form editors and CI logs link to; a long path is
    /// abbreviated around the middle, so that the line fits on a screen.
    static func line(for error: JSONMappingError, file: String) -> String {
        let position = "\(error.line ?? 1):\(error.column ?? 1)"
        let location = error.path.isEmpty ? "" : " (in \(error.displayPath))"
        return "\(file):\(position): error: \(error.message)\(location)"
    }
}
