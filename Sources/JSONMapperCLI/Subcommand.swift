/// A `jsonmapper` command (`check`, `format`, `generate`): its name, its help, and how it reads its arguments. The
/// commands share what happens before they run: `--help` prints the help, a usage error prints itself and the help.
protocol Subcommand {
    /// What the arguments ask the command to do.
    associatedtype Options

    /// The name typed after `jsonmapper`.
    static var name: String { get }

    /// What `jsonmapper NAME --help` prints, and what follows a usage error.
    static var help: String { get }

    /// The options `arguments` give (without the program's and the command's names), or `nil` when they ask for
    /// help.
    ///
    /// - Throws: ``UsageError`` for arguments the command cannot run with.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options?
}

extension Subcommand {
    /// Parses `arguments` and returns what `body` returns for their options; prints the help and returns
    /// ``ExitStatus/success`` when they ask for it, or prints `jsonmapper NAME: MESSAGE` and the help and returns
    /// ``ExitStatus/usage`` when they are wrong.
    static func withOptions(_ arguments: [String], io: CommandIO, _ body: (Options) -> Int32) -> Int32 {
        let options: Options?
        do {
            options = try parse(arguments)
        } catch {
            io.errorOutput("jsonmapper \(name): \(error.message)\n\n" + help)
            return ExitStatus.usage
        }
        guard let options else {
            io.output(help)
            return ExitStatus.success
        }
        return body(options)
    }
}
