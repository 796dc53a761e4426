/// A generated model type: its name and its fields.
struct Model {
    struct Field {
        let key: String
        /// The property name, set when the models are named.
        var property = ""
        var type: SwiftType
        /// Whether every object of every position this field comes from had it with a value other than `null`.
        var required: Bool
        /// Whether every object of every position this field comes from had the key, with a value or `null`: a
        /// field that is not ``required`` then writes `nil` as `null`, as the samples do.
        var alwaysPresent: Bool
        /// Remarks for the reader when the samples could not settle the type.
        var notes: [String]
        /// The positions of the field's values, in every object position merged into this model.
        var positions: [Position]
        /// The name the field's model type goes by here when it is not the model's own: a typealias of the model,
        /// named after this field's key (`SecretScanning` for `AdvancedSecurity`).
        var alias: String?
    }

    var name = ""
    var fields: [Field]
    /// The object positions this model maps, from every place in the samples it was merged from.
    var positions: [Position]
    /// Whether the model contains itself without an array or dictionary between (so it must be a class), and the
    /// index of the field through which it does.
    var recursiveField: Int?
    /// Other names for the model, from places with its shape reached by other keys, declared as typealiases so
    /// that each place keeps a name that fits it.
    var aliases: [String] = []
}

/// A generated `String` enum: the cases seen in the samples, and a fallback for values they did not have.
struct EnumModel {
    var name = ""
    let key: String
    /// The model whose field first uses it, for its name.
    let owner: Int
    /// Raw values in the order first seen, and their case names (set when the enums are named).
    var rawValues: [String]
    var cases: [String] = []
    /// The case for values the samples did not have: the case of a value `unknown`, else one of its own.
    var fallback = ""
}

/// Chooses a Swift type for every position, merges object shapes into models, and names everything.
///
/// The steps, each in a file of its own: resolve every position to a type, children before parents (this file);
/// merge models whose shapes fit (`+Merging`); find enums (`+Enums`); find recursive models and name the types,
/// properties and cases (`+Naming`).
struct ModelBuilder {
    var models: [Model] = []
    var enums: [EnumModel] = []
    /// The index of each top-level model (the elements' model for a top-level array), one per root given, in their
    /// order; two roots whose shapes merged share one.
    var rootModels: [Int] = []
    /// The model of each object position that has one.
    var modelOfPosition: [ObjectIdentifier: Int] = [:]
    private var resolved: [ObjectIdentifier: (type: SwiftType, notes: [String])] = [:]

    /// Builds the models for the samples under `root`.
    ///
    /// - Parameters:
    ///   - root: The top-level position: an object, or an array of objects.
    ///   - rootName: The name of the top-level model (of the array's elements for an array).
    ///   - enums: Whether string fields with a few repeated values become enums.
    ///   - takenNames: Type names the output already uses (a namespace).
    init(root: Position, rootName: String, enums: Bool = false, takenNames: Set<String> = []) {
        self.init(roots: [(root, rootName)], enums: enums, takenNames: takenNames)
    }

    /// Builds the models for several kinds of sample at once (several endpoints of one API), each under a root of
    /// its own, so that the shapes they have in common are one set of types.
    ///
    /// - Parameters:
    ///   - roots: Each top-level position (an object, or an array of objects) and the name of its model.
    ///   - enums: Whether string fields with a few repeated values become enums.
    ///   - takenNames: Type names the output already uses (a namespace).
    init(roots: [(position: Position, name: String)], enums: Bool = false, takenNames: Set<String> = []) {
        let rootPositions = roots.map { $0.position.kinds == [.array] ? $0.position.elements : $0.position }
        for position in rootPositions { position?.mustBeModel = true }
        let order = roots.flatMap(\.position.preorder)
        for position in order.reversed() {
            resolved[ObjectIdentifier(position)] = resolve(position)
        }
        var models: [Int] = []
        for position in rootPositions {
            guard let model = position.flatMap({ modelOfPosition[ObjectIdentifier($0)] }) else {
                self.models = []  // Not objects at the top: the command accepts only samples that are.
                return
            }
            models.append(model)
        }
        rootModels = models
        keepReachable(order: order)
        mergeShapes(order: order)
        if enums { findEnums() }
        findRecursion()
        name(order: order, rootNames: roots.map(\.name), takenNames: takenNames)
    }

    /// The name the (first) top-level model got (`Root2` when a namespace took `Root`), `nil` when there is none.
    var rootModelName: String? {
        guard let root = rootModels.first, models.indices.contains(root) else { return nil }
        return models[root].name
    }

    /// The type and notes chosen for a position.
    func type(of position: Position) -> (type: SwiftType, notes: [String]) {
        resolved[ObjectIdentifier(position)] ?? (SwiftType(.unknown), [])
    }

