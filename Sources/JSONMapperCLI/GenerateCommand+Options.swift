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

    /// The options, `nil` when help was asked for. Conflicting options (`--struct --class`, two different `--name`s
    /// or `--namespace`s) are usage errors, not silently settled by the last one; an option repeated with the same
    /// value is harmless.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
        var options = Options()
        var declarationFlag: String?
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case .help:
                return nil
            case .option(let option) where option == "--name" || option == "--namespace":
                let name = try reader.value(of: option, "a type name")
                if let problem = problem(withTypeName: name) { throw UsageError(message: problem) }
                let earlier = option == "--name" ? options.rootName : options.namespace
                if let earlier, earlier != name {
                    throw UsageError(message: "\(option) is given twice ('\(earlier)' and '\(name)')")
                }
                if option == "--name" { options.rootName = name } else { options.namespace = name }
            case .option("--lines"):
                let path = try reader.value(of: "--lines", "a file")
                options.inputs.append(Options.Input(path: path, isLines: true))
            case .option(let flag) where flag == "--struct" || flag == "--class":
                if let earlier = declarationFlag, earlier != flag { throw .conflict(earlier, flag) }
                declarationFlag = flag
                options.emitter.declaration = flag == "--struct" ? .struct : .finalClass
            case .option("--read-only"):
                options.emitter.readOnly = true
            case .option("--public"):
                options.emitter.isPublic = true
            case .option("--enums"):
                options.enums = true
            case .option(let other):
                throw .unknownOption(other)
            case .operand(let path):
                options.inputs.append(Options.Input(path: path, isLines: false))
            }
        }
        guard !options.inputs.isEmpty else { throw .noFiles }
        if let namespace = options.namespace, namespace == options.rootName {
            throw UsageError(message: "--namespace and --name must differ ('\(namespace)')")
        }
        return options
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
