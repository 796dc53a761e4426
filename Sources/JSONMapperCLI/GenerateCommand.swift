import Foundation
import JSONMapper

/// `jsonmapper generate FILE... [--lines FILE]... [options]`: prints models for sample documents.
enum GenerateCommand: Subcommand {
    static let name = "generate"

    static let help = """
        USAGE: jsonmapper generate [FILE...] [--lines FILE]... [--name ROOT]... [--struct | --class] [--read-only]
                                   [--public] [--enums] [--namespace NAME] [--codable]

        Reads sample documents of the same shape (FILE, - for standard input, or each line of a JSON Lines file)
        and prints Swift models that read them (JSONSerializable) and write them back (JSONWritable): one type per
        shape, where objects whose fields are the same apart from some missing are one type. A field is required
        (require…) when every sample has it with a value other than null, optional (get…) otherwise; one every
        sample has, some with null, is written back as null when nil. Every type is Equatable and Sendable, with an
        initializer that takes every property; structs have var properties, and a type that holds itself (not
        through an array) is a final class.

        OPTIONS:
          --lines FILE      Take every line of FILE, a JSON Lines file, as a sample.
          --name ROOT       The name of the top-level type (default: from the first file's name; Root for
                            standard input, RootElement for the elements of an array there). Given once per
                            input (generate a.json b.json --name A --name B), it names each input's type, and
                            the inputs share the types of the shapes they have in common.
          --struct          Generate structs (the default).
          --class           Generate final classes (not with --struct).
          --read-only       Generate JSONSerializable only, without write(to:).
          --public          Generate public types, members and memberwise initializers, for other modules.
          --enums           Make string fields whose few repeated values look like categories (words, not
                            ids, base64 or URLs) enums, with an `unknown` fallback.
          --namespace NAME  Declare the types inside `enum NAME`, apart from the module's other types.
          --codable         Add Codable conformances that read the samples' keys under JSONDecoder's default
                            key strategy and .convertFromSnakeCase alike, and write them as they are.

        """

