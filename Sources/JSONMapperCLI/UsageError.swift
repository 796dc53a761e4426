/// A mistake in a command's arguments. The command prints `jsonmapper COMMAND: MESSAGE`, then its help, and exits
/// with ``ExitStatus/usage``.
struct UsageError: Error, Equatable {
    let message: String

    /// An argument that starts with `-` and is none of the command's options.
    static func unknownOption(_ option: String) -> UsageError {
        UsageError(message: "unknown option '\(option)'")
    }

    /// Neither a file nor `-` among the arguments of a command that needs one.
    static let noFiles = UsageError(message: "no files given")

    /// `option` without the value it takes, or with one it cannot use: `--indent needs a number of spaces from 0
    /// to 16`.
    static func missingValue(_ option: String, _ what: String) -> UsageError {
        UsageError(message: "\(option) needs \(what)")
    }

    /// Two options that exclude each other.
    static func conflict(_ first: String, _ second: String) -> UsageError {
        UsageError(message: "\(first) and \(second) cannot be used together")
    }
}
