/// The Swift type chosen for a position.
indirect enum SwiftType: Hashable {
    case bool, int, uint64, double, string, url
    /// A generated model, by its index in ``ModelBuilder/models``.
    case model(Int)
    case array(SwiftType)
    case dictionary(SwiftType)

    /// Whether the library reads it as a `JSONPrimitive` (a scalar, or arrays of them).
    var isPrimitive: Bool {
        switch self {
        case .bool, .int, .uint64, .double, .string, .url: true
        case .array(let element): element.isPrimitive
        case .model, .dictionary: false
        }
    }
}

/// A generated model type: its name and its fields.
struct Model {
    struct Field {
        let key: String
        let property: String
        let type: SwiftType
        /// Where the field's values are, for the name of its model type (a model or a typealias of it).
        let position: Position
        let required: Bool
        /// A remark for the reader when the samples could not settle the type.
        let note: String?
    }

    var name: String
    var fields: [Field]
    /// Other names for the model, from other places with the same shape (`SecretScanning` for `AdvancedSecurity`),
    /// declared as typealiases so that each place keeps a name that fits it.
    var aliases: [String] = []
}

/// Chooses a Swift type for every position and a model for every distinct object shape.
struct ModelBuilder {
    private(set) var models: [Model] = []
    private var resolved: [ObjectIdentifier: (type: SwiftType, note: String?)] = [:]
    private var modelBySignature: [String: Int] = [:]
    /// The type name each model position uses: its model's name, or an alias of it.
    private var positionNames: [ObjectIdentifier: String] = [:]

    /// Resolves every position under `root`, children before parents, without recursion.
    ///
    /// - Parameters:
    ///   - root: The top-level position: an object, or an array of objects.
    ///   - rootName: The name of the top-level model (of the array's elements for an array).
    init(root: Position, rootName: String) {
        let order = root.preorder
        for position in order.reversed() {
            resolved[ObjectIdentifier(position)] = resolve(position)
        }
        let rootModel = root.kinds == [.array] ? root.elements : root
        name(order: order, rootModel: rootModel, rootName: rootName)
    }

    /// The type and note chosen for `position`.
    func type(of position: Position) -> (type: SwiftType, note: String?) {
        resolved[ObjectIdentifier(position)] ?? (.string, nil)
    }

    private mutating func resolve(_ position: Position) -> (type: SwiftType, note: String?) {
        let kinds = position.kinds
        if kinds.isEmpty {
            return (
                .string,
                position.nullCount > 0
                    ? "Always null in the samples: String is a guess." : "Never seen in the samples: String is a guess."
            )
        }
        let numbers: Set<Position.Seen> = [.int, .uint64, .double]
        let groups = Set(kinds.map { numbers.contains($0) ? .int : $0 })
        guard groups.count > 1 else { return resolve(position, as: groups.first ?? .string) }
        // Mixed kinds: the most frequent one wins (numbers count together); its getter reports the others.
        let order: [Position.Seen] = [.object, .array, .string, .int, .bool]
        let count = { (group: Position.Seen) in
            group == .int
                ? numbers.reduce(0) { $0 + position.counts[$1, default: 0] } : position.counts[group, default: 0]
        }
        let chosen = order.filter(groups.contains).max { count($0) < count($1) } ?? .string
        let names = groups.map(Self.kindName).sorted().joined(separator: " and ")
        let resolved = resolve(position, as: chosen)
        let note = "Mixed \(names) in the samples: mapped as \(Self.kindName(chosen)), the others are reported."
        return (resolved.type, [note, resolved.note].compactMap { $0 }.joined(separator: " "))
    }