    static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        withOptions(arguments, io: io) { generate($0, io: io) }
    }

    /// Reads the samples and prints their models; the exit status.
    private static func generate(_ options: Options, io: CommandIO) -> Int32 {
        guard options.rootNames.count <= 1 else { return generateRoots(options, io: io) }
        let root = Position(key: "", isElement: false, owner: nil)
        var earlierKeys = TopLevelKeys(isCollecting: options.inputs.count > 1)
        for (index, input) in options.inputs.enumerated() {
            var keys = TopLevelKeys(isCollecting: options.inputs.count > 1)
            if let failure = add(input, to: root, keys: &keys, io: io) { return failure }
            if index > 0, let warning = earlierKeys.unrelated(to: keys, earlier: options.inputs, index: index) {
                io.errorOutput(warning)
            }
            earlierKeys.add(keys)
        }
        guard root.kinds.count == 1 else {
            io.errorOutput(
                "jsonmapper generate: the samples mix top-level objects and arrays; give samples of one shape\n")
            return ExitStatus.invalid
        }
        // One model per element of a top-level array, or per line of a JSON Lines file: named in the singular
        // (events.jsonl → Event). Standard input has no name to make singular: Root, RootElement for elements.
        let first = options.inputs[0]
        let singular = root.kinds == [.array] || (first.isLines && first.path != "-")
        let rootName = options.rootName ?? defaultRootName(first.path, singular: singular)
        let builder = ModelBuilder(
            root: root, rootName: rootName, enums: options.enums, takenNames: Set(options.namespace.map { [$0] } ?? []))
        if let failure = codableProblem(builder, options: options, io: io) { return failure }
        var emitter = SwiftEmitter(builder: builder, options: options.emitter, sources: sources(options))
        if options.rootName == nil && first.path == "-" {
            let type =
                root.kinds == [.array]
                ? "The element type" : first.isLines ? "The type of each line" : "The top-level type"
            let name = builder.rootModelName ?? rootName
            emitter.rootNameNote =
                "\(type) is called \(name) because the sample came from standard input; name it with --name."
        }
        io.output(emitter.source(order: root.preorder))
        return ExitStatus.success
    }

    /// `generate a.json b.json --name A --name B`: each input is the samples of a type of its own, and the shapes
    /// they have in common are one set of types.
    private static func generateRoots(_ options: Options, io: CommandIO) -> Int32 {
        var roots: [(position: Position, name: String)] = []
        for (input, name) in zip(options.inputs, options.rootNames) {
            let root = Position(key: "", isElement: false, owner: nil)
            var keys = TopLevelKeys(isCollecting: false)
            if let failure = add(input, to: root, keys: &keys, io: io) { return failure }
            guard root.kinds.count == 1 else {
                let file = JSONMapperCommand.displayName(input.path)
                io.errorOutput(
                    "jsonmapper generate: \(file): the samples mix top-level objects and arrays; give samples of one "
                        + "shape\n")
                return ExitStatus.invalid
            }
            roots.append((root, name))
        }
        let builder = ModelBuilder(
            roots: roots, enums: options.enums, takenNames: Set(options.namespace.map { [$0] } ?? []))
        if let failure = codableProblem(builder, options: options, io: io) { return failure }
        let emitter = SwiftEmitter(builder: builder, options: options.emitter, sources: sources(options))
        io.output(emitter.source(order: roots.flatMap(\.position.preorder)))
        return ExitStatus.success
    }

    /// With `--codable`, a field kept whole as a `JSONValue` (which is not `Codable`) cannot be generated: the exit
    /// status, after saying which field it is.
    private static func codableProblem(_ builder: ModelBuilder, options: Options, io: CommandIO) -> Int32? {
        guard options.emitter.codable else { return nil }
        for model in builder.models {
            guard let field = model.fields.first(where: { $0.type.base == .value }) else { continue }
            io.errorOutput(
                "jsonmapper generate: --codable: \(model.name).\(field.property) has a shape that only JSONValue "
                    + "holds, which is not Codable; generate without --codable\n")
            return ExitStatus.invalid
        }
        return nil
    }

    /// The inputs' file names, for the header.
    private static func sources(_ options: Options) -> [String] {
        options.inputs.map { $0.path == "-" ? "<stdin>" : ($0.path as NSString).lastPathComponent }
    }

    /// Reads one file, or every line of a JSON Lines file, into the samples under `root`, and their top-level keys
    /// into `keys`; the exit status when it cannot, after saying why.
    private static func add(_ input: Options.Input, to root: Position, keys: inout TopLevelKeys, io: CommandIO)
        -> Int32?
    {
        guard let data = JSONMapperCommand.read(input.path, io: io) else { return ExitStatus.usage }
        let name = JSONMapperCommand.displayName(input.path)
        guard input.isLines else { return add(data, line: nil, file: name, to: root, keys: &keys, io: io) }
        var failure: Int32?
        JSONLines.forEachLine(of: data) { number, line in
            failure = add(line, line: number, file: name, to: root, keys: &keys, io: io)
            return failure == nil
        }
        return failure
    }

    /// Adds one sample, the whole file or its line `line`.
    private static func add(
        _ data: Data, line: Int?, file: String, to root: Position, keys: inout TopLevelKeys, io: CommandIO
    ) -> Int32? {
        switch JSONSample.parse(data) {
        case .failure(let error):
            io.errorOutput(JSONLines.message(for: error, file: file, line: line) + "\n")
            return ExitStatus.invalid
        case .success(let sample):
            let isObjects =
                sample.kind == .object
                || (sample.kind == .array && !sample.elements.isEmpty
                    && sample.elements.allSatisfy { $0.kind == .object })
            guard isObjects else {
                let place = line.map { "\(file):\($0)" } ?? file
                let problem = "the top-level value must be an object or a non-empty array of objects"
                io.errorOutput("jsonmapper generate: \(place): \(problem)\n")
                return ExitStatus.invalid
            }
            if keys.isCollecting {
                for object in sample.kind == .object ? [sample] : sample.elements {
                    keys.add(object.members.map(\.key))
                }
            }
            ShapeInference.add(sample, to: root)
            return nil
        }
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

/// JSON Lines (jsonlines.org): one JSON text per line, lines ending in `\n` (or `\r\n`).
enum JSONLines {
    /// Calls `body` with the 1-based number and the bytes of each line that is not blank, until it returns `false`.
    /// Finds the line ends with `memchr`, in time linear in the size of the file.
    static func forEachLine(of data: Data, _ body: (Int, Data) -> Bool) {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            guard let base = buffer.baseAddress else { return }
            var number = 0
            var start = 0
            while start < buffer.count {
                number += 1
                let end =
                    memchr(base + start, 0x0A, buffer.count - start).map {
                        $0 - UnsafeMutableRawPointer(mutating: base)
                    }
                    ?? buffer.count
                let line = UnsafeRawBufferPointer(rebasing: buffer[start..<end])
                start = end + 1
                let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
                if !isBlank && !body(number, Data(line)) { return }
            }
        }
    }

    /// `FILE:LINE:COLUMN: error: MESSAGE (in PATH)`, with the line counted in the whole file for a JSON Lines
    /// sample.
    static func message(for error: JSONMappingError, file: String, line: Int?) -> String {
        guard let line else { return CheckCommand.line(for: error, file: file) }
        let shifted = JSONMappingError(
            code: error.code, path: error.path, message: error.message, line: line + (error.line ?? 1) - 1,
            column: error.column, isRequired: error.isRequired)
        return CheckCommand.line(for: shifted, file: file)
    }
}
