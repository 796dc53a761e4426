import Foundation

extension GenerateCommand {
    struct Options {
        /// A sample file, or a JSON Lines file of samples.
        struct Input {
            let path: String
            let isLines: Bool
        }

        var inputs: [Input] = []
        var rootName: String?
        var enums = false
        var emitter = SwiftEmitter.Options()
        var namespace: String? {
            get { emitter.namespace }
            set { emitter.namespace = newValue }
        }
    }

    struct UsageError: Error {
        let message: String
    }

    /// The options, `nil` when help was asked for. Conflicting options (`--struct --class`, two different `--name`s
    /// or `--namespace`s) are usage errors, not silently settled by the last one; an option repeated with the same
    /// value is harmless.
    static func parse(_ arguments: [String]) -> Result<Options?, UsageError> {
        var options = Options()
        var declarationFlag: String?
        var index = 0
        /// The argument after the option at `index`.
        func value(_ what: String) -> Result<String, UsageError> {
            guard index + 1 < arguments.count else {
                return .failure(UsageError(message: "\(arguments[index]) needs \(what)"))
            }
            index += 1
            return .success(arguments[index])
        }
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h":
                return .success(nil)
            case "--name", "--namespace":
                let name: String
                switch value("a type name") {
                case .failure(let error): return .failure(error)
                case .success(let given): name = given
                }
                if let problem = problem(withTypeName: name) { return .failure(UsageError(message: problem)) }
                let earlier = argument == "--name" ? options.rootName : options.namespace
                if let earlier, earlier != name {
                    return .failure(UsageError(message: "\(argument) is given twice ('\(earlier)' and '\(name)')"))
                }
                if argument == "--name" { options.rootName = name } else { options.namespace = name }
            case "--lines":
                switch value("a file") {
                case .failure(let error): return .failure(error)
                case .success(let path): options.inputs.append(Options.Input(path: path, isLines: true))
                }
            case "--struct", "--class":
                if let earlier = declarationFlag, earlier != argument {
                    return .failure(UsageError(message: "\(earlier) and \(argument) cannot be used together"))
                }
                declarationFlag = argument
                options.emitter.declaration = argument == "--struct" ? .struct : .finalClass
            case "--read-only":
                options.emitter.readOnly = true
            case "--public":
                options.emitter.isPublic = true
            case "--enums":
                options.enums = true
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    return .failure(UsageError(message: "unknown option '\(argument)'"))
                }
                options.inputs.append(Options.Input(path: argument, isLines: false))
            }
            index += 1
        }
        guard !options.inputs.isEmpty else { return .failure(UsageError(message: "no files given")) }
        if let namespace = options.namespace, namespace == options.rootName {
            return .failure(UsageError(message: "--namespace and --name must differ ('\(namespace)')"))
        }
        return .success(options)
    }

    /// Why `name` cannot name a generated type, or `nil` when it can.
    static func problem(withTypeName name: String) -> String? {
        let scalars = name.unicodeScalars
        guard let first = scalars.first, SwiftNames.isIdentifierHead(first),
            scalars.allSatisfy(SwiftNames.isIdentifierCharacter), !SwiftNames.keywords.contains(name)
        else { return "'\(name)' is not a Swift type name" }
        if SwiftNames.reservedTypes.contains(name) {
            return "'\(name)' would shadow a type that the generated code or its users need; choose another name"
        }
        return nil
    }
}
