// Getters for nested models: objects, arrays and dictionaries of `JSONSerializable` types.
//
// A nested model's required failure stays contained in an optional getter (`getObject` gives nil, a lenient array
// drops the element) and becomes the outer model's failure in a required one (`requireObject`, `requireArray`).

extension JSONDeserializationContext {
    /// The model mapped from the object at `key`, or `nil`.
    ///
    /// `nil` when the key is missing or `null` (nothing recorded), when the value is not an object (a mismatch is
    /// recorded), or when the nested initializer recorded a required failure: that failure is recorded but stays
    /// contained here, so the outer model does not fail.
    ///
    /// ```swift
    /// address = c.getObject("address", ofClass: Address.self)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The model type.
    /// - Returns: The model, or `nil`.
    public func getObject<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> T? {
        guard let node = present(key, required: false, expected: Self.typeName(T.self)) else { return nil }
        switch map(node, T.self, step: .key(key), required: false) {
        case .mapped(let model):
            return model
        case .failedInside:
            record(.dropped(path: path(.key(key)), "dropped \(Self.typeName(T.self))", innerFailure: true, required: false))
            return nil
        case .notAnObject:
            return nil
        }
    }

    /// The model mapped from the object at `key`; when it is missing, not an object, or failed inside, the failure
    /// becomes this model's, so a strict decode of the outer model fails.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The model type.
    /// - Returns: The model; a placeholder made from an empty, silent context when there was nothing to map.
    public func requireObject<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> T {
        guard let node = present(key, required: true, expected: Self.typeName(T.self)) else {
            return placeholder(T.self, step: .key(key))
        }
        switch map(node, T.self, step: .key(key), required: true) {
        case .mapped(let model):
            return model
        case .failedInside(let model, let failure):
            markFailed(failure)
            return model
        case .notAnObject:
            return placeholder(T.self, step: .key(key))
        }
    }

    /// The models mapped from the array at `key`, leniently: elements that are not objects, or whose initializer
    /// recorded a required failure, are dropped, each recorded with its index (`items[1].name`). The outer model
    /// still succeeds. A missing key or `null` gives an empty array.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The element model type.
    /// - Returns: The models that mapped, in order.
    public func getArray<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> [T] {
        guard let node = present(key, required: false, expected: "[\(Self.typeName(T.self))]") else { return [] }
        return mapArray(node, T.self, key: key, required: false)
    }

    /// The models mapped from this context's own value, a top-level array such as `[{"id": 1}, {"id": 2}]`,
    /// leniently as ``getArray(_:ofClass:)``; paths look like `[2].name`.
    ///
    /// - Parameter ofClass: The element model type.
    /// - Returns: The models that mapped, in order.
    public func getArray<T: JSONSerializable>(ofClass: T.Type) -> [T] {
        guard let node, node.kind != .null else { return [] }
        return mapArray(node, T.self, key: nil, required: false)
    }

    /// The models mapped from the array at `key`, strictly: a missing array or any bad element is a required
    /// failure of this model.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The element model type.
    /// - Returns: The models that mapped, in order.
    public func requireArray<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> [T] {
        guard let node = present(key, required: true, expected: "[\(Self.typeName(T.self))]") else { return [] }
        return mapArray(node, T.self, key: key, required: true)
    }

    /// The models mapped from this context's own value, a top-level array, strictly.
    ///
    /// - Parameter ofClass: The element model type.
    /// - Returns: The models that mapped, in order.
    public func requireArray<T: JSONSerializable>(ofClass: T.Type) -> [T] {
        guard let node, node.kind != .null else {
            fail(.missing(path: path, expected: "[\(Self.typeName(T.self))]"))
            return []
        }
        return mapArray(node, T.self, key: nil, required: true)
    }

    /// The models mapped from the values of the object at `key`, keyed by member name, leniently: members that are
    /// not objects or whose initializer failed are dropped and recorded. Missing or `null` gives `[:]`.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The value model type.
    /// - Returns: The models that mapped.
    public func getDictionary<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> [String: T] {
        mapDictionary(key, T.self, required: false)
    }

