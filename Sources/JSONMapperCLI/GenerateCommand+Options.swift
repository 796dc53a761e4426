import Foundation

extension GenerateCommand {
    struct Options {
        /// A sample file, or a JSON Lines file of samples.
        struct Input {
            let path: String
            let isLines: Bool
        }

        var inputs: [Input] = []
        /// The names given with `--name`: none, one for the type of every sample, or one per input, each the type
        /// of its own samples.
        var rootNames: [String] = []
        /// The name of the one top-level type, when one `--name` is given for every sample.
        var rootName: String? { rootNames.count == 1 ? rootNames.first : nil }
        var enums = false
        var emitter = SwiftEmitter.Options()
        var namespace: String? {
            get { emitter.namespace }
            set { emitter.namespace = newValue }
        }
    }

    /// The options, `nil` when help was asked for. Conflicting options (`--struct --class`, two different
    /// `--namespace`s, more `--name`s than one or one per input) are usage errors, not silently settled by the last
    /// one; an option repeated with the same value is harmless.
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
                if option == "--name" {
                    options.rootNames.append(name)
                    continue
                }
                if let earlier = options.namespace, earlier != name {
                    throw UsageError(message: "\(option) is given twice ('\(earlier)' and '\(name)')")
                }
                options.namespace = name
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
            case .option("--codable"):
                options.emitter.codable = true
            case .option(let other):
                throw .unknownOption(other)
            case .operand(let path):
                options.inputs.append(Options.Input(path: path, isLines: false))
            }
        }
        guard !options.inputs.isEmpty else { throw .noFiles }
        try checkNames(&options)
        if let namespace = options.namespace, options.rootNames.contains(namespace) {
            throw UsageError(message: "--namespace and --name must differ ('\(namespace)')")
        }
        return options
    }

    /// One `--name` (however often repeated) names the type of every sample; several name one input's type each,
    /// in order, and must be as many as the inputs and all different.
    private static func checkNames(_ options: inout Options) throws(UsageError) {
        let names = options.rootNames
        guard let first = names.first, names.contains(where: { $0 != first }) else {
            options.rootNames = Array(names.prefix(1))
            return
        }
        let inputs = options.inputs.count
        guard names.count == inputs else {
            let samples = inputs == 1 ? "1 input" : "\(inputs) inputs"
            throw UsageError(
                message: "\(names.count) --name options for \(samples): give one name for all the "
                    + "samples, or one per input")
        }
        var seen = Set<String>()
        for name in names where !seen.insert(name).inserted {
            throw UsageError(message: "--name '\(name)' is given for two inputs; give each input a name of its own")
        }
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