    /// The type for the values of kind `group` (`.int` standing for all numbers) at `position`.
    private mutating func resolve(_ position: Position, as group: Position.Seen) -> (type: SwiftType, note: String?) {
        switch group {
        case .int, .uint64, .double:
            if position.kinds.contains(.double) { return (.double, nil) }
            return (position.kinds.contains(.uint64) ? .uint64 : .int, nil)
        case .bool:
            return (.bool, nil)
        case .string:
            return (position.allStringsAreURLs ? .url : .string, nil)
        case .array:
            guard let elements = position.elements, !elements.kinds.isEmpty else {
                return (.array(.string), "Always empty in the samples: String elements are a guess.")
            }
            let element = type(of: elements)
            return (.array(element.type), element.note)
        case .object where position.isAlwaysEmptyObject:
            return (.dictionary(.string), "Always an empty object in the samples: [String: String] is a guess.")
        case .object where position.isDictionary:
            guard let values = position.dictionaryValues else { return (.dictionary(.string), nil) }
            let value = type(of: values)
            return (.dictionary(value.type), value.note)
        case .object:
            return (.model(model(for: position)), nil)
        }
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

    /// The model for an object position: an existing one when a model of the same shape exists.
    private mutating func model(for position: Position) -> Int {
        var fields: [Model.Field] = []
        var used = Set<String>()
        for (index, field) in position.fields.enumerated() {
            let resolved = type(of: field.position)
            var property = SwiftNames.property(field.key, fallback: "field\(index + 1)")
            let base = property
            var suffix = 2
            while !used.insert(property).inserted {
                property = base + String(suffix)
                suffix += 1
            }
            fields.append(
                Model.Field(
                    key: field.key, property: property, type: resolved.type, position: field.position,
                    required: field.presentCount == position.objectCount, note: resolved.note))
        }
        let signature = fields.map { "\($0.key)=\($0.type)\($0.required ? "" : "?")" }.sorted().joined(separator: ",")
        if let existing = modelBySignature[signature] { return existing }
        models.append(Model(name: "", fields: fields))
        modelBySignature[signature] = models.count - 1
        return models.count - 1
    }

    /// Names the models in the order they first appear: from the key (singular for array elements), prefixed with
    /// the enclosing model's name, then numbered, when the name is taken. A later place with the shape of a model
    /// already named, reached by another key, gets its own name as a typealias of that model.
    private mutating func name(order: [Position], rootModel: Position?, rootName: String) {
        var taken = Set<String>()
        for position in order {
            guard let index = modelIndex(of: position) else { continue }
            let wanted = position === rootModel ? rootName : SwiftNames.type(position.key, singular: position.isElement)
            let name: String
            if models[index].name.isEmpty {
                name = unique(wanted, for: position, taken: &taken)
                models[index].name = name
            } else if wanted == models[index].name || models[index].aliases.contains(wanted) {
                name = wanted
            } else {
                name = unique(wanted, for: position, taken: &taken)
                models[index].aliases.append(name)
            }
            positionNames[ObjectIdentifier(position)] = name
        }
    }

    /// `wanted`, or when it is taken the enclosing model's name before it, then a number after it.
    private func unique(_ wanted: String, for position: Position, taken: inout Set<String>) -> String {
        var name = wanted
        if taken.contains(name), let owner = position.owner.flatMap({ positionNames[ObjectIdentifier($0)] }) {
            name = owner + name
        }
        let base = name
        var suffix = 2
        while taken.contains(name) {
            name = base + String(suffix)
            suffix += 1
        }
        taken.insert(name)
        return name
    }

    /// The name of the model type the values at `position` have: the model's name or one of its aliases.
    func typeName(at position: Position) -> String? {
        positionNames[ObjectIdentifier(position)]
    }

    /// The model a position's objects map to, if they map to one.
    private func modelIndex(of position: Position) -> Int? {
        if case .model(let index) = type(of: position).type { return index }
        return nil
    }

    /// The models in the order they are first used, from the root down.
    func declarationOrder(root: Position) -> [Int] {
        var seen = Set<Int>()
        var order: [Int] = []
        for position in root.preorder {
            if let index = modelIndex(of: position), seen.insert(index).inserted { order.append(index) }
        }
        return order
    }
}
