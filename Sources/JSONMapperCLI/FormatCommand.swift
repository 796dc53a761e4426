import Foundation
import JSONMapper

/// `jsonmapper format [FILE | -] [--indent N | --compact] [--sort-keys] [--max-depth N]`: prints a document
/// reformatted.
enum FormatCommand: Subcommand {
    static let name = "format"

    static let help = """
        USAGE: jsonmapper format [FILE | -] [--indent N | --compact] [--sort-keys] [--max-depth N]

        Prints the JSON document in FILE (standard input when FILE is - or absent) reformatted, with JSONMapper's
        strict parser and writer: indented by two spaces by default, one element or member per line. Nothing is
        lost: numbers keep their text (12.50 stays 12.50, 1e400 stays 1e400) and strings their characters, escapes
        rewritten in the shortest form (\\u0041 becomes A); an escaped lone surrogate, which stands for no character
        (\\ud800 without its pair), stays an escape (\\uD800). A key that occurs twice in an object is printed once,
        in its first position, with its last value, as JSONMapper's getters read it. The output is written as it is
        made: memory holds the document, not the output, however large --indent makes it.

        OPTIONS:
          --indent N    Indent by N spaces (0 to 16; default 2).
          --compact     Print the document on one line, without any whitespace.
          --sort-keys   Order every object's members by their keys' code points.
          --max-depth N Accept arrays and objects nested up to N levels (default 512).

        Malformed input prints FILE:LINE:COLUMN: error: MESSAGE on standard error, as `jsonmapper check` does.

        EXIT STATUS: 0 when the document was printed, 1 when it is not JSON (nothing is printed), when memory ran
        out or the output could not be written (the output stops there, and standard error says why), 2 for a
        usage error or an unreadable file.

        """

    struct Options {
        var file = "-"
        var indent: Int?
        var compact = false
        var sortKeys = false
        var maximumDepth = JSONMapper.Options.default.maximumDepth
    }

    /// Runs `format`; `memoryLimit` and `chunkSize` stand in, for tests, for the machine's memory and the size of
    /// the pieces the output is written in.
    static func run(
        _ arguments: [String], io: CommandIO, memoryLimit: Int = .max,
        chunkSize: Int = JSONFormatter.defaultChunkSize
    ) -> Int32 {
        withOptions(arguments, io: io) { format($0, io: io, memoryLimit: memoryLimit, chunkSize: chunkSize) }
    }

    private static func format(_ options: Options, io: CommandIO, memoryLimit: Int, chunkSize: Int) -> Int32 {
        guard let data = JSONMapperCommand.read(options.file, io: io) else { return ExitStatus.usage }
        let name = JSONMapperCommand.displayName(options.file)
        var writeOptions = JSONMapper.WriteOptions(
            prettyPrinted: !options.compact, sortedKeys: options.sortKeys, indentWidth: options.indent ?? 2)
        writeOptions.memoryLimit = memoryLimit
        do {
            try JSONFormatter.format(
                data, options: writeOptions, maximumDepth: options.maximumDepth, chunkSize: chunkSize
            ) { try io.writeOutput($0) }
            try io.writeOutput(UnsafeRawBufferPointer(start: Self.newline.utf8Start, count: 1))
            return ExitStatus.success
        } catch let error as JSONMappingError where error.line != nil {
            io.errorOutput(CheckCommand.line(for: error, file: name) + "\n")
            if let note = CheckCommand.note(for: error, file: name, isLines: false) { io.errorOutput(note + "\n") }
            return ExitStatus.invalid
        } catch let error as JSONMappingError {
            io.errorOutput("\(name): error: \(error.description)\n")
            return ExitStatus.invalid
        } catch {
            io.errorOutput("jsonmapper: cannot write the output: \(error.localizedDescription)\n")
            return ExitStatus.invalid
        }
    }

    private static let newline: StaticString = "\n"

    /// The options, `nil` for `--help`, or what is wrong with the arguments, the first thing found.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
        var options = Options()
        var files: [String] = []
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case .help:
                return nil
            case .option("--indent"):
                let width: Int = try reader.value(of: "--indent", "a number of spaces from 0 to 16") { text in
                    Int(text).flatMap { (0...16).contains($0) ? $0 : nil }
                }
                options.indent = width
            case .option("--compact"):
                options.compact = true
            case .option("--sort-keys"):
                options.sortKeys = true
            case .option("--max-depth"):
                options.maximumDepth = try CheckCommand.maximumDepth(&reader)
            case .option(let other):
                throw .unknownOption(other)
            case .operand(let file):
                files.append(file)
            }
        }
        if options.compact && options.indent != nil { throw .conflict("--indent", "--compact") }
        guard files.count <= 1 else { throw UsageError(message: "one file at a time") }
        options.file = files.first ?? "-"
        return options
    }
}
