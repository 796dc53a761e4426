// The `at:` forms of the model getters: objects, arrays and dictionaries of `JSONSerializable` types deep inside the
// object, contained or passed on exactly as their key forms are. Each comes with `ofClass:` and with the type
// inferred from the result:
//
//     let first: Link? = c.getObject(at: ["entities", "urls", 0])
//     let tags = c.requireArray(at: ["meta", "tags"], ofClass: Tag.self)

extension JSONDeserializationContext {
    // MARK: Objects

    /// The model mapped from the object at `path`, or `nil`, as ``getObject(_:ofClass:)``: a nested required
    /// failure is recorded and stays contained here.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - ofClass: The model type.
    /// - Returns: The model, or `nil`.
    @inlinable
    public func getObject<T: JSONSerializable>(at path: [JSONPathElement], ofClass: T.Type) -> T? {
        guard let context = _objectContext(at: path, type: T.self, required: false) else { return nil }
        let model = T(context)
        return _accept(context, type: T.self, required: false) ? model : nil
    }

    /// The model mapped from the object at `path`, with its type inferred: `let link: Link? = c.getObject(at: p)`.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The model, or `nil`.
    @inlinable
    public func getObject<T: JSONSerializable>(at path: [JSONPathElement]) -> T? {
        getObject(at: path, ofClass: T.self)
    }

    /// The model mapped from the object at `path`, as ``requireObject(_:ofClass:)``: when it is missing, not an
    /// object, or failed inside, the failure becomes this model's, with the full path.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - ofClass: The model type.
    /// - Returns: The model; a placeholder made from an empty, silent context when there was nothing to map.
    @inlinable
    public func requireObject<T: JSONSerializable>(at path: [JSONPathElement], ofClass: T.Type) -> T {
        let context = _objectContext(at: path, type: T.self, required: true) ?? _placeholder(at: path)
        let model = T(context)
        _ = _accept(context, type: T.self, required: true)
        return model
    }

    /// The model mapped from the object at `path`, strictly, with its type inferred.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The model; a placeholder when there was nothing to map.
    @inlinable
    public func requireObject<T: JSONSerializable>(at path: [JSONPathElement]) -> T {
        requireObject(at: path, ofClass: T.self)
    }

    // MARK: Arrays

    /// The models mapped from the array at `path`, leniently as ``getArray(_:ofClass:)->[T]``: bad elements are dropped
    /// and recorded with their full paths.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - ofClass: The element model type.
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func getArray<T: JSONSerializable>(at path: [JSONPathElement], ofClass: T.Type) -> [T] {
        _modelArray(at: path, required: false)
    }

    /// The models mapped from the array at `path`, leniently, with their type inferred.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func getArray<T: JSONSerializable>(at path: [JSONPathElement]) -> [T] {
        getArray(at: path, ofClass: T.self)
    }

    /// The models mapped from the array at `path`, strictly as ``requireArray(_:ofClass:)->[T]``.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - ofClass: The element model type.
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func requireArray<T: JSONSerializable>(at path: [JSONPathElement], ofClass: T.Type) -> [T] {
        _modelArray(at: path, required: true)
    }

    /// The models mapped from the array at `path`, strictly, with their type inferred.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The models that mapped, in order.
    @inlinable
    public func requireArray<T: JSONSerializable>(at path: [JSONPathElement]) -> [T] {
        requireArray(at: path, ofClass: T.self)
    }

    // MARK: Dictionaries

    /// The models mapped from the values of the object at `path`, leniently as ``getDictionary(_:ofClass:)``.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - ofClass: The value model type.
    /// - Returns: The models that mapped.
    @inlinable
    public func getDictionary<T: JSONSerializable>(at path: [JSONPathElement], ofClass: T.Type) -> [String: T] {
        _modelDictionary(at: path, required: false)
    }

    /// The models mapped from the values of the object at `path`, leniently, with their type inferred.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The models that mapped.
    @inlinable
    public func getDictionary<T: JSONSerializable>(at path: [JSONPathElement]) -> [String: T] {
        getDictionary(at: path, ofClass: T.self)
    }

    /// The models mapped from the values of the object at `path`, strictly as ``requireDictionary(_:ofClass:)``.
    ///
    /// - Parameters:
    ///   - path: Member names and array indices from this context's value.
    ///   - ofClass: The value model type.
    /// - Returns: The models that mapped.
    @inlinable
    public func requireDictionary<T: JSONSerializable>(at path: [JSONPathElement], ofClass: T.Type) -> [String: T] {
        _modelDictionary(at: path, required: true)
    }

    /// The models mapped from the values of the object at `path`, strictly, with their type inferred.
    ///
    /// - Parameter path: Member names and array indices from this context's value.
    /// - Returns: The models that mapped.
    @inlinable
    public func requireDictionary<T: JSONSerializable>(at path: [JSONPathElement]) -> [String: T] {
        requireDictionary(at: path, ofClass: T.self)
    }

    // MARK: Machinery (generic, inlined into the public shims)

    /// The models of the array at `path`, leniently or strictly: the one body of ``getArray(at:ofClass:)`` and
    /// ``requireArray(at:ofClass:)``.
    @inlinable
    func _modelArray<T: JSONSerializable>(at path: [JSONPathElement], required: Bool) -> [T] {
        var models: [T] = []
        _mapElements(at: path, type: T.self, required: required, reserve: { models.reserveCapacity($0) }) {
            context in
            let model = T(context)
            if _accept(context, type: T.self, required: required) { models.append(model) }
        }
        return models
    }

    /// The models of the values of the object at `path`, leniently or strictly: the one body of
    /// ``getDictionary(at:ofClass:)`` and ``requireDictionary(at:ofClass:)``.
    @inlinable
    func _modelDictionary<T: JSONSerializable>(at path: [JSONPathElement], required: Bool) -> [String: T] {
        var models: [String: T] = [:]
        _mapMembers(at: path, type: T.self, required: required, reserve: { models.reserveCapacity($0) }) {
            member, context in
            let model = T(context)
            if _accept(context, type: T.self, required: required) { models._setMember(member, model) }
        }
        return models
    }
}