    private mutating func resolve(_ position: Position) -> (type: SwiftType, notes: [String]) {
        let kinds = position.kinds
        if kinds.isEmpty { return (SwiftType(.unknown), []) }
        let numbers: Set<Position.Seen> = [.int, .uint64, .double]
        let groups = Set(kinds.map { numbers.contains($0) ? .int : $0 })
        guard groups.count > 1 else { return readable(resolve(position, as: groups.first ?? .string)) }
        // Mixed kinds: the most frequent one wins (numbers count together); its getter reports the others.
        let order: [Position.Seen] = [.object, .array, .string, .int, .bool]
        let count = { (group: Position.Seen) in
            group == .int
                ? numbers.reduce(0) { $0 + position.counts[$1] } : position.counts[group]
        }
        let chosen = order.filter(groups.contains).max { count($0) < count($1) } ?? .string
        let names = groups.map(Self.kindName).sorted().joined(separator: " and ")
        let resolved = resolve(position, as: chosen)
        let note = "Mixed \(names) in the samples: mapped as \(Self.kindName(chosen)), the others are reported."
        return readable((resolved.type, [note] + resolved.notes))
    }

    /// The type for the values of kind `group` (`.int` standing for all numbers) at `position`.
    private mutating func resolve(_ position: Position, as group: Position.Seen) -> (type: SwiftType, notes: [String]) {
        switch group {
        case .int, .uint64, .double:
            if position.kinds.contains(.double) { return (SwiftType(.double), []) }
            return (SwiftType(position.kinds.contains(.uint64) ? .uint64 : .int), [])
        case .bool:
            return (SwiftType(.bool), [])
        case .string:
            if position.allStringsAreURLs { return (SwiftType(.url), []) }
            return (SwiftType(position.allStringsAreDates ? .date : .string), [])
        case .array:
            guard let elements = position.elements, !elements.kinds.isEmpty else {
                return (SwiftType(.unknown, in: [.array]), [])
            }
            let element = type(of: elements)
            return (element.type.wrapped(in: .array), element.notes)
        case .object where position.isAlwaysEmptyObject:
            return (SwiftType(.unknown, in: [.dictionary]), [])
        case .object where position.isDictionary:
            guard let values = position.dictionaryValues else { return (SwiftType(.string, in: [.dictionary]), []) }
            let value = type(of: values)
            return (value.type.wrapped(in: .dictionary), value.notes)
        case .object:
            let fields = position.fields.map { field in
                let resolved = type(of: field.position)
                return Model.Field(
                    key: field.key, type: resolved.type, required: field.presentCount == position.objectCount,
                    alwaysPresent: field.presentCount + field.position.nullCount == position.objectCount,
                    notes: resolved.notes, positions: [field.position])
            }
            models.append(Model(fields: fields, positions: [position]))
            modelOfPosition[ObjectIdentifier(position)] = models.count - 1
            return (SwiftType(.model(models.count - 1)), [])
        }
    }

    /// `resolved` when a getter reads it, else `JSONValue`, with a note that says why.
    private func readable(_ resolved: (type: SwiftType, notes: [String])) -> (type: SwiftType, notes: [String]) {
        let type = resolved.type
        let readable =
            switch type.base {
            case .model: [[], [.array], [.array, .array], [.dictionary]].contains(type.containers)
            default: type.isPrimitive
            }
        guard !readable else { return resolved }
        let shape = type.containers.reversed().reduce("Object") { inner, container in
            container == .array ? "[\(inner)]" : "[String: \(inner)]"
        }
        return (SwiftType(.value), resolved.notes + ["No getter reads \(shape): kept whole as a JSONValue."])
    }

    private static func kindName(_ kind: Position.Seen) -> String {
        switch kind {
        case .bool: "booleans"
        case .int, .uint64, .double: "numbers"
        case .string: "strings"
        case .object: "objects"
        case .array: "arrays"
        }
    }

    /// Drops the models no field of the top-level model leads to (those under a field kept as a `JSONValue`), and
    /// numbers the others in the order their positions appear.
    private mutating func keepReachable(order: [Position]) {
        var reachable = Set(rootModels)
        var pending = rootModels
        while let index = pending.popLast() {
            for field in models[index].fields {
                if let model = field.type.model, reachable.insert(model).inserted { pending.append(model) }
            }
        }
        renumber(order: order) { reachable.contains($0) ? $0 : nil }
    }

    /// Keeps the models `representative` maps to themselves, numbered in the order their first positions appear,
    /// and points every type and position at the model `representative` gives.
    mutating func renumber(order: [Position], representative: (Int) -> Int?) {
        var newIndex: [Int: Int] = [:]
        var kept: [Model] = []
        for position in order {
            guard let old = modelOfPosition[ObjectIdentifier(position)], let target = representative(old),
                newIndex[target] == nil
            else { continue }
            newIndex[target] = kept.count
            kept.append(models[target])
        }
        func map(_ type: SwiftType) -> SwiftType {
            guard let old = type.model, let target = representative(old), let index = newIndex[target] else {
                return type
            }
            return SwiftType(.model(index), in: type.containers)
        }
        for index in kept.indices {
            for field in kept[index].fields.indices {
                kept[index].fields[field].type = map(kept[index].fields[field].type)
            }
        }
        var positions: [ObjectIdentifier: Int] = [:]
        for (id, old) in modelOfPosition {
            if let target = representative(old), let index = newIndex[target] { positions[id] = index }
        }
        modelOfPosition = positions
        rootModels = rootModels.map { representative($0).flatMap { newIndex[$0] } ?? 0 }
        models = kept
    }
}
