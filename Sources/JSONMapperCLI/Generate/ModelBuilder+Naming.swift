import JSONMapper

// Recursive models, and the names of types, typealiases, properties and enum cases.

extension ModelBuilder {
    /// Finds the models that contain themselves through fields that hold one model directly, not inside an array or
    /// dictionary (a struct cannot hold itself; an array of itself is fine). These become final classes.
    ///
    /// Tarjan's strongly connected components, with an explicit stack so that no chain of models, however long,
    /// recurses.
    mutating func findRecursion() {
        let component = Self.components(
            models.map { model in model.fields.compactMap { $0.type.isCollection ? nil : $0.type.model } })
        for index in models.indices {
            models[index].recursiveField = models[index].fields.firstIndex { field in
                guard !field.type.isCollection, let target = field.type.model else { return false }
                return component[target] == component[index]
            }
        }
    }

    /// The strongly connected component of each node of a graph given by its edges, as one node of the component:
    /// Tarjan's algorithm, with an explicit stack so that no chain of models, however long, recurses.
    static func components(_ edges: [[Int]]) -> [Int] {
        let count = edges.count
        var order = [Int?](repeating: nil, count: count)
        var lowest = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var component = [Int](repeating: -1, count: count)
        var stack: [Int] = []
        var next = 0
        for start in 0..<count where order[start] == nil {
            var work: [(node: Int, edge: Int)] = []
            func visit(_ node: Int) {
                order[node] = next
                lowest[node] = next
                next += 1
                stack.append(node)
                onStack[node] = true
                work.append((node, 0))
            }
            visit(start)
            while let (node, edge) = work.last {
                if edge < edges[node].count {
                    work[work.count - 1].edge += 1
                    let target = edges[node][edge]
                    if let seen = order[target] {
                        if onStack[target] { lowest[node] = min(lowest[node], seen) }
                    } else {
                        visit(target)
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last?.node { lowest[parent] = min(lowest[parent], lowest[node]) }
                guard lowest[node] == order[node] else { continue }
                while let member = stack.popLast() {
                    onStack[member] = false
                    component[member] = node
                    if member == node { break }
                }
            }
        }
        return component
    }

    /// Names the models: first the top-level ones after `rootNames` (a second name for a model that two roots share
    /// becomes a typealias of it); then the others in the order their positions appear: one whose every place
    /// is a member of an object that holds nothing else and whose key is a plural (`sizes.small`, `sizes.large`)
    /// after that object, in the singular (`Size`); the others after their key, in the singular for array elements.
    /// A name already taken is prefixed with the enclosing model's own name before its prefix or number
    /// (`StatusEntities`), then numbered. Then the enums, after their key; then the typealiases that give other
    /// places of a model a name of their own (``nameAliases(order:namer:namedForEveryPlace:)``); then every model's
    /// properties and every enum's cases.
    mutating func name(order: [Position], rootNames: [String], takenNames: Set<String>) {
        var namer = Namer(taking: takenNames)
        // Each model's name before any prefix or number: the prefix a nested model takes, so that names do not
        // grow with the depth (`Status`, `StatusEntities`, never `StatusEntitiesURL…`).
        var baseNames: [Int: String] = [:]
        // The names given for the roots come first, so that no nested type takes one.
        for (index, rootName) in zip(rootModels, rootNames) {
            if models[index].name.isEmpty {
                baseNames[index] = rootName
                models[index].name = namer.claim(rootName)
            } else if rootName != models[index].name, namer.isFree(rootName) {
                models[index].aliases.append(namer.claim(rootName))
            }
        }
        // The models named after what all their places have in common: no place needs a name of its own.
        var namedForEveryPlace: Set<Int> = []
        for position in order {
            guard let index = modelOfPosition[ObjectIdentifier(position)], models[index].name.isEmpty else {
                continue
            }
            let siblings = siblingsName(index)
            if siblings != nil { namedForEveryPlace.insert(index) }
            let base =
                siblings ?? commonestName(index) ?? SwiftNames.type(position.key, singular: position.isElement)
            baseNames[index] = base
            var name = base
            if !namer.isFree(name), let owner = position.owner,
                let ownerBase = modelOfPosition[ObjectIdentifier(owner)].flatMap({ baseNames[$0] })
            {
                name = ownerBase + name
            }
            models[index].name = namer.claim(name)
        }
        for index in enums.indices {
            var name = SwiftNames.type(enums[index].key, singular: false)
            if !namer.isFree(name) { name = models[enums[index].owner].name + name }
            enums[index].name = namer.claim(name)
        }
        nameAliases(order: order, namer: &namer, namedForEveryPlace: namedForEveryPlace)
        for index in models.indices {
            var properties = Namer()
            let names = properties.names(for: models[index].fields.map { SwiftNames.property($0.key) })
            for (field, name) in zip(models[index].fields.indices, names) {
                models[index].fields[field].property = name
            }
        }
        for index in enums.indices {
            let rawValues = enums[index].rawValues
            // The fallback is the case of a value `unknown` when the samples have one, else a case of its own.
            let unknownIsAValue = rawValues.contains("unknown")
            var cases = Namer(taking: unknownIsAValue ? [] : ["unknown"])
            enums[index].cases = cases.names(for: rawValues.map(SwiftNames.enumCase))
            enums[index].fallback =
                rawValues.firstIndex(of: "unknown").map { enums[index].cases[$0] } ?? "unknown"
        }
    }

    /// Gives each place that would name its model otherwise (GitHub's `secret_scanning`, which has the shape of
    /// `advanced_security`) a typealias of the model with the name the place would give it, so that every place
    /// keeps a name that fits it: `typealias SecretScanning = AdvancedSecurity`. None for a model named after what
    /// all its places share (`Size`), nor for a place inside the model itself (a comment's `replies` hold
    /// comments, and `retweeted_status` holds a status: one type that holds itself). A place whose name another
    /// type has taken uses the model's own name.
    private mutating func nameAliases(order: [Position], namer: inout Namer, namedForEveryPlace: Set<Int>) {
        let component = Self.components(models.map { $0.fields.compactMap(\.type.model) })
        for owner in declarationOrder(order) {
            for field in models[owner].fields.indices {
                let type = models[owner].fields[field].type
                guard let target = type.model, !namedForEveryPlace.contains(target),
                    component[target] != component[owner]
                else { continue }
                let wanted = placeName(owner: owner, field: field)
                guard wanted != models[target].name else { continue }
                if !models[target].aliases.contains(wanted) {
                    guard namer.isFree(wanted) else { continue }
                    models[target].aliases.append(namer.claim(wanted))
                }
                models[owner].fields[field].alias = wanted
            }
        }
    }

    /// The name the field's place would give its model: the singular of the owner's key when the owner holds
    /// only members of that one model and its key is a plural (`warehouses.north` → `Warehouse`), else from the
    /// field's key, singular for the elements of a collection (`secret_scanning` → `SecretScanning`).
    private func placeName(owner: Int, field: Int) -> String {
        let fields = models[owner].fields
        let type = fields[field].type
        if !type.isCollection, fields.count >= 2, fields.allSatisfy({ $0.type == type }),
            let position = models[owner].positions.first, !position.isElement,
            let singular = Self.singularOfPlural(position.key)
        {
            return singular
        }
        return SwiftNames.type(fields[field].key, singular: type.isCollection)
    }

    /// The type name for one of what a key names (`sizes` → `Size`, `news` → `NewsItem`), `nil` when that is the
    /// key's own name (`security_and_analysis` → `SecurityAndAnalysis`), which the object itself goes by.
    private static func singularOfPlural(_ key: String) -> String? {
        guard !key.isEmpty else { return nil }
        let singular = SwiftNames.type(key, singular: true)
        return singular == SwiftNames.type(key, singular: false) ? nil : singular
    }

    /// `Size` for a model whose every place is a member of a `sizes` object that holds only such members. `nil`
    /// when the object's key is not a plural (`security_and_analysis`): its singular would be the object's own
    /// name, and each member keeps a name of its own (``nameAliases(order:namer:namedForEveryPlace:)``).
    private func siblingsName(_ index: Int) -> String? {
        let positions = models[index].positions
        guard positions.count >= 2, let key = positions[0].owner?.key, let singular = Self.singularOfPlural(key)
        else { return nil }
        let members = Set(positions.map(ObjectIdentifier.init))
        for position in positions {
            guard let owner = position.owner, ExactKey.equal(owner.key, key), !owner.isElement, !position.isElement,
                owner.fields.count >= 2, owner.fields.allSatisfy({ members.contains(ObjectIdentifier($0.position)) })
            else { return nil }
        }
        return singular
    }

    /// For a model merged from places reached by different keys (GitHub's `owner`, `user`, `assignees`), the name
    /// of the places that hold the most objects in the samples, the first of them on a tie; `nil` for a model all of
    /// whose places outside itself give it one name.
    private func commonestName(_ index: Int) -> String? {
        var totals: [String: Int] = [:]
        var names: [String] = []
        // Not the places inside the model itself: a thread's `parent` is another thread.
        for position in models[index].positions
        where position.owner.flatMap({ modelOfPosition[ObjectIdentifier($0)] }) != index {
            let name = SwiftNames.type(position.key, singular: position.isElement)
            if totals[name] == nil { names.append(name) }
            totals[name, default: 0] += position.counts[.object]
        }
        guard names.count > 1 else { return nil }
        return names.max { (totals[$0] ?? 0) < (totals[$1] ?? 0) }
    }

    /// The models in the order their positions first appear, from the top-level one down, each once.
    func declarationOrder(_ order: [Position]) -> [Int] {
        var seen = Set<Int>()
        var result: [Int] = []
        for position in order {
            if let index = modelOfPosition[ObjectIdentifier(position)], seen.insert(index).inserted {
                result.append(index)
            }
        }
        return result
    }
}