    /// The models mapped from the values of the object at `key`, strictly: a missing object or any bad member is a
    /// required failure of this model.
    ///
    /// - Parameters:
    ///   - key: The member name in this context's object.
    ///   - ofClass: The value model type.
    /// - Returns: The models that mapped.
    public func requireDictionary<T: JSONSerializable>(_ key: String, ofClass: T.Type) -> [String: T] {
        mapDictionary(key, T.self, required: true)
    }

    // MARK: Machinery

    static func typeName<T>(_ type: T.Type) -> String {
        String(describing: type)
    }

    /// What became of one nested model.
    enum Outcome<T> {
        case mapped(T)
        /// The initializer ran but recorded a required failure.
        case failedInside(T, JSONMappingError)
        /// The value was not an object; the mismatch is recorded (as a required failure when required).
        case notAnObject
    }

    private func map<T: JSONSerializable>(_ node: JSONNode, _ type: T.Type, step: Step, required: Bool) -> Outcome<T> {
        let context = child(node, step)
        guard node.kind == .object else {
            let error = JSONMappingError.typeMismatch(
                path: context.path, expected: Self.typeName(T.self), found: node.found, required: required)
            required ? fail(error) : record(error)
            return .notAnObject
        }
        let model = T(context)
        if let failure = context.failure { return .failedInside(model, failure) }
        return .mapped(model)
    }

    private func placeholder<T: JSONSerializable>(_ type: T.Type, step: Step) -> T {
        T(child(nil, step, records: false))
    }

    /// Maps each element (or member) of a collection, dropping and recording those that do not map; in a required
    /// collection every drop is a failure of this model.
    private func mapEach<T: JSONSerializable>(
        _ node: JSONNode, _ type: T.Type, step: Step, collection: String, required: Bool, keep: (T) -> Void
    ) {
        switch map(node, T.self, step: step, required: required) {
        case .mapped(let model):
            keep(model)
        case .failedInside(_, let failure):
            let path = child(nil, step).path
            record(.dropped(path: path, "dropped from \(collection)", innerFailure: true, required: required))
            if required { markFailed(failure) }
        case .notAnObject:
            let path = child(nil, step).path
            record(.dropped(path: path, "dropped from \(collection)", innerFailure: false, required: required))
        }
    }

    private func mapArray<T: JSONSerializable>(_ node: JSONNode, _ type: T.Type, key: String?, required: Bool) -> [T] {
        let typeName = "[\(Self.typeName(T.self))]"
        guard node.kind == .array else {
            let path = key.map { self.path(.key($0)) } ?? self.path
            let error = JSONMappingError.typeMismatch(path: path, expected: typeName, found: node.found, required: required)
            required ? fail(error) : record(error)
            return []
        }
        var models: [T] = []
        models.reserveCapacity(node.count)
        node.forEachElement { position, element in
            let step: Step = key.map { .keyIndex($0, position) } ?? .index(position)
            mapEach(element, T.self, step: step, collection: typeName, required: required) { models.append($0) }
        }
        return models
    }

    private func mapDictionary<T: JSONSerializable>(_ key: String, _ type: T.Type, required: Bool) -> [String: T] {
        let typeName = "[String: \(Self.typeName(T.self))]"
        guard let node = present(key, required: required, expected: typeName) else { return [:] }
        guard node.kind == .object else {
            let error = JSONMappingError.typeMismatch(
                path: path(.key(key)), expected: typeName, found: node.found, required: required)
            required ? fail(error) : record(error)
            return [:]
        }
        var models: [String: T] = Dictionary(minimumCapacity: node.count)
        node.forEachMember { member, value in
            let step = Step.components([.key(key), .key(member)])
            mapEach(value, T.self, step: step, collection: typeName, required: required) { models[member] = $0 }
        }
        return models
    }

    /// Maps the top-level value as a model for the strict `decode`: it must be an object.
    func requireRootObject<T: JSONSerializable>(ofClass: T.Type) -> T {
        if let node, node.kind != .object {
            fail(.typeMismatch(path: "", expected: Self.typeName(T.self), found: node.found, required: true))
        }
        return T(self)
    }
}
