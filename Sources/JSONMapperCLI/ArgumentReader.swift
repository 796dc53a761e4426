/// One argument of a command, as its parser sees it.
enum Argument {
    /// `--help` or `-h`.
    case help
    /// Any other argument that starts with `-`, apart from `-` alone.
    case option(String)
    /// A file, or `-` for standard input.
    case operand(String)
}

/// A command's arguments, read front to back: each as an ``Argument``, and the value after an option that takes
/// one.
struct ArgumentReader {
    private let arguments: [String]
    private var index = 0

    init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// The next argument, or `nil` after the last.
    mutating func next() -> Argument? {
        guard index < arguments.count else { return nil }
        let argument = arguments[index]
        index += 1
        switch argument {
        case "--help", "-h": return .help
        case "-": return .operand(argument)
        default: return argument.hasPrefix("-") ? .option(argument) : .operand(argument)
        }
    }

    /// The argument after `option`, whatever it looks like (`--name --help` names a type `--help`), converted by
    /// `convert`.
    ///
    /// - Throws: `OPTION needs WHAT` when there is no argument left, or `convert` returns `nil`.
    mutating func value<Value>(
        of option: String, _ what: String, _ convert: (String) -> Value?
    ) throws(UsageError) -> Value {
        guard index < arguments.count, let value = convert(arguments[index]) else {
            throw .missingValue(option, what)
        }
        index += 1
        return value
    }

    /// The argument after `option`, whatever it looks like.
    ///
    /// - Throws: `OPTION needs WHAT` when there is no argument left.
    mutating func value(of option: String, _ what: String) throws(UsageError) -> String {
        try value(of: option, what) { $0 }
    }
}
