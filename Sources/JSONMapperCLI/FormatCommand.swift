import Foundation
import JSONMapper

/// `jsonmapper format [FILE | -] [--indent N | --compact] [--sort-keys]`: prints a document reformatted.
enum FormatCommand {
    static let help = """
        USAGE: jsonmapper format [FILE | -] [--indent N | --compact] [--sort-keys]

        Prints the JSON document in FILE (standard input when FILE is - or absent) reformatted, with JSONMapper's
        strict parser and writer: indented by two spaces by default, one element or member per line. Numbers keep
        their text (12.50 stays 12.50, 1e400 stays 1e400) and strings their characters; escapes are rewritten in
        the shortest form (\\u0041 becomes A). A key that occurs twice in an object is printed once, in its first
        position, with its last value, as JSONMapper's getters read it.

        OPTIONS:
          --indent N    Indent by N spaces (0 to 16; default 2).
          --compact     Print the document on one line, without any whitespace.
          --sort-keys   Order every object's members by their keys' Unicode scalars.

        Malformed input prints FILE:LINE:COLUMN: error: MESSAGE on standard error, as `jsonmapper check` does.

        EXIT STATUS: 0 when the document was printed, 1 when it is not JSON, 2 for a usage error or an unreadable
        file.

        """

    struct Options {
        var file = "-"
        var indent: Int?
        var compact = false
        var sortKeys = false
    }

    static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        let options: Options
        switch parse(arguments) {
        case .success(let parsed?):
            options = parsed
        case .success(nil):
            io.output(help)
            return ExitStatus.success
        case .failure(let error):
            io.errorOutput("jsonmapper format: \(error.message)\n\n" + help)
            return ExitStatus.usage
        }
        let data: Data
        switch JSONMapperCommand.read(options.file, io: io) {
        case .failure(let error):
            io.errorOutput(error.message + "\n")
            return ExitStatus.usage
        case .success(let read):
            data = read
        }
        let name = options.file == "-" ? "<stdin>" : options.file
        do {
            let value = try JSONValue(parsing: data)
            let writeOptions = JSONMapper.WriteOptions(
                prettyPrinted: !options.compact, sortedKeys: options.sortKeys, indentWidth: options.indent ?? 2)
            io.output(try JSONMapper.string(from: value, options: writeOptions) + "\n")
            return ExitStatus.success
        } catch {
            io.errorOutput(CheckCommand.line(for: error, file: name) + "\n")
            return ExitStatus.invalid
        }
    }

    struct UsageError: Error {
        let message: String
    }

    /// The options, `nil` for `--help`, or what is wrong with the arguments.
    static func parse(_ arguments: [String]) -> Result<Options?, UsageError> {
        var options = Options()
        var files: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h":
                return .success(nil)
            case "--indent":
                index += 1
                guard index < arguments.count, let width = Int(arguments[index]), (0...16).contains(width) else {
                    return .failure(UsageError(message: "--indent needs a number of spaces from 0 to 16"))
                }
                options.indent = width
            case "--compact":
                options.compact = true
            case "--sort-keys":
                options.sortKeys = true
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    return .failure(UsageError(message: "unknown option '\(argument)'"))
                }
                files.append(argument)
            }
            index += 1
        }
        if options.compact && options.indent != nil {
            return .failure(UsageError(message: "--indent and --compact cannot be used together"))
        }
        guard files.count <= 1 else { return .failure(UsageError(message: "one file at a time")) }
        options.file = files.first ?? "-"
        return .success(options)
    }
}
