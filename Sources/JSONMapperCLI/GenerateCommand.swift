import Foundation
import JSONMapper

/// `jsonmapper generate FILE... [--name ROOT] [--struct | --class]`: prints models for sample documents.
enum GenerateCommand {
    static let help = """
        USAGE: jsonmapper generate FILE... [--name ROOT] [--struct | --class]

        Reads one or more sample documents of the same shape (- for standard input) and prints Swift models that
        conform to JSONSerializable: one type per distinct object shape. A field is required (require…) when every
        sample has it with a value other than null, optional (get…) otherwise.

        OPTIONS:
          --name ROOT   The name of the top-level type (default: from the first file's name; Root for
                        standard input, RootElement for the elements of an array there).
          --struct      Generate structs (the default).
          --class       Generate final classes (not with --struct).

        """

    struct Options {
        var files: [String] = []
        var rootName: String?
        var declaration = SwiftEmitter.Declaration.struct
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
            io.errorOutput("jsonmapper generate: \(error.message)\n\n" + help)
            return ExitStatus.usage
        }
        let root = Position(key: "", isElement: false, owner: nil)
        for path in options.files {
            let data: Data
            switch JSONMapperCommand.read(path, io: io) {
            case .failure(let error):
                io.errorOutput(error.message + "\n")
                return ExitStatus.usage
            case .success(let contents):
                data = contents
            }
            switch JSONSample.parse(data) {
            case .failure(let error):
                io.errorOutput(CheckCommand.line(for: error, file: path == "-" ? "<stdin>" : path) + "\n")
                return ExitStatus.invalid
            case .success(let sample):
                guard
                    sample.kind == .object
                        || (sample.kind == .array && sample.elements.allSatisfy({ $0.kind == .object })
                            && !sample.elements.isEmpty)
                else {
                    let problem = "the top-level value must be an object or a non-empty array of objects"
                    io.errorOutput("jsonmapper generate: \(path): \(problem)\n")
                    return ExitStatus.invalid
                }
                ShapeInference.add(sample, to: root)
            }
        }
        guard root.kinds.count == 1 else {
            io.errorOutput(
                "jsonmapper generate: the samples mix top-level objects and arrays; give samples of one shape\n")
            return ExitStatus.invalid
        }
        let rootName = options.rootName ?? defaultRootName(options.files[0], singular: root.kinds == [.array])
        let builder = ModelBuilder(root: root, rootName: rootName)
        let sources = options.files.map { $0 == "-" ? "<stdin>" : ($0 as NSString).lastPathComponent }
        var emitter = SwiftEmitter(builder: builder, declaration: options.declaration, sources: sources)
        if options.rootName == nil && options.files[0] == "-" {
            let type = root.kinds == [.array] ? "The element type" : "The top-level type"
            emitter.rootNameNote = "\(type) is called \(rootName) because the sample came from standard input; "
                + "name it with --name."
        }
        io.output(emitter.source(root: root))
        return ExitStatus.success
    }

    struct UsageError: Error {
        let message: String
    }

    /// The options, `nil` when help was asked for. Conflicting or repeated options are usage errors, not silently
    /// settled by the last one.
    static func parse(_ arguments: [String]) -> Result<Options?, UsageError> {
        var options = Options()
        var declarationFlag: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            switch argument {
            case "--help", "-h":
                return .success(nil)
            case "--name":
                guard index + 1 < arguments.count else {
                    return .failure(UsageError(message: "--name needs a type name"))
                }
                let name = arguments[index + 1]
                guard isTypeName(name) else {
                    return .failure(UsageError(message: "'\(name)' is not a Swift type name"))
                }
                if let earlier = options.rootName, earlier != name {
                    return .failure(UsageError(message: "--name is given twice ('\(earlier)' and '\(name)')"))
                }
                options.rootName = name
                index += 1
            case "--struct", "--class":
                if let earlier = declarationFlag, earlier != argument {
                    return .failure(UsageError(message: "\(earlier) and \(argument) cannot be used together"))
                }
                declarationFlag = argument
                options.declaration = argument == "--struct" ? .struct : .finalClass
            default:
                if argument.hasPrefix("-") && argument != "-" {
                    return .failure(UsageError(message: "unknown option '\(argument)'"))
                }
                options.files.append(argument)
            }
            index += 1
        }
        guard !options.files.isEmpty else { return .failure(UsageError(message: "no files given")) }
        return .success(options)
    }

    private static func isTypeName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else {
            return false
        }
        return name.unicodeScalars.allSatisfy { $0 == "_" || CharacterSet.alphanumerics.contains($0) }
            && !SwiftNames.keywords.contains(name)
    }

    /// `person.json` → `Person`, `order_sample_1.json` → `OrderSample1`, and `people.json` holding an array →
    /// `Person`; `Root` for standard input, and `RootElement` for the elements of an array there (never
    /// `Element`, which would hide `Array.Element` and its kin in the user's code).
    static func defaultRootName(_ path: String, singular: Bool) -> String {
        guard path != "-" else { return singular ? "RootElement" : "Root" }
        let base = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return SwiftNames.type(base, singular: singular)
    }
}
